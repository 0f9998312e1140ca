import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';

type Body = { code: number; message: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A real SMTP server on loopback that keeps every mail, so users register with a mailed code as in the portal. */
export async function startMailbox() {
  const mails: { to: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          text: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser-like client with its own session cookie, language and address (codes are limited per address). */
export function client(
  app: FastifyInstance,
  language = 'en',
  ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
) {
  let cookie: string | undefined;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload: payload as object }),
      headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(';')[0];
    return { status: response.statusCode, body: response.json() as Body };
  };
  return {
    get: (url: string, query?: Record<string, string>) => call('GET', url, query),
    post: (url: string, body: unknown) => call('POST', url, body),
    /** The session cookie (`name=value`), for calls that need the raw response. */
    cookie: () => cookie,
  };
}
export type Client = ReturnType<typeof client>;
