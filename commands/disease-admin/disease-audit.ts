// GET /api/admin/diseases/{id}/audit: the disease's event history, newest first: its prunes and restores
// and every module result recorded for it (id or MONDO CURIE). limit is clamped to 1-500 (spec §8).
import { diseaseAdminStream } from '../../domain/operations/disease-admin';
import { moduleResultStream } from '../../domain/operations/module-results';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import { DiseaseAdminDeps, diseaseTarget } from './disease-admin-deps';

/** The audit's page size when a request names none (the route schema's default). */
export const DEFAULT_AUDIT_LIMIT = 100;

export const clampAuditLimit = (limit: number) => Math.min(500, Math.max(1, Math.trunc(limit)));

function entry(e: RecordedEvent) {
  const data = e.data as Record<string, unknown>;
  const summary = e.type === 'ModuleResultRecorded'
    ? { module: data.module, disease_id: data.diseaseId, sha256: data.blob, bytes: data.bytes, job_id: data.jobId }
    : { backup_id: data.backupId, results: (data.results as unknown[]).length, cache_entries: Array.isArray(data.cacheEntries) ? data.cacheEntries.length : data.cacheEntries, older_than_days: data.olderThanDays };
  return { event_id: e.id, type: e.type, at: String(data.at), principal: e.metadata.principal, correlation_id: e.metadata.correlationId, ...summary };
}

export async function diseaseAudit(deps: Pick<DiseaseAdminDeps, 'store' | 'diseases' | 'modules'>, diseaseId: string, limit: number) {
  const target = diseaseTarget(deps, diseaseId);
  if (!target) return undefined;
  const streams = [diseaseAdminStream(diseaseId), ...deps.modules.list().flatMap((m) => target.resultIds.map((id) => moduleResultStream(m.id, id)))];
  const events = (await Promise.all(streams.map((s) => deps.store.readStream(s)))).flat();
  events.sort((a, b) => String((b.data as { at: string }).at).localeCompare(String((a.data as { at: string }).at)) || b.revision - a.revision);
  const n = clampAuditLimit(limit);
  return { disease_id: diseaseId, limit: n, total: events.length, entries: events.slice(0, n).map(entry) };
}
