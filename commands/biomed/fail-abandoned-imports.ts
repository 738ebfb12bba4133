// Issue 23 item 6: a snapshot import killed mid-way stayed `importing` forever. An import loads its rows
// in one transaction holding the resource's import lock (pg_advisory_xact_lock, import-snapshot.ts), so
// the lock is the import's lease: it lapses the moment the importing process dies. At start (and on
// demand) every snapshot still `importing` whose resource lock is free, and that started more than a
// grace period ago (the moment between "started" and taking the lock), is recorded as failed, with the
// reason, through the snapshot's own FailImport command; /api/v1/snapshots then shows it failed.
import { randomUUID } from 'node:crypto';
import { SnapshotCommand, snapshotStreamId } from '../../domain/biomed/snapshot-lifecycle';
import { snapshotQueries } from '../../projections/biomed/snapshots.queries';
import { BiomedDeps, runSnapshotCommand, snapshotCommandContext } from './snapshot-events';

const GRACE_MS = 60_000;
export const ABANDONED_REASON = 'abandoned: the importing process stopped before the import finished (its lock had lapsed)';

export async function failAbandonedImports(deps: BiomedDeps, now: Date): Promise<string[]> {
  const importing = (await snapshotQueries(deps.knex).list()).filter((s) => s.status === 'importing'
    && now.getTime() - new Date(s.created_at).getTime() > GRACE_MS);
  const failed: string[] = [];
  for (const snapshot of importing) {
    const afterCommit = await deps.knex.transaction(async (trx) => {
      const { rows } = await trx.raw('select pg_try_advisory_xact_lock(hashtext(?)) as free', [`biomed-import:${snapshot.resource}`]) as { rows: { free: boolean }[] };
      if (!rows[0]?.free) return undefined; // an import of this resource is running: its own lease
      const fail: SnapshotCommand = { type: 'FailImport', snapshotId: snapshot.snapshot_id, error: ABANDONED_REASON, at: now.toISOString() };
      const outcome = await runSnapshotCommand(deps, trx, snapshotStreamId(snapshot.resource, snapshot.artifact_sha256), fail,
        snapshotCommandContext({ kind: 'system', id: 'abandoned-imports' }, randomUUID(), `abandoned:${snapshot.snapshot_id}`, now));
      if (outcome.events.length > 0) failed.push(snapshot.snapshot_id);
      return outcome.afterCommit;
    });
    await afterCommit?.();
  }
  return failed;
}
