import { client } from '@sais/kit/testing';
import type { FastifyInstance } from 'fastify';
import { type SMTPServer as SMTPServerType, SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** A real SMTP server on loopback that keeps every received mail, so tests read codes as a user would. */
export async function startMailbox(): Promise<{
  url: string;
  mails: { to: string; text: string }[];
  close(): Promise<void>;
}> {
  const mails: { to: string; text: string }[] = [];
  const server: SMTPServerType = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function lastCodeFor(mails: { to: string; text: string }[], address: string): string {
  const mail = mails.filter((m) => m.to === address).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

/** Registers `username` with a code mailed to `<username>@example.org` and signs in (password `secret123`). */
export async function signUp(app: FastifyInstance, mails: { to: string; text: string }[], username: string) {
  const web = client(app);
  const email = `${username}@example.org`;
  await web.post('/api/code/sendEmailCode', { email, mode: 1 });
  await web.post('/api/user/register', {
    username,
    password: 'secret123',
    contactType: 1,
    email,
    code: lastCodeFor(mails, email),
    agree: true,
  });
  expect((await web.post('/api/user/login', { username, password: 'secret123' })).body.code).toBe(0);
  return { web, username, email };
}

export { client, multipart, png } from '@sais/kit/testing';
