// Evidence providers' request spacing held across every worker process and thread (issue 23 item 8), from
// the settings: the runtime and each analysis worker thread build theirs here.
import type { Settings } from '../infra/config/settings';
import type { Logger } from '../infra/logging/logger';
import { RedisSlidingWindow } from '../infra/rate-limit/redis-sliding-window';
import { sharedRateLimit, type SharedRateLimit } from '../infra/sources/shared-rate';

/**
 * Evidence providers' published rate limits (NCBI 3 or 10 requests/s, ...) held across every worker
 * process in the rate-limit store (Redis); none in offline mode, where no provider is asked.
 */
export function providerRateLimit(settings: Settings, logger: Logger, cleanups: (() => Promise<void>)[]): SharedRateLimit | undefined {
  if (settings.evidenceSourceMode === 'offline') return undefined;
  const where = RedisSlidingWindow.describe(settings.rateLimitStoreUrl);
  let down = false;
  const store = new RedisSlidingWindow(settings.rateLimitStoreUrl, {
    up: () => { down = false; },
    down: (error) => {
      if (!down) logger.warn({ store: where, err: error.message }, 'provider request spacing: its Redis store is unreachable; provider limits hold per process until it returns');
      down = true;
    },
  });
  cleanups.push(() => store.close());
  return sharedRateLimit(store);
}
