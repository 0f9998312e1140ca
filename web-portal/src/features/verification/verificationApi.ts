import type { identity } from '@sais/events';
import { api } from '../../app/api';

export type CertificateType = 'id-card' | 'passport';

/** GET /user/getAuthentication (`identity.responses.authentication`). */
export type Authentication = identity.responses.Authentication;

export function fetchAuthentication() {
  return api.request<Authentication>('/user/getAuthentication');
}

export interface Submission {
  name: string;
  certificateType: CertificateType;
  certificateNumber: string;
  front: File;
  /** Only for an ID card; a passport takes one photo. */
  back: File | null;
}

/** POST /user/submitAuthentication as multipart form data. */
export function submitAuthentication({ name, certificateType, certificateNumber, front, back }: Submission) {
  const form = new FormData();
  form.append('name', name.trim());
  form.append('certificateType', certificateType);
  form.append('certificateNumber', certificateNumber.trim());
  form.append('front', front);
  if (certificateType === 'id-card' && back) form.append('back', back);
  return api.request<{ verificationId: string }>('/user/submitAuthentication', {
    method: 'POST',
    data: form,
  });
}
