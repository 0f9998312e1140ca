import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string;
  text: string;
}

export interface Mailbox {
  url: string;
  mails: Mail[];
  /** The 6-digit code in the latest mail to `address`, waiting for it to arrive. */
  codeFor(address: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * The text of a mail as a reader sees it: the body decoded from base64 or quoted-printable
 * (nodemailer encodes a Chinese body), else as sent.
 */
export function readableText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = head.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return raw;
}

/** A real SMTP server on loopback keeping every mail, so a test reads the code as a person would. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address).join(',');
        mails.push({ to, text: readableText(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  async function codeFor(address: string, after = 0): Promise<string> {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const mail = mails
        .slice(after)
        .filter((m) => m.to === address)
        .at(-1);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code mailed to ${address}`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    codeFor,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
