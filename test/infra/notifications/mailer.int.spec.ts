// The mailer against a real SMTP peer speaking STARTTLS (the default, ALERT_SMTP_USE_TLS=true): the
// message goes over TLS, and a server that cannot upgrade is refused rather than sent to in clear.
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';
import { loadSettings } from '../../../infra/config/settings';
import { sendMail } from '../../../infra/notifications/mailer';

async function peer(options: { tls: boolean; cert?: { key: string; cert: string } }): Promise<{ port: number; secured: boolean[]; close(): Promise<void> }> {
  const secured: boolean[] = [];
  const server = new SMTPServer({
    secure: false,
    ...(options.tls ? { key: options.cert!.key, cert: options.cert!.cert } : { disabledCommands: ['STARTTLS'] }),
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        secured.push(Boolean(session.secure));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, secured, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('Mailer TLS modes against a real SMTP peer', function () {
  this.timeout(30_000);
  let cert: { key: string; cert: string };
  before(async function () {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048, algorithm: 'sha256', extensions: [{ name: 'basicConstraints', cA: true }, { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    cert = { key: pems.private, cert: pems.cert };
  });

  const message = { to: 'r@example.org', subject: 's', text: 't', messageId: '<x.email.r1@evidence>' };

  it('upgrades with STARTTLS by default', async function () {
    const server = await peer({ tls: true, cert });
    try {
      const smtp = loadSettings({ DEBUG: 'true', ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(server.port) }).smtp;
      await sendMail(smtp, message, { smtpTls: { ca: cert.cert } });
      expect(server.secured).to.deep.equal([true]);
    } finally {
      await server.close();
    }
  });

  it('refuses to send in clear to a server without STARTTLS unless ALERT_SMTP_USE_TLS=false', async function () {
    const server = await peer({ tls: false });
    try {
      const strict = loadSettings({ DEBUG: 'true', ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(server.port) }).smtp;
      const error = await sendMail(strict, message).then(() => undefined, (e: Error) => e);
      expect(error, 'requireTLS refused the plaintext server').to.be.instanceOf(Error);
      expect(server.secured).to.deep.equal([]);
      const relaxed = loadSettings({ DEBUG: 'true', ALERT_SMTP_HOST: '127.0.0.1', ALERT_SMTP_PORT: String(server.port), ALERT_SMTP_USE_TLS: 'false' }).smtp;
      await sendMail(relaxed, message);
      expect(server.secured).to.deep.equal([false]);
    } finally {
      await server.close();
    }
  });
});
