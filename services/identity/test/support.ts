import { crc32, deflateSync } from 'node:zlib';
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

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A well-formed PNG (correct CRCs) whose header declares `width` × `height`: the attacker's ~20 KB file. */
export function declaredPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(20_000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export { client, multipart, png } from '@sais/kit/testing';
