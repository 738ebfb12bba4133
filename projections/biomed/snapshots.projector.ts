// biomed.snapshots as the read model of the snapshot lifecycle events. A registered projector (the
// runner creates, feeds and rebuilds it like any other), and ALSO applied inline by
// commands/biomed/snapshot-events.ts in the transaction that appends the events and writes the
// snapshot's rows, so the active flags, the rows and the log never disagree and the CLI sees its import
// the moment it returns. The runner then applies the same events a second time: every case below is
// idempotent, and an activation replayed after a newer one of the same resource changes nothing, so
// readers never see an older snapshot flicker back to active while the runner catches up.
import type { Knex } from 'knex';
import { SNAPSHOT_EVENT_TYPES, SnapshotEvent } from '../../domain/biomed/snapshot-lifecycle';
import { signalActivation } from '../../infra/biomed/store/activation-signal';
import type { RecordedEvent } from '../../infra/event-store/event-store';
import { liveTableNames, Projector, TableNames } from '../projector';
import { createCheckpoint } from '../runner/checkpoints';
import { createSnapshotsTable, SNAPSHOTS_TABLE } from './snapshots.tables';

const NAME = 'biomed_snapshots';
const VERSION = 1;

async function applyOne(db: Knex | Knex.Transaction, table: string, streamId: string, event: SnapshotEvent): Promise<void> {
  switch (event.type) {
    case 'SnapshotImportStarted': {
      const d = event.data;
      await db(table).insert({
        snapshot_id: d.snapshot_id, resource: d.resource, stream_id: streamId, attempt: d.attempt, artifact_sha256: d.artifact_sha256,
        artifacts: JSON.stringify(d.artifacts), bytes: d.bytes, status: 'importing', forced: d.forced, created_at: d.started_at,
      }).onConflict('snapshot_id').ignore();
      if (d.superseded_snapshot_id) {
        await db(table).where({ snapshot_id: d.superseded_snapshot_id, status: 'importing' })
          .update({ status: 'failed', error: `abandoned: superseded by ${d.snapshot_id}` });
      }
      return;
    }
    case 'SnapshotImportCompleted': {
      const d = event.data;
      await db(table).where({ snapshot_id: d.snapshot_id }).update({
        status: 'completed', version: d.version, counts: JSON.stringify(d.counts), report: JSON.stringify(d.report), completed_at: d.completed_at,
      });
      return;
    }
    case 'SnapshotActivated': {
      const d = event.data;
      // Replayed after a later activation of the resource: that later one stands.
      const newer = await db(table).where({ resource: d.resource, active: true }).whereNot({ snapshot_id: d.snapshot_id })
        .where('activated_at', '>', d.activated_at).first('snapshot_id');
      if (newer) return;
      // The previous active snapshot of the resource stays readable; it is only no longer active.
      await db(table).where({ resource: d.resource, active: true }).whereNot({ snapshot_id: d.snapshot_id })
        .update({ active: false, deactivated_at: d.activated_at });
      await db(table).where({ snapshot_id: d.snapshot_id }).update({ active: true, activated_at: d.activated_at });
      return;
    }
    case 'SnapshotImportFailed': {
      const d = event.data;
      await db(table).where({ snapshot_id: d.snapshot_id }).whereNot({ status: 'completed' })
        .update({ status: 'failed', error: d.error, report: JSON.stringify({ error: d.error, failed_at: d.failed_at }) });
      return;
    }
  }
}

/**
 * Once the transaction that applied an activation commits, this process's caches of the active set read it
 * again (infra/biomed/store/activation-signal.ts); a rolled-back one changed nothing.
 */
function signalActivationsOnCommit(trx: Knex | Knex.Transaction, types: readonly string[]): void {
  if (!types.includes('SnapshotActivated')) return;
  let outermost = trx as { executionPromise?: Promise<unknown>; parentTransaction?: unknown };
  while (outermost.parentTransaction) outermost = outermost.parentTransaction as typeof outermost; // a savepoint's promise settles before the commit
  const committed = outermost.executionPromise;
  if (committed) committed.then(signalActivation, () => undefined);
  else signalActivation(); // not a transaction: already committed
}

export const biomedSnapshotsProjector: Projector = {
  name: NAME,
  version: VERSION,
  eventTypes: SNAPSHOT_EVENT_TYPES,
  tables: [SNAPSHOTS_TABLE],
  createTables: (trx, names) => createSnapshotsTable(trx, names[SNAPSHOTS_TABLE]!),
  async apply(trx: Knex.Transaction, events: readonly RecordedEvent[], names: TableNames) {
    for (const event of events) {
      await applyOne(trx, names[SNAPSHOTS_TABLE]!, event.streamId, { type: event.type, data: event.data } as SnapshotEvent);
    }
    signalActivationsOnCommit(trx, events.map((e) => e.type));
  },
};

/**
 * The inline application: the same apply() on the live table, in the caller's transaction. It also
 * makes sure the projection has a checkpoint, so a runner starting later replays the log onto these
 * rows (idempotently) instead of treating a table without a checkpoint as untrustworthy and dropping it.
 */
export async function applySnapshotEventsInline(trx: Knex.Transaction, streamId: string, events: readonly SnapshotEvent[]): Promise<void> {
  if (events.length === 0) return;
  await createCheckpoint(trx, NAME, VERSION);
  const table = liveTableNames(biomedSnapshotsProjector)[SNAPSHOTS_TABLE]!;
  for (const event of events) await applyOne(trx, table, streamId, event);
  signalActivationsOnCommit(trx, events.map((e) => e.type));
}
