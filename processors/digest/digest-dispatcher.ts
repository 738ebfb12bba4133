// The weekly digest's scheduler duty (spec §6, §8): every 60 s, queue each opted-in researcher whose
// local slot has passed this week and whose period has no digest yet (a DigestQueued event), then
// attempt the queued digests and the retries whose backoff has elapsed. It runs only inside
// startScheduler, under the scheduler lease, so exactly one process dispatches.
import { randomUUID } from 'node:crypto';
import { changeDigest } from '../../commands/digest/digest-commands';
import { CommandContext } from '../../commands/shared/command-context';
import type { Weekday } from '../../domain/notifications/settings';
import { dueDigest } from '../../domain/digest/digest-window';
import type { Runtime } from '../../app/runtime';
import { notificationTransportOptions } from '../../infra/notifications/transport-options';
import { DIGEST_DELIVERIES_TABLE } from '../../projections/digest/digest-deliveries.tables';
import { NOTIFICATION_SETTINGS_TABLE } from '../../projections/notifications/notification-settings.tables';
import { DEFAULT_STALE_AFTER_MS } from '../notifications/alert-dispatcher';
import { attemptDigest, DigestDeps } from './digest-delivery';

export const DIGEST_DISPATCH_INTERVAL_MS = 60_000;

function schedulerContext(now: Date): CommandContext {
  const id = randomUUID();
  return { correlationId: id, causationId: id, principal: { kind: 'system', id: 'digest-scheduler' }, now, newId: randomUUID };
}

/** Queues the researchers due at `now`; returns the digests it queued. */
export async function queueDueDigests(deps: DigestDeps, now: Date): Promise<{ researcherId: string; period: string }[]> {
  const opted = await deps.knex(NOTIFICATION_SETTINGS_TABLE).where({ weekly_digest_enabled: true })
    .select('researcher_id', 'weekday', 'hour', 'minute', 'timezone');
  const queued: { researcherId: string; period: string }[] = [];
  for (const row of opted) {
    try {
      const due = dueDigest(now, { weekday: row.weekday as Weekday, hour: row.hour, minute: row.minute, timezone: row.timezone });
      if (!due) continue;
      const exists = await deps.knex(DIGEST_DELIVERIES_TABLE).where({ researcher_id: row.researcher_id, period: due.window.period }).first('period');
      if (exists) continue;
      const result = await changeDigest(deps.store, row.researcher_id, due.window.period, {
        type: 'QueueDigest', researcherId: row.researcher_id, period: due.window.period, windowStart: due.window.start.toISOString(),
        windowEnd: due.window.end.toISOString(), trigger: 'schedule', force: false, at: now.toISOString(),
      }, schedulerContext(now));
      if (result.appended > 0) queued.push({ researcherId: row.researcher_id, period: due.window.period });
    } catch (error) {
      deps.logger.warn({ err: error, researcher: row.researcher_id }, 'could not queue a digest');
    }
  }
  return queued;
}

/** Attempts queued digests and due retries (and claims whose sender died), except `skip`; returns how many. */
export async function attemptPendingDigests(deps: DigestDeps, now: Date, skip: ReadonlySet<string> = new Set()): Promise<number> {
  const staleBefore = new Date(now.getTime() - (deps.options?.staleAfterMs ?? DEFAULT_STALE_AFTER_MS));
  const pending = await deps.knex(DIGEST_DELIVERIES_TABLE)
    .where((q) => q.whereIn('status', ['queued', 'retrying']).andWhere('next_attempt_at', '<=', now))
    .orWhere((q) => q.where({ status: 'in_flight' }).andWhere('last_attempt_at', '<', staleBefore))
    .orderBy('next_attempt_at').limit(50).select('researcher_id', 'period');
  for (const row of pending) {
    if (skip.has(`${row.researcher_id}|${row.period}`)) continue;
    try {
      await attemptDigest(deps, row.researcher_id, row.period, schedulerContext(now));
    } catch (error) {
      deps.logger.warn({ err: error, period: row.period }, 'digest attempt failed unexpectedly');
    }
  }
  return pending.length;
}

/** One run of the duty. Digests queued in this tick are attempted at once (the read model may lag). */
export async function digestTick(deps: DigestDeps, now: Date): Promise<void> {
  const queued = await queueDueDigests(deps, now);
  for (const { researcherId, period } of queued) {
    try {
      await attemptDigest(deps, researcherId, period, schedulerContext(now));
    } catch (error) {
      deps.logger.warn({ err: error, period }, 'digest attempt failed unexpectedly');
    }
  }
  await attemptPendingDigests(deps, now, new Set(queued.map((q) => `${q.researcherId}|${q.period}`)));
}

/** Starts the 60-second dispatcher for a runtime; returns its stop function (for the runtime's cleanups). */
export function startDigestDispatcher(runtime: Pick<Runtime, 'store' | 'db' | 'settings' | 'logger'>, intervalMs = DIGEST_DISPATCH_INTERVAL_MS): () => Promise<void> {
  const deps: DigestDeps = {
    store: runtime.store, knex: runtime.db.knex, settings: runtime.settings,
    logger: runtime.logger.child({ duty: 'digest-dispatcher' }), options: notificationTransportOptions(runtime),
  };
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return; // a slow tick (mail server down) is never overlapped by the next one
    busy = true;
    running = digestTick(deps, (deps.options?.now ?? (() => new Date()))())
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
