// Delivery error text is stored as operational status (spec §2.5): bounded, one line, and free of
// secrets. Known secrets (SMTP password and username, webhook URL and its path) are cut out, and any
// webhook-host URL left in the text loses its path.
const MAX_ERROR_CHARS = 300;

export function safeErrorText(error: unknown, secrets: readonly (string | undefined | null)[] = []): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const known = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 3).sort((a, b) => b.length - a.length);
  for (const secret of known) text = text.split(secret).join('[redacted]');
  text = text.replace(/(https?:\/\/hooks\.slack(?:-gov)?\.com)\/\S*/gi, '$1/[redacted]');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
}

/** The secrets hidden in a webhook URL: the whole URL and its path segments. */
export function webhookSecrets(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return [url, parsed.pathname, ...parsed.pathname.split('/').filter((s) => s.length >= 3)];
  } catch {
    return [url];
  }
}
