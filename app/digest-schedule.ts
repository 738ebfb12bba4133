// The weekly digest's 60-second timer (spec §8). Started by the runtime's startScheduler, under the
// scheduler lease, so exactly one process runs commands/digest/dispatch-due-digests.ts.
import { dispatchDueDigests } from '../commands/digest/dispatch-due-digests';
import type { Logger } from '../infra/logging/logger';
import { digestDeps, NotifyRuntime } from './notify.compose';

export const DIGEST_DISPATCH_INTERVAL_MS = 60_000;

/** Starts the dispatcher (one run at once, then every interval); returns its stop function. */
export function startDigestDispatcher(
  runtime: NotifyRuntime & { logger: Logger }, intervalMs = DIGEST_DISPATCH_INTERVAL_MS,
): () => Promise<void> {
  const deps = digestDeps(runtime, { logger: runtime.logger.child({ duty: 'digest-dispatcher' }) });
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return; // a slow run (mail server down) is never overlapped by the next one
    busy = true;
    running = dispatchDueDigests(deps, deps.clock.now())
      .catch((err) => deps.logger.warn({ err }, 'digest dispatcher tick failed'))
      .finally(() => { busy = false; });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
