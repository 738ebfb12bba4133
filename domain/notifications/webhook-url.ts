// Chat webhook URLs (pure): only HTTPS incoming-webhook URLs on the chat provider's two webhook hosts.
// The URL's path is the secret (whoever has it can post), so it is masked whenever it is shown.

export const WEBHOOK_HOSTS: readonly string[] = ['hooks.slack.com', 'hooks.slack-gov.com'];

/** Why a URL is refused, or undefined when it is acceptable. Exact host match: no lookalikes. */
export function webhookUrlProblem(value: string): string | undefined {
  if (value.length > 2048) return 'is longer than 2048 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'must use https';
  if (url.username || url.password) return 'must not carry credentials';
  // URL() lowercases the host and keeps a trailing dot, so "hooks.slack.com." and
  // "hooks.slack.com.evil.com" both fail the exact comparison.
  if (!WEBHOOK_HOSTS.includes(url.hostname)) return `must be on ${WEBHOOK_HOSTS.join(' or ')}`;
  if (url.port !== '') return 'must not name a port';
  if (url.pathname.split('/').filter(Boolean).length < 2) return 'is not an incoming-webhook URL (path missing)';
  if (url.hash) return 'must not have a fragment';
  return undefined;
}

/** "https://hooks.slack.com/services/T…/…/****": the host and the kind of hook, never the secret path. */
export function maskWebhookUrl(value: string): string {
  const url = new URL(value);
  const [kind, first] = url.pathname.split('/').filter(Boolean);
  const hint = first ? `${first.slice(0, 1)}…` : '…';
  return `https://${url.hostname}/${kind ?? ''}/${hint}/…/****`;
}
