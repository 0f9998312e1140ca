import { png } from '@sais/kit/testing';
import type { BrowserContext } from 'playwright-core';
import type { Mailbox } from './mailbox';
import { approveVerification, apiCaller } from './platform';

/** Calls the API with a browser context's cookies, so its pages are signed in as the caller is. */
export function contextCaller(context: BrowserContext, origin: string) {
  return async <T>(path: string, data?: object, multipart = false): Promise<T> => {
    const response =
      data === undefined
        ? await context.request.get(`${origin}/api${path}`)
        : await context.request.post(
            `${origin}/api${path}`,
            multipart ? { multipart: data as never } : { data },
          );
    const body = (await response.json()) as { code: number; message: string; data: T };
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.message}`);
    return body.data;
  };
}

/** Registers `username` with a mailed code and signs the context in (password `secret123`). */
export async function registerInContext(
  context: BrowserContext,
  origin: string,
  mailbox: Mailbox,
  username: string,
) {
  const call = contextCaller(context, origin);
  const email = `${username}@example.org`;
  const before = mailbox.mails.length;
  await call('/code/sendEmailCode', { email, mode: 1 });
  const code = await mailbox.codeFor(email, before);
  await call('/user/register', { username, password: 'secret123', code, agree: true, contactType: 1, email });
  await call('/user/login', { username, password: 'secret123' });
  return { call, email };
}

/** Submits a real-name verification for the context's user and has `reviewer` approve it. */
export async function verifyInContext(
  context: BrowserContext,
  origin: string,
  name: string,
  reviewer: { username: string; password: string },
) {
  const call = contextCaller(context, origin);
  const photo = { name: 'photo.png', mimeType: 'image/png', buffer: png };
  await call(
    '/user/submitAuthentication',
    { name, certificateType: 'id-card', certificateNumber: '11010519491231002X', front: photo, back: photo },
    true,
  );
  const staff = apiCaller(origin);
  await staff('POST', '/user/login', reviewer);
  const queue = await staff<{ records: { verificationId: string; name: string }[] }>(
    'POST',
    '/user/getReview',
    {},
  );
  const pending = queue.records.find((record) => record.name === name);
  if (!pending) throw new Error(`no pending verification for ${name}`);
  await approveVerification(origin, reviewer, pending.verificationId, '11010519491231002X');
}
