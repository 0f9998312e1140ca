import { gradientPng } from './png';
import type { ApiAnswer, Person } from './platform';

/**
 * A participant's real-name verification as the portal sends it: an ID card with both photos (a gradient
 * PNG of `hue`, `width`×`height`). The answer is the platform's; each test checks what it expects of it.
 */
export function submitVerification(
  api: (person: Person | null, path: string, init?: RequestInit) => Promise<ApiAnswer>,
  person: Person,
  fields: {
    name: string;
    certificateNumber: string;
    hue: [number, number, number];
    width?: number;
    height?: number;
  },
) {
  const form = new FormData();
  form.set('name', fields.name);
  form.set('certificateType', 'id-card');
  form.set('certificateNumber', fields.certificateNumber);
  for (const side of ['front', 'back'])
    form.set(
      side,
      new Blob([new Uint8Array(gradientPng(fields.width ?? 320, fields.height ?? 200, fields.hue))], {
        type: 'image/png',
      }),
      `${side}.png`,
    );
  return api(person, '/api/user/submitAuthentication', { method: 'POST', body: form });
}
