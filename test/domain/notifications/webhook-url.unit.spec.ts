// Chat webhook URLs: only HTTPS on the provider's two webhook hosts; masking never shows the secret path.
import { expect } from 'chai';
import { maskWebhookUrl, webhookUrlProblem } from '../../../domain/notifications/webhook-url';

const SECRET = 'https://hooks.slack.com/services/T0SECRET1/B0SECRET2/xoxSecretToken123';

describe('Chat webhook URL rules', function () {
  it('accepts incoming-webhook URLs on hooks.slack.com and hooks.slack-gov.com', function () {
    expect(webhookUrlProblem(SECRET)).to.equal(undefined);
    expect(webhookUrlProblem('https://hooks.slack-gov.com/services/T1/B2/abc')).to.equal(undefined);
    expect(webhookUrlProblem('https://HOOKS.SLACK.COM/services/T1/B2/abc')).to.equal(undefined);
  });

  for (const [name, url] of [
    ['plain http', 'http://hooks.slack.com/services/T1/B2/abc'],
    ['another host', 'https://example.com/services/T1/B2/abc'],
    ['a lookalike suffix', 'https://hooks.slack.com.evil.com/services/T1/B2/abc'],
    ['a lookalike prefix', 'https://evilhooks.slack.com/services/T1/B2/abc'],
    ['a subdomain', 'https://x.hooks.slack.com/services/T1/B2/abc'],
    ['credentials hiding the host', 'https://hooks.slack.com@evil.com/services/T1/B2/abc'],
    ['a trailing dot', 'https://hooks.slack.com./services/T1/B2/abc'],
    ['an explicit port', 'https://hooks.slack.com:8443/services/T1/B2/abc'],
    ['no path', 'https://hooks.slack.com/'],
    ['not a URL', 'hooks.slack.com/services/T1/B2/abc'],
    ['an IP address', 'https://127.0.0.1/services/T1/B2/abc'],
  ]) {
    it(`refuses ${name}`, function () {
      expect(webhookUrlProblem(url!)).to.be.a('string');
    });
  }

  it('masks the URL down to its host and kind, never the secret path', function () {
    const masked = maskWebhookUrl(SECRET);
    expect(masked).to.equal('https://hooks.slack.com/services/T…/…/****');
    for (const part of ['T0SECRET1', 'B0SECRET2', 'xoxSecretToken123', 'SECRET']) expect(masked).not.to.contain(part);
  });
});
