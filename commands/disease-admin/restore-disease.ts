// POST /api/admin/diseases/{id}/restore: puts one backup back (backup_id, or the newest one not restored
// yet). apply=false previews. The cached rows return exactly (bodies from their blobs, same stored and
// expiry times); DiseaseBackupRestored names the results, which the read model makes "latest" again
// unless a newer result was recorded since. A backup restores once.
import { randomUUID } from 'node:crypto';
import { backupsOf, diseaseAdminStream, DiseaseAdminEvent, DiseasePruned } from '../../domain/operations/disease-admin';
import { cacheKeyHash } from '../../infra/sources/response-cache';
import { CacheRow, restoreCacheRows } from '../../infra/sources/cache-entries';
import { CommandContext, metadataFor } from '../shared/command-context';
import { DiseaseAdminDeps, diseaseTarget } from './disease-admin-deps';

export interface RestoreRequest { apply: boolean; backup_id?: string }

export type RestoreOutcome =
  | { kind: 'ok'; body: ReturnType<typeof restoreBody> }
  | { kind: 'not_found'; detail: string }
  | { kind: 'conflict'; detail: string };

export async function diseaseAdminEvents(deps: Pick<DiseaseAdminDeps, 'store'>, diseaseId: string): Promise<DiseaseAdminEvent[]> {
  return (await deps.store.readStream(diseaseAdminStream(diseaseId))).map((e) => ({ type: e.type, data: e.data }) as DiseaseAdminEvent);
}

function restoreBody(backup: DiseasePruned, applied: boolean, cacheRestored: number | null) {
  return {
    disease_id: backup.diseaseId, backup_id: backup.backupId, applied, pruned_at: backup.at,
    results: backup.results.map((r) => ({ module: r.module, disease_id: r.diseaseId, recorded_at: r.at, bytes: r.bytes, sha256: r.blob })),
    cache_entries: backup.cacheEntries.map((c) => ({ namespace: c.namespace, key: c.key })),
    cache_entries_restored: cacheRestored,
  };
}

async function cacheRows(deps: DiseaseAdminDeps, backup: DiseasePruned): Promise<CacheRow[]> {
  const rows: CacheRow[] = [];
  for (const c of backup.cacheEntries) {
    const body = await deps.blobs.getText(c.blob);
    if (body !== undefined) rows.push({ namespace: c.namespace, key_hash: cacheKeyHash(c.key), key: c.key, body, stored_at: new Date(c.storedAt), expires_at: new Date(c.expiresAt) });
  }
  return rows;
}

function pick(events: DiseaseAdminEvent[], backupId: string | undefined): DiseasePruned | string {
  const open = backupsOf(events).filter((b) => b.restored_at === null);
  const id = backupId ?? open[0]?.backup_id;
  const pruned = events.find((e) => e.type === 'DiseaseDataPruned' && e.data.backupId === id);
  if (!pruned) return backupId ? `no backup '${backupId}' of this disease` : 'this disease has no backup left to restore';
  return pruned.data as DiseasePruned;
}

export async function restoreDisease(deps: DiseaseAdminDeps, context: CommandContext, diseaseId: string, request: RestoreRequest): Promise<RestoreOutcome> {
  if (!diseaseTarget(deps, diseaseId)) return { kind: 'not_found', detail: `unknown disease '${diseaseId}': not in the disease registry` };
  const events = await diseaseAdminEvents(deps, diseaseId);
  const backup = pick(events, request.backup_id);
  if (typeof backup === 'string') return { kind: 'not_found', detail: backup };
  if (events.some((e) => e.type === 'DiseaseBackupRestored' && e.data.backupId === backup.backupId)) {
    return { kind: 'conflict', detail: `backup '${backup.backupId}' was restored already` };
  }
  if (!request.apply) return { kind: 'ok', body: restoreBody(backup, false, null) };
  const restored = await restoreCacheRows(deps.knex, await cacheRows(deps, backup));
  const event: DiseaseAdminEvent = {
    type: 'DiseaseBackupRestored',
    data: { diseaseId, backupId: backup.backupId, results: backup.results, cacheEntries: restored, at: context.now.toISOString() },
  };
  await deps.store.append(diseaseAdminStream(diseaseId), [{ id: randomUUID(), ...event, metadata: metadataFor(context) }]);
  return { kind: 'ok', body: restoreBody(backup, true, restored) };
}
