// The corpus readiness batch report (spec §4.6 /api/system/corpus-status): the readiness tier (L0-L3,
// domain/biomed/readiness.ts) of every registry disease, aggregated. Written by `evidence disease
// corpus-status` and the scheduler as one CorpusStatusReported event; the per-disease rows are a
// content-addressed blob the event names (10,403 diseases would make a large event).
import type { ReadinessTier } from '../biomed/readiness';
import type { DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

/** A disease with no MONDO id, or whose MONDO term no active snapshot holds, has no tier. */
export type CorpusTier = ReadinessTier | 'no_mondo_id' | 'not_imported';

export interface CorpusStatusRow { disease_id: string; mondo_id: string | null; tier: CorpusTier }

export type CorpusTierCounts = Record<CorpusTier, number>;

export interface CorpusStatusReport {
  diseases: number;
  tiers: CorpusTierCounts;
  /** SHA-256 of the JSON rows (CorpusStatusRow[]). */
  rows_blob: string;
  /** Active snapshot ids the tiers were computed from. */
  snapshots: string[];
  at: string;
}

export type CorpusStatusEvent = DomainEvent<'CorpusStatusReported', CorpusStatusReport>;

export const CORPUS_STATUS_EVENT_SCHEMAS: EventSchemas<CorpusStatusEvent['type']> = { CorpusStatusReported: { current: 1 } };

export const CORPUS_STATUS_STREAM = 'corpusstatus-service';

export const CORPUS_TIERS: readonly CorpusTier[] = ['L0', 'L1', 'L2', 'L3', 'no_mondo_id', 'not_imported'];

export function countTiers(rows: readonly CorpusStatusRow[]): CorpusTierCounts {
  const counts = Object.fromEntries(CORPUS_TIERS.map((t) => [t, 0])) as CorpusTierCounts;
  for (const row of rows) counts[row.tier]++;
  return counts;
}
