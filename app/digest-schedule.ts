// The weekly digest's 60-second timer (spec §8). Started by the runtime's startScheduler, under the
// scheduler lease, so exactly one process runs commands/digest/dispatch-due-digests.ts.
import { dispatchDueDigests } from '../commands/digest/dispatch-due-digests';
import type { Logger } from '../infra/logging/logger';
import { digestDeps, NotifyRuntime } from './notify.compose';
import { startPeriodicDuty } from './periodic-duty';

export const DIGEST_DISPATCH_INTERVAL_MS = 60_000;

/** Starts the dispatcher (one run at once, then every interval); returns its stop function. */
export function startDigestDispatcher(
  runtime: NotifyRuntime & { logger: Logger }, intervalMs = DIGEST_DISPATCH_INTERVAL_MS,
): () => Promise<void> {
  const deps = digestDeps(runtime, { logger: runtime.logger.child({ duty: 'digest-dispatcher' }) });
  return startPeriodicDuty(() => dispatchDueDigests(deps, deps.clock.now()), intervalMs, deps.logger, 'digest dispatcher tick failed');
}
