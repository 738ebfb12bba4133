// JSON views of knowledge-graph nodes and edges for the /api/kg routes, with each edge's citations
// (evidence links of its claims: file, line, reference, evidence code) from the graph's citation table in
// memory (citation-table.ts) or, until that is loaded, one store query per answer; a path's qualifiers come
// from the table's bounded memo (one query for the claims it lacks). IS_A edges cite their ontology
// snapshot's hierarchy (claim_no -1: no claim row behind them).
import type { Knex } from 'knex';
import { EDGE_TYPES } from '../../domain/knowledge-graph/metagraph';
import type { ClaimRef, TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { T } from '../biomed/store/tables';
import { CITATIONS_PER_EDGE, CitationJson, CitationTable } from './citation-table';

export { CITATIONS_PER_EDGE, type CitationJson } from './citation-table';

export interface NodeJson { id: string; label: string; type: string }

export interface EdgeJson {
  source: string;
  target: string;
  type: string;
  /** forward: walked from its subject to its object (or a symmetric edge); reverse: walked against it. */
  direction: 'forward' | 'reverse';
  symmetric: boolean;
  /** How many claims state this edge (all cited when ≤ the citation cap). */
  claim_count: number;
  citations: CitationJson[];
}

export function nodeJson(g: TypedKnowledgeGraph, i: number): NodeJson {
  return { id: g.id(i), label: g.label(i), type: g.typeOf(i) };
}

/**
 * Reads the evidence of the given claims, keyed "snapshot_id#claim_no"; with `qualifiers` also each claim's
 * qualifiers (a path's few edges carry them; a page of neighbours does not, to stay small and fast).
 */
export async function readCitations(db: Knex, refs: readonly ClaimRef[], qualifiers = true): Promise<Map<string, CitationJson>> {
  const out = new Map<string, CitationJson>();
  const real = refs.filter((r) => r.claim_no >= 0);
  if (real.length > 0) {
    const { rows } = await db.raw(`select e.snapshot_id, e.claim_no, e.reference, e.source_file, e.source_line, e.evidence_code, ${qualifiers ? 'c.qualifiers' : 'null as qualifiers'}
      from unnest(?::text[], ?::int[]) as k(snapshot_id, claim_no)
      join ${T.evidence} e on e.snapshot_id = k.snapshot_id and e.claim_no = k.claim_no and e.link_no = 1
      ${qualifiers ? `join ${T.claims} c on c.snapshot_id = k.snapshot_id and c.claim_no = k.claim_no` : ''}`, [real.map((r) => r.snapshot_id), real.map((r) => r.claim_no)]);
    for (const r of rows as (Omit<CitationJson, 'resource'> & { qualifiers: unknown })[]) {
      const qualifiers = typeof r.qualifiers === 'string' ? JSON.parse(r.qualifiers) as Record<string, unknown> : (r.qualifiers as Record<string, unknown> | null);
      out.set(`${r.snapshot_id}#${r.claim_no}`, { ...r, resource: '', qualifiers });
    }
  }
  return out;
}

/**
 * Edges as JSON. `steps`: edge index, walk direction. Citations come from the graph's citation table when it
 * is loaded (no database round trip), else from one store read; both give the same answer.
 */
export async function edgesJson(
  db: Knex, g: TypedKnowledgeGraph, steps: readonly { edge: number; reverse: boolean }[], options: { qualifiers?: boolean; table?: CitationTable } = {},
): Promise<EdgeJson[]> {
  const qualifiers = options.qualifiers ?? true;
  const table = options.table;
  const perEdge = steps.map((s) => g.claimsOf(s.edge));
  const citations = table ? undefined : await readCitations(db, perEdge.flatMap((refs) => refs.slice(0, CITATIONS_PER_EDGE)), qualifiers);
  if (table && qualifiers) {
    await table.qualifiersFor(db, steps.flatMap((s, i) => Array.from({ length: Math.min(perEdge[i]!.length, CITATIONS_PER_EDGE) }, (_, k) => g.claimSlotStart(s.edge) + k)));
  }
  return steps.map((s, i) => {
    const refs = perEdge[i]!;
    const spec = EDGE_TYPES[g.edgeTypeIndex(s.edge)]!;
    const firstSlot = g.claimSlotStart(s.edge);
    return {
      source: g.id(g.edgeSource(s.edge)), target: g.id(g.edgeTarget(s.edge)), type: spec.type,
      direction: s.reverse ? 'reverse' : 'forward', symmetric: spec.symmetric, claim_count: refs.length,
      citations: refs.slice(0, CITATIONS_PER_EDGE).map((r, k) => {
        const found = table ? table.citation(firstSlot + k, qualifiers) : citations!.get(`${r.snapshot_id}#${r.claim_no}`);
        if (found) return table ? found : { ...found, resource: r.resource };
        return { snapshot_id: r.snapshot_id, resource: r.resource, claim_no: r.claim_no >= 0 ? r.claim_no : null, reference: r.claim_no < 0 ? `${r.resource} IS_A hierarchy` : null, source_file: null, source_line: null, evidence_code: null, qualifiers: null };
      }),
    };
  });
}
