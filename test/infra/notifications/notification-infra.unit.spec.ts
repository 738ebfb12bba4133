// Outbound-notification adapters without a network: public-address checks, webhook URL encryption,
// secret-free error text, SMTP TLS modes, and the webhook client refusing private destinations.
import { expect } from 'chai';
import { loadSettings } from '../../../infra/config/settings';
import { smtpTransportOptions } from '../../../infra/notifications/mailer';
import { isPublicAddress } from '../../../infra/notifications/public-address';
import { safeErrorText, webhookSecrets } from '../../../infra/notifications/redact';
import { notificationKey, open, seal } from '../../../infra/notifications/secret-box';
import { postWebhook } from '../../../infra/notifications/webhook-client';

describe('Outbound notification adapters', function () {
  it('accepts only public unicast addresses', function () {
    for (const ok of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(ok), ok).to.equal(true);
    for (const bad of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '0.0.0.0', '224.0.0.1', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1',
      'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '64:ff9b::a00:1', '2002:a00:1::1', 'not-an-ip']) {
      expect(isPublicAddress(bad), bad).to.equal(false);
    }
  });

  it('seals webhook URLs with AES-256-GCM bound to the researcher, under a key from the server secret', function () {
    const key = notificationKey({ authSessionSecret: 'session-secret', apiKey: undefined, debug: false });
    const sealed = seal('https://hooks.slack.com/services/T1/B2/secret', key, 'alice');
    expect(sealed).not.to.contain('secret').and.not.to.contain('hooks');
    expect(open(sealed, key, 'alice')).to.equal('https://hooks.slack.com/services/T1/B2/secret');
    expect(() => open(sealed, key, 'bob')).to.throw(/cannot be decrypted/);
    const other = notificationKey({ authSessionSecret: undefined, apiKey: 'api-key', debug: false });
    expect(() => open(sealed, other, 'alice')).to.throw(/cannot be decrypted/);
    expect(() => notificationKey({ authSessionSecret: undefined, apiKey: undefined, debug: false })).to.throw(/AUTH_SESSION_SECRET/);
    expect(notificationKey({ authSessionSecret: undefined, apiKey: undefined, debug: true })).to.have.length(32);
  });

  it('keeps error text bounded and free of passwords and webhook paths', function () {
    const url = 'https://hooks.slack.com/services/T0AAA/B0BBB/tokentoken';
    const text = safeErrorText(new Error(`auth failed for hunter2-password at ${url} and https://hooks.slack.com/other/path ${'x'.repeat(1000)}`),
      ['hunter2-password', ...webhookSecrets(url)]);
    expect(text.length).to.be.at.most(300);
    for (const secret of ['hunter2-password', 'T0AAA', 'B0BBB', 'tokentoken', 'other/path']) expect(text).not.to.contain(secret);
  });

  it('uses implicit TLS on 465, required STARTTLS elsewhere, and no TLS when ALERT_SMTP_USE_TLS=false', function () {
    const smtp = (env: Record<string, string>) => loadSettings({ DEBUG: 'true', ALERT_SMTP_HOST: 'mail.example.org', ...env }).smtp;
    expect(smtpTransportOptions(smtp({ ALERT_SMTP_PORT: '465' }))).to.include({ secure: true, requireTLS: false, ignoreTLS: false });
    expect(smtpTransportOptions(smtp({}))).to.include({ port: 587, secure: false, requireTLS: true, ignoreTLS: false });
    expect(smtpTransportOptions(smtp({ ALERT_SMTP_USE_TLS: 'false', ALERT_SMTP_PORT: '25' }))).to.include({ secure: false, requireTLS: false, ignoreTLS: true });
    expect(smtpTransportOptions(smtp({ ALERT_SMTP_USERNAME: 'u', ALERT_SMTP_PASSWORD: 'p' })).auth).to.deep.equal({ user: 'u', pass: 'p' });
  });

  it('refuses a webhook host that resolves to a private address, before connecting', async function () {
    for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1']) {
      const lookup = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
      const error = await postWebhook('https://hooks.slack.com/services/T1/B2/abc', { text: 'x' }, {}, { lookup }).then(() => undefined, (e: Error) => e);
      expect(error?.message, address).to.match(/non-public address/);
    }
    const mixed = async () => [{ address: '8.8.8.8', family: 4 }, { address: '10.0.0.1', family: 4 }];
    const error = await postWebhook('https://hooks.slack.com/services/T1/B2/abc', { text: 'x' }, {}, { lookup: mixed }).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/non-public address/);
  });

  it('refuses a webhook URL off the provider hosts even when called directly', async function () {
    const error = await postWebhook('https://hooks.slack.com.evil.com/services/T1/B2/abc', { text: 'x' }, {}).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/must be on hooks\.slack\.com/);
  });
});
