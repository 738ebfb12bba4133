// IS_A neighbourhood of a term over the edges of the ACTIVE snapshots: ancestors and descendants up
// to `depth` steps (0-3), each node at its shortest distance, plus the edges between them.
import type { Knex } from 'knex';
import { T } from '../store/tables';
import { labelsOf } from './conditions';

export interface HierarchyNode { curie: string; label: string | null; distance: number }
export interface Hierarchy { parents: HierarchyNode[]; children: HierarchyNode[]; edges: { child: string; parent: string }[] }

async function walk(db: Knex, active: readonly string[], curie: string, depth: number, direction: 'up' | 'down') {
  const [from, to] = direction === 'up' ? ['child', 'parent'] : ['parent', 'child'];
  const { rows } = await db.raw(`with recursive walk(child, parent, node, distance) as (
      select e.child, e.parent, e.${to}, 1 from ${T.edges} e where e.snapshot_id = any(?::text[]) and e.${from} = ?
      union
      select e.child, e.parent, e.${to}, w.distance + 1 from ${T.edges} e join walk w on e.${from} = w.node
      where e.snapshot_id = any(?::text[]) and w.distance < ?
    ) select child, parent, node, min(distance)::int as distance from walk group by child, parent, node`,
  [[...active], curie, [...active], depth]);
  return rows as { child: string; parent: string; node: string; distance: number }[];
}

export async function hierarchy(db: Knex, active: readonly string[], curie: string, depth: number): Promise<Hierarchy> {
  if (depth === 0 || active.length === 0) return { parents: [], children: [], edges: [] };
  const [up, down] = await Promise.all([walk(db, active, curie, depth, 'up'), walk(db, active, curie, depth, 'down')]);
  const nodes = (rows: typeof up) => {
    const best = new Map<string, number>();
    for (const r of rows) best.set(r.node, Math.min(best.get(r.node) ?? Infinity, r.distance));
    return best;
  };
  const parents = nodes(up);
  const children = nodes(down);
  const labels = await labelsOf(db, [...parents.keys(), ...children.keys()]);
  const list = (m: Map<string, number>) => [...m].map(([c, distance]) => ({ curie: c, label: labels.get(c) ?? null, distance }))
    .sort((a, b) => a.distance - b.distance || a.curie.localeCompare(b.curie));
  const edges = new Map<string, { child: string; parent: string }>();
  for (const r of [...up, ...down]) edges.set(`${r.child}>${r.parent}`, { child: r.child, parent: r.parent });
  return { parents: list(parents), children: list(children), edges: [...edges.values()].sort((a, b) => a.child.localeCompare(b.child) || a.parent.localeCompare(b.parent)) };
}
