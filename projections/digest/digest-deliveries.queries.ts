// Reads of the digest-deliveries read model: a researcher's delivery history, and the scheduler's
// lists of periods already queued and of digests waiting for an attempt.
import type { Knex } from 'knex';
import { DIGEST_DELIVERIES_TABLE } from './digest-deliveries.tables';

/** A row as stored (jsonb columns parsed by pg). */
export interface DigestDeliveryRow {
  researcher_id: string;
  period: string;
  window_start: Date | string;
  window_end: Date | string;
  status: string;
  round: number;
  attempts: number;
  total_attempts: number;
  trigger: string;
  forced: boolean;
  channels: string[];
  last_error: string | null;
  queued_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
  history: unknown[];
}

export interface DigestDeliveriesQueries {
  /** Newest period first. */
  history(researcherId: string, limit: number): Promise<DigestDeliveryRow[]>;
  exists(researcherId: string, period: string): Promise<boolean>;
  /** Queued digests and retries due at `now`, and claims older than `staleBefore` (their sender died). */
  pending(now: Date, staleBefore: Date, limit: number): Promise<{ researcherId: string; period: string }[]>;
}

export function digestDeliveriesQueries(knex: Knex): DigestDeliveriesQueries {
  return {
    async history(researcherId, limit) {
      return knex(DIGEST_DELIVERIES_TABLE).where({ researcher_id: researcherId })
        .orderBy([{ column: 'period', order: 'desc' }]).limit(limit).select('*');
    },
    async exists(researcherId, period) {
      return Boolean(await knex(DIGEST_DELIVERIES_TABLE).where({ researcher_id: researcherId, period }).first('period'));
    },
    async pending(now, staleBefore, limit) {
      const rows = await knex(DIGEST_DELIVERIES_TABLE)
        .where((q) => q.whereIn('status', ['queued', 'retrying']).andWhere('next_attempt_at', '<=', now))
        .orWhere((q) => q.where({ status: 'in_flight' }).andWhere('last_attempt_at', '<', staleBefore))
        .orderBy('next_attempt_at').limit(limit).select('researcher_id', 'period');
      return rows.map((r) => ({ researcherId: r.researcher_id, period: r.period }));
    },
  };
}
