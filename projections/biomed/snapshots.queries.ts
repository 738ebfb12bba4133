// Reads of the snapshot lifecycle read model: every snapshot (active or not), one snapshot with its
// import report, the completed snapshot of an artifact, the active snapshot of a resource. Built on a
// knex or on a transaction (the import asks inside its own).
import type { Knex } from 'knex';
import type { SnapshotStatus } from '../../domain/biomed/snapshot-lifecycle';
import { SNAPSHOTS_TABLE } from './snapshots.tables';

export interface SnapshotView {
  snapshot_id: string;
  resource: string;
  version: string | null;
  status: SnapshotStatus;
  active: boolean;
  forced: boolean;
  artifact_sha256: string;
  bytes: number;
  artifacts: unknown[];
  counts: Record<string, number> | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  activated_at: string | null;
  deactivated_at: string | null;
}

export type SnapshotWithReport = SnapshotView & { report: Record<string, unknown> | null };

export interface SnapshotQueries {
  /** Newest first per resource; superseded and failed snapshots included. */
  list(resource?: string): Promise<SnapshotView[]>;
  get(snapshotId: string): Promise<SnapshotWithReport | undefined>;
  /** The completed snapshot of this artifact, if it was imported before. */
  findCompleted(resource: string, sha256: string): Promise<SnapshotView | undefined>;
  /** The id of the resource's active snapshot, if any. */
  activeSnapshotId(resource: string): Promise<string | null>;
  /** Whether any resource has an active snapshot (a fresh store has none). */
  anyActive(): Promise<boolean>;
}

const COLUMNS = ['snapshot_id', 'resource', 'version', 'status', 'active', 'forced', 'artifact_sha256', 'bytes', 'artifacts', 'counts',
  'error', 'created_at', 'completed_at', 'activated_at', 'deactivated_at'];

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function json<V>(value: unknown): V {
  return (typeof value === 'string' ? JSON.parse(value) : value) as V;
}

function toSnapshotView(row: Record<string, unknown>): SnapshotView {
  return {
    snapshot_id: row.snapshot_id as string,
    resource: row.resource as string,
    version: (row.version as string | null) ?? null,
    status: row.status as SnapshotView['status'],
    active: row.active === true,
    forced: row.forced === true,
    artifact_sha256: row.artifact_sha256 as string,
    bytes: Number(row.bytes),
    artifacts: json<unknown[]>(row.artifacts) ?? [],
    counts: row.counts ? json<Record<string, number>>(row.counts) : null,
    error: (row.error as string | null) ?? null,
    created_at: iso(row.created_at)!,
    completed_at: iso(row.completed_at),
    activated_at: iso(row.activated_at),
    deactivated_at: iso(row.deactivated_at),
  };
}

export function snapshotQueries(db: Knex | Knex.Transaction): SnapshotQueries {
  return {
    async list(resource) {
      const query = db(SNAPSHOTS_TABLE).select(COLUMNS)
        .orderBy([{ column: 'resource' }, { column: 'created_at', order: 'desc' }, { column: 'snapshot_id' }]);
      if (resource) query.where({ resource });
      return (await query).map(toSnapshotView);
    },
    async get(snapshotId) {
      const row = await db(SNAPSHOTS_TABLE).where({ snapshot_id: snapshotId }).first([...COLUMNS, 'report']);
      if (!row) return undefined;
      return { ...toSnapshotView(row), report: row.report ? json<Record<string, unknown>>(row.report) : null };
    },
    async findCompleted(resource, sha256) {
      const row = await db(SNAPSHOTS_TABLE).where({ resource, artifact_sha256: sha256, status: 'completed' }).first(COLUMNS);
      return row ? toSnapshotView(row) : undefined;
    },
    async activeSnapshotId(resource) {
      const row = await db(SNAPSHOTS_TABLE).where({ resource, active: true }).first('snapshot_id');
      return (row?.snapshot_id as string | undefined) ?? null;
    },
    async anyActive() {
      return (await db(SNAPSHOTS_TABLE).where({ active: true }).first('snapshot_id')) !== undefined;
    },
  };
}
