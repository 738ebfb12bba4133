// The active set of the store: which snapshots' rows canonical reads use. It stays beside the content
// readers (this folder) rather than in projections/biomed/snapshots.queries.ts because it is the store's
// own pointer: the importer flips it in the transaction that writes the rows, the content readers here
// (a layer below projections) need it, and search/discover/importers join on the same flag.
import type { Knex } from 'knex';
import { LEGACY_RESOURCE } from '../../../domain/biomed/legacy-curated';
import { T } from '../store/tables';

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
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
