// Reads of biomed.snapshots (the lifecycle read model): lists, one snapshot, the active set.
import type { Knex } from 'knex';
import { LEGACY_RESOURCE } from '../../../domain/biomed/legacy-curated';
import { T } from '../store/tables';

export interface SnapshotView {
  snapshot_id: string;
  resource: string;
  version: string | null;
  status: 'importing' | 'completed' | 'failed';
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

const COLUMNS = ['snapshot_id', 'resource', 'version', 'status', 'active', 'forced', 'artifact_sha256', 'bytes', 'artifacts', 'counts',
  'error', 'created_at', 'completed_at', 'activated_at', 'deactivated_at'];

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function json<V>(value: unknown): V {
  return (typeof value === 'string' ? JSON.parse(value) : value) as V;
}

export function toSnapshotView(row: Record<string, unknown>): SnapshotView {
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

export async function listSnapshots(db: Knex | Knex.Transaction, resource?: string): Promise<SnapshotView[]> {
  const query = db(T.snapshots).select(COLUMNS).orderBy([{ column: 'resource' }, { column: 'created_at', order: 'desc' }, { column: 'snapshot_id' }]);
  if (resource) query.where({ resource });
  return (await query).map(toSnapshotView);
}

export async function getSnapshot(db: Knex | Knex.Transaction, snapshotId: string): Promise<(SnapshotView & { report: Record<string, unknown> | null }) | undefined> {
  const row = await db(T.snapshots).where({ snapshot_id: snapshotId }).first([...COLUMNS, 'report']);
  if (!row) return undefined;
  return { ...toSnapshotView(row), report: row.report ? json<Record<string, unknown>>(row.report) : null };
}

/** The completed snapshot of this artifact, if it was imported before. */
export async function findCompleted(db: Knex | Knex.Transaction, resource: string, sha256: string): Promise<SnapshotView | undefined> {
  const row = await db(T.snapshots).where({ resource, artifact_sha256: sha256, status: 'completed' }).first(COLUMNS);
  return row ? toSnapshotView(row) : undefined;
}

export interface ActiveSnapshot { snapshot_id: string; resource: string; version: string | null; activated_at: string | null }

/**
 * The active snapshots canonical reads use. The legacy_curated snapshot (the project's own curated graph,
 * not public evidence) is left out: only the BIOMED_LEGACY_PROJECTION diagnostics read it.
 */
export async function activeSnapshots(db: Knex | Knex.Transaction): Promise<ActiveSnapshot[]> {
  const rows = await db(T.snapshots).where({ active: true }).whereNot({ resource: LEGACY_RESOURCE }).orderBy('resource').select('snapshot_id', 'resource', 'version', 'activated_at');
  return rows.map((r) => ({ snapshot_id: r.snapshot_id, resource: r.resource, version: r.version ?? null, activated_at: iso(r.activated_at) }));
}
