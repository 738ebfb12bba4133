// The weekly digest's scheduler duty (spec §6, §8), one run of it: queue each opted-in researcher whose
// local slot has passed this week and whose period has no digest yet (a DigestQueued event), then
// attempt the queued digests and the retries whose backoff has elapsed. The 60-second timer that runs
// it lives in the composition root (app/digest-schedule.ts), under the scheduler lease, so exactly one
// process dispatches.
import { dueDigest } from '../../domain/digest/digest-window';
import { fixedClock } from '../../infra/clock/clock';
import { DEFAULT_STALE_AFTER_MS } from '../notifications/dispatch-pending-alerts';
import { CommandContext, newCommandContext } from '../shared/command-context';
import { deliverDigest, DigestDeps } from './deliver-digest';
import { changeDigest } from './digest-commands';

/** Digests attempted per run of the duty (the rest wait for the next minute). */
const PENDING_BATCH = 50;

function schedulerContext(now: Date): CommandContext {
  return newCommandContext(fixedClock(now), { kind: 'system', id: 'digest-scheduler' });
}

/** Queues the researchers due at `now`; returns the digests it queued. */
export async function queueDueDigests(deps: DigestDeps, now: Date): Promise<{ researcherId: string; period: string }[]> {
  const opted = await deps.subscribers.digestSubscribers();
  const queued: { researcherId: string; period: string }[] = [];
  for (const { researcherId, ...schedule } of opted) {
    try {
      const due = dueDigest(now, schedule);
      if (!due) continue;
      if (await deps.deliveries.exists(researcherId, due.window.period)) continue;
      const result = await changeDigest(deps.store, researcherId, due.window.period, {
        type: 'QueueDigest', researcherId, period: due.window.period, windowStart: due.window.start.toISOString(),
        windowEnd: due.window.end.toISOString(), trigger: 'schedule', force: false, at: now.toISOString(),
      }, schedulerContext(now));
      if (result.appended > 0) queued.push({ researcherId, period: due.window.period });
    } catch (error) {
      deps.logger.warn({ err: error, researcher: researcherId }, 'could not queue a digest');
    }
  }
  return queued;
}

/** Attempts queued digests and due retries (and claims whose sender died), except `skip`; returns how many. */
export async function attemptPendingDigests(deps: DigestDeps, now: Date, skip: ReadonlySet<string> = new Set()): Promise<number> {
  const staleBefore = new Date(now.getTime() - (deps.options?.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  const pending = await deps.deliveries.pending(now, staleBefore, PENDING_BATCH);
  for (const { researcherId, period } of pending) {
    if (skip.has(`${researcherId}|${period}`)) continue;
    try {
      await deliverDigest(deps, researcherId, period, schedulerContext(now));
    } catch (error) {
      deps.logger.warn({ err: error, period }, 'digest attempt failed unexpectedly');
    }
  }
  return pending.length;
}

/** One run of the duty. Digests queued in this run are attempted at once (the read model may lag). */
export async function dispatchDueDigests(deps: DigestDeps, now: Date): Promise<void> {
  const queued = await queueDueDigests(deps, now);
  for (const { researcherId, period } of queued) {
    try {
      await deliverDigest(deps, researcherId, period, schedulerContext(now));
    } catch (error) {
      deps.logger.warn({ err: error, period }, 'digest attempt failed unexpectedly');
    }
  }
  await attemptPendingDigests(deps, now, new Set(queued.map((q) => `${q.researcherId}|${q.period}`)));
}
