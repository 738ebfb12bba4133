// Two deployments that share one Redis must not share counters: every rate-limit (and login-throttle)
// key starts with the deployment's prefix, RATE_LIMIT_KEY_PREFIX, or by default the database's name
// (the embedded database: its data directory's name), which already tells deployments apart.
import path from 'node:path';

export function deploymentKeyPrefix(settings: { rateLimitKeyPrefix: string | undefined; databaseUrl: string | undefined; dataDir: string }): string {
  if (settings.rateLimitKeyPrefix) return settings.rateLimitKeyPrefix;
  if (settings.databaseUrl) {
    const name = decodeURIComponent(new URL(settings.databaseUrl).pathname.replace(/^\//, ''));
    if (name) return name;
  }
  return `pglite-${path.basename(settings.dataDir)}`;
}
