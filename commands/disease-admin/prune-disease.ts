// POST /api/admin/diseases/{id}/prune: the disease's latest module results and cached source responses
// older than older_than_days (or all) move into a backup. apply=false previews; apply=true stores each
// cached body as a blob, records DiseaseDataPruned (the backup: every result's blob and every cache row)
// and then removes the rows. Results are blobs already and stay: the read model drops them from "latest".
import { randomUUID } from 'node:crypto';
import { BackedUpCacheEntry, diseaseAdminStream, DiseaseAdminEvent } from '../../domain/operations/disease-admin';
import type { RecordedResult } from '../../domain/operations/module-results';
import { cacheRowsMentioning, CacheRow, removeCacheRows } from '../../infra/sources/cache-entries';
import { CommandContext, metadataFor } from '../shared/command-context';
import { DiseaseAdminDeps, diseaseTarget, DiseaseTarget } from './disease-admin-deps';

export interface PruneRequest { apply: boolean; older_than_days: number | null; include_cache: boolean }

export type PruneOutcome = { kind: 'ok'; body: ReturnType<typeof pruneBody> } | { kind: 'not_found'; detail: string };

async function plan(deps: DiseaseAdminDeps, target: DiseaseTarget, request: PruneRequest, now: Date) {
  const cutoff = request.older_than_days === null ? undefined : new Date(now.getTime() - request.older_than_days * 86_400_000);
  const results: RecordedResult[] = [];
  for (const id of target.resultIds) {
    for (const r of await deps.results.listEveryOwner(id)) {
      if (cutoff && new Date(r.recordedAt) >= cutoff) continue;
      results.push({
        module: r.module, diseaseId: r.diseaseId, blob: r.blob, bytes: r.bytes, jobId: r.jobId, at: r.recordedAt,
        ...(r.researcherId ? { researcherId: r.researcherId } : {}),
      });
    }
  }
  const cache = request.include_cache ? await cacheRowsMentioning(deps.knex, target.cacheTerms, cutoff) : [];
  return { results, cache };
}

function pruneBody(diseaseId: string, request: PruneRequest, backupId: string | null, results: RecordedResult[], cache: readonly CacheRow[]) {
  return {
    disease_id: diseaseId, applied: request.apply, backup_id: backupId, older_than_days: request.older_than_days,
    results: results.map((r) => ({ module: r.module, disease_id: r.diseaseId, recorded_at: r.at, bytes: r.bytes, sha256: r.blob })),
    cache_entries: cache.map((c) => ({ namespace: c.namespace, key: c.key, bytes: Buffer.byteLength(c.body) })),
  };
}

async function backUp(deps: DiseaseAdminDeps, rows: readonly CacheRow[]): Promise<BackedUpCacheEntry[]> {
  const out: BackedUpCacheEntry[] = [];
  for (const r of rows) {
    out.push({ namespace: r.namespace, key: r.key, blob: await deps.blobs.putText(r.body, 'text/plain'), storedAt: new Date(r.stored_at).toISOString(), expiresAt: new Date(r.expires_at).toISOString() });
  }
  return out;
}

export async function pruneDisease(deps: DiseaseAdminDeps, context: CommandContext, diseaseId: string, request: PruneRequest): Promise<PruneOutcome> {
  const target = diseaseTarget(deps, diseaseId);
  if (!target) return { kind: 'not_found', detail: `unknown disease '${diseaseId}': not in the disease registry` };
  const { results, cache } = await plan(deps, target, request, context.now);
  if (!request.apply) return { kind: 'ok', body: pruneBody(diseaseId, request, null, results, cache) };
  const backupId = randomUUID();
  const event: DiseaseAdminEvent = {
    type: 'DiseaseDataPruned',
    data: { diseaseId, backupId, olderThanDays: request.older_than_days, results, cacheEntries: await backUp(deps, cache), at: context.now.toISOString() },
  };
  await deps.store.append(diseaseAdminStream(diseaseId), [{ id: randomUUID(), ...event, metadata: metadataFor(context) }]);
  await removeCacheRows(deps.knex, cache);
  return { kind: 'ok', body: pruneBody(diseaseId, request, backupId, results, cache) };
}
