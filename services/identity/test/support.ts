import { type SMTPServer as SMTPServerType, SMTPServer } from 'smtp-server';

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

export { client, multipart, png } from '@sais/kit/testing';
