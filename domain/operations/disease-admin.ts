// Disease administration (spec §4.8) as events on one stream per disease: a prune moves the disease's
// module results (and its cached source responses) into a backup that the event itself describes, a
// restore puts one backup back. Backups and the audit are therefore the stream read back; results are
// content-addressed blobs that are never deleted, so a restore is byte-identical.
import type { DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';
import type { RecordedResult } from './module-results';

/** A cached source response moved into a backup: its row, with the body kept as a blob. */
export interface BackedUpCacheEntry {
  namespace: string;
  key: string;
  blob: string;
  storedAt: string;
  expiresAt: string;
}

export interface DiseasePruned {
  diseaseId: string;
  backupId: string;
  /** Entries older than this moved; null = all of them. */
  olderThanDays: number | null;
  results: RecordedResult[];
  cacheEntries: BackedUpCacheEntry[];
  at: string;
}

export type DiseaseAdminEvent =
  | DomainEvent<'DiseaseDataPruned', DiseasePruned>
  | DomainEvent<'DiseaseBackupRestored', { diseaseId: string; backupId: string; results: RecordedResult[]; cacheEntries: number; at: string }>;

export const DISEASE_ADMIN_EVENT_SCHEMAS: EventSchemas<DiseaseAdminEvent['type']> = {
  DiseaseDataPruned: { current: 1 }, DiseaseBackupRestored: { current: 1 },
};

export function diseaseAdminStream(diseaseId: string): string {
  return `diseaseadmin-${diseaseId}`;
}

export interface BackupSummary {
  backup_id: string;
  pruned_at: string;
  older_than_days: number | null;
  results: number;
  cache_entries: number;
  restored_at: string | null;
}

/** Backups of a disease from its stream, newest first; a restored backup says when. */
export function backupsOf(events: readonly DiseaseAdminEvent[]): BackupSummary[] {
  const restored = new Map<string, string>();
  for (const e of events) if (e.type === 'DiseaseBackupRestored') restored.set(e.data.backupId, e.data.at);
  return events
    .filter((e): e is Extract<DiseaseAdminEvent, { type: 'DiseaseDataPruned' }> => e.type === 'DiseaseDataPruned')
    .map((e) => ({
      backup_id: e.data.backupId, pruned_at: e.data.at, older_than_days: e.data.olderThanDays,
      results: e.data.results.length, cache_entries: e.data.cacheEntries.length, restored_at: restored.get(e.data.backupId) ?? null,
    }))
    .reverse();
}
