// A real SMTP server in the test process (smtp-server): plaintext with AUTH PLAIN/LOGIN, keeps every
// accepted message (raw, headers, decoded text body) and can reject the next N messages.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  headers: Record<string, string>;
  text: string;
  envelopeTo: string[];
  user: string | undefined;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  /** Reject the next `count` messages at DATA with this text. */
  rejectNext(count: number, message?: string): void;
  close(): Promise<void>;
}

export async function startSmtpPeer(credentials: { user: string; pass: string }): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  let rejectMessage = 'temporary failure';
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejections > 0) {
          rejections--;
          const error = new Error(rejectMessage) as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ raw, ...parse(raw), envelopeTo: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    rejectNext(count, message = 'temporary failure') {
      rejections = count;
      rejectMessage = message;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function parse(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let text = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    text = Buffer.from(text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  } else if (/base64/i.test(headers['content-transfer-encoding'] ?? '')) {
    text = Buffer.from(text, 'base64').toString('utf8');
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}
