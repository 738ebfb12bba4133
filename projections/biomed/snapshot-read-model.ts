// biomed.snapshots as the read model of the snapshot lifecycle events. It is applied synchronously, in
// the transaction that appends the events (PostgreSQL log) and that writes the snapshot's rows, so the
// active flags, the rows and the log can never disagree and the CLI sees its import the moment it
// returns. apply() is idempotent: re-applying an event leaves the same row.
import type { Knex } from 'knex';
import type { SnapshotEvent } from '../../domain/biomed/snapshot-lifecycle';
import { T } from '../../infra/biomed/store/tables';

export async function applySnapshotEvents(db: Knex | Knex.Transaction, streamId: string, events: readonly SnapshotEvent[]): Promise<void> {
  for (const event of events) {
    switch (event.type) {
      case 'SnapshotImportStarted': {
        const d = event.data;
        await db(T.snapshots).insert({
          snapshot_id: d.snapshot_id, resource: d.resource, stream_id: streamId, attempt: d.attempt, artifact_sha256: d.artifact_sha256,
          artifacts: JSON.stringify(d.artifacts), bytes: d.bytes, status: 'importing', forced: d.forced, created_at: d.started_at,
        }).onConflict('snapshot_id').ignore();
        if (d.superseded_snapshot_id) {
          await db(T.snapshots).where({ snapshot_id: d.superseded_snapshot_id, status: 'importing' })
            .update({ status: 'failed', error: `abandoned: superseded by ${d.snapshot_id}` });
        }
        break;
      }
      case 'SnapshotImportCompleted': {
        const d = event.data;
        await db(T.snapshots).where({ snapshot_id: d.snapshot_id }).update({
          status: 'completed', version: d.version, counts: JSON.stringify(d.counts), report: JSON.stringify(d.report), completed_at: d.completed_at,
        });
        break;
      }
      case 'SnapshotActivated': {
        const d = event.data;
        // The previous active snapshot of the resource stays readable; it is only no longer active.
        await db(T.snapshots).where({ resource: d.resource, active: true }).whereNot({ snapshot_id: d.snapshot_id })
          .update({ active: false, deactivated_at: d.activated_at });
        await db(T.snapshots).where({ snapshot_id: d.snapshot_id }).update({ active: true, activated_at: d.activated_at });
        break;
      }
      case 'SnapshotImportFailed': {
        const d = event.data;
        await db(T.snapshots).where({ snapshot_id: d.snapshot_id }).whereNot({ status: 'completed' })
          .update({ status: 'failed', error: d.error, report: JSON.stringify({ error: d.error, failed_at: d.failed_at }) });
        break;
      }
    }
  }
}
