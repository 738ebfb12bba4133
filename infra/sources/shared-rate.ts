// A provider's published rate limit held across every worker process: one request per minIntervalMs for
// each provider, counted in the shared sliding-window store (infra/rate-limit: Redis, atomic across
// processes). The per-process spacing in the source runner still applies; when the store cannot answer,
// only it does (a worker never fails a run because the shared store is down).
import type { SlidingWindowStore } from '../rate-limit/sliding-window';
import { ProviderError } from './source-adapter';

export interface SharedRateLimit {
  /** Waits for the provider's next shared slot; throws ProviderError when it would come after `deadline` (epoch ms). */
  take(key: string, intervalMs: number, deadline: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function sharedRateLimit(store: SlidingWindowStore): SharedRateLimit {
  return {
    async take(key, intervalMs, deadline) {
      if (intervalMs <= 0) return;
      for (;;) {
        let decision;
        try {
          decision = await store.hit(`provider:${key}`, 1, intervalMs);
        } catch {
          return; // the shared store is unreachable: the per-process spacing alone applies
        }
        if (decision.allowed) return;
        const wait = Math.max(1, decision.retryAfterMs);
        if (Date.now() + wait >= deadline) throw new ProviderError('rate limited: the shared request slot for this provider comes after the time budget', false);
        await sleep(wait);
      }
    },
  };
}
