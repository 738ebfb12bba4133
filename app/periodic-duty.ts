// A scheduler duty on a timer: one run at once, then every interval, never two runs overlapping (a slow
// run, e.g. a mail server that is down, is not overlapped by the next). Failures are logged, not thrown.
import type { Logger } from '../infra/logging/logger';

/** Starts the duty; the returned stop function clears the timer and waits for a run in flight. */
export function startPeriodicDuty(run: () => Promise<void>, intervalMs: number, logger: Logger, failure: string): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = run()
      .catch((err) => logger.warn({ err }, failure))
      .finally(() => { busy = false; });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
