// Store statistics over the ACTIVE snapshots (GET /api/v1/analytics/stats): row counts per snapshot
// (terms, IS_A edges, claims, mappings), the distribution of term kinds and of claim predicates (with
// their evidence directions), and the snapshots it was computed from.
import type { Knex } from 'knex';
import { T } from '../store/tables';
import { activeSnapshots, ActiveSnapshot } from './active-snapshots';

export interface SnapshotCounts { snapshot_id: string; resource: string; version: string | null; terms: number; edges: number; claims: number; mappings: number }

export interface StoreStats {
  per_snapshot: SnapshotCounts[];
  totals: { terms: number; edges: number; claims: number; mappings: number };
  entity_kinds: { kind: string; count: number; obsolete: number }[];
  predicates: { predicate: string; count: number; supports: number; contradicts: number; neutral: number }[];
  snapshots: ActiveSnapshot[];
}

async function countBy(db: Knex, table: string, active: string[]): Promise<Map<string, number>> {
  const { rows } = await db.raw(`select snapshot_id, count(*)::int as n from ${table} where snapshot_id = any(?::text[]) group by snapshot_id`, [active]);
  return new Map((rows as { snapshot_id: string; n: number }[]).map((r) => [r.snapshot_id, r.n]));
}

export async function storeStats(db: Knex): Promise<StoreStats> {
  const snapshots = await activeSnapshots(db);
  const active = snapshots.map((s) => s.snapshot_id);
  const [terms, edges, claims, mappings] = await Promise.all([T.terms, T.edges, T.claims, T.mappings].map((t) => countBy(db, t, active)));
  const perSnapshot = snapshots.map((s) => ({
    snapshot_id: s.snapshot_id, resource: s.resource, version: s.version,
    terms: terms!.get(s.snapshot_id) ?? 0, edges: edges!.get(s.snapshot_id) ?? 0, claims: claims!.get(s.snapshot_id) ?? 0, mappings: mappings!.get(s.snapshot_id) ?? 0,
  }));
  const sum = (k: 'terms' | 'edges' | 'claims' | 'mappings') => perSnapshot.reduce((n, s) => n + s[k], 0);
  const kinds = (await db.raw(`select kind, count(*)::int as count, (count(*) filter (where obsolete))::int as obsolete from ${T.terms}
    where snapshot_id = any(?::text[]) group by kind order by count(*) desc, kind`, [active])).rows as StoreStats['entity_kinds'];
  const predicates = (await db.raw(`select predicate, count(*)::int as count,
      (count(*) filter (where evidence_direction = 'supports'))::int as supports,
      (count(*) filter (where evidence_direction = 'contradicts'))::int as contradicts,
      (count(*) filter (where evidence_direction = 'neutral'))::int as neutral
    from ${T.claims} where snapshot_id = any(?::text[]) group by predicate order by count(*) desc, predicate`, [active])).rows as StoreStats['predicates'];
  return {
    per_snapshot: perSnapshot, totals: { terms: sum('terms'), edges: sum('edges'), claims: sum('claims'), mappings: sum('mappings') },
    entity_kinds: kinds, predicates, snapshots,
  };
}
