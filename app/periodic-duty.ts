// A scheduler duty on a timer: never two runs overlapping (a slow run, e.g. a mail server that is down,
// is not overlapped by the next). Failures are logged, not thrown. When the duty records its runs
// (`lastRunAt`), a (re)started scheduler runs it when it is due according to the last recorded run, not
// at every start: a scheduler restarted three times in an hour no longer writes three daily reports.
import type { Logger } from '../infra/logging/logger';

export interface DutySchedule {
  /** When the duty last ran, as recorded (undefined: never, so it is due now). */
  lastRunAt?: () => Promise<Date | undefined>;
  /** The clock the recorded times come from. */
  now?: () => Date;
}

/** Starts the duty; the returned stop function clears the timers and waits for a run in flight. */
export function startPeriodicDuty(run: () => Promise<void>, intervalMs: number, logger: Logger, failure: string, schedule: DutySchedule = {}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (busy || stopped) return;
    busy = true;
    running = run()
      .catch((err) => logger.warn({ err }, failure))
      .finally(() => { busy = false; });
  };
  const firstDelay = async (): Promise<number> => {
    const last = await schedule.lastRunAt?.().catch((err) => { logger.warn({ err }, `${failure}: its last run could not be read; running now`); return undefined; });
    if (!last) return 0;
    const now = (schedule.now ?? (() => new Date()))().getTime();
    return Math.max(0, last.getTime() + intervalMs - now);
  };
  const schedule_ = (delay: number) => {
    if (stopped) return;
    if (delay === 0) tick(); // due now: at once, as a stop right after the start still waits for
    timer = setTimeout(() => {
      if (delay > 0) tick();
      timer = setInterval(tick, intervalMs);
    }, delay > 0 ? delay : intervalMs);
  };
  // Without a recorded last run the duty is due at start: run it synchronously, as before.
  const started = schedule.lastRunAt ? firstDelay().then(schedule_) : Promise.resolve(schedule_(0));
  return async () => {
    await started; // a run found due at start still happens (and is waited for)
    stopped = true;
    clearTimeout(timer);
    clearInterval(timer);
    await running;
  };
}
