import type { FastifyInstance } from 'fastify';
import { type SMTPServer as SMTPServerType, SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every received mail, so tests read codes as a user would. */
export async function startMailbox(): Promise<{ url: string; mails: { to: string; text: string }[]; close(): Promise<void> }> {
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
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function lastCodeFor(mails: { to: string; text: string }[], address: string): string {
  const mail = mails.filter((m) => m.to === address).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

/** A browser-like client: keeps the session cookie and sends a language. */
export function client(app: FastifyInstance, language = 'en') {
  let cookie: string | undefined;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, extra: { cookie?: string } = {}) => {
    const response = await app.inject({
      method,
      url,
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload as object }),
      headers: { 'accept-language': language, ...((extra.cookie ?? cookie) ? { cookie: extra.cookie ?? cookie } : {}) },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(';')[0]!.includes('=;') || /Expires=Thu, 01 Jan 1970/.test(first) ? undefined : first.split(';')[0];
    return { status: response.statusCode, body: response.json() as { code: number; message: string; data: any }, setCookie: first };
  };
  const raw = async (options: { method: 'GET' | 'POST'; url: string; payload?: Buffer; headers?: Record<string, string> }) => {
    const response = await app.inject({
      ...options,
      headers: { 'accept-language': language, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    const body = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : null;
    return { status: response.statusCode, body, headers: response.headers, rawPayload: response.rawPayload };
  };
  return {
    raw,
    get: (url: string, query?: Record<string, string>, extra?: { cookie?: string }) => call('GET', url, query, extra),
    post: (url: string, body: unknown, extra?: { cookie?: string }) => call('POST', url, body, extra),
    get cookie() {
      return cookie;
    },
  };
}

/** A multipart/form-data body built by hand, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }>) {
  const boundary = `----sais${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A real 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
