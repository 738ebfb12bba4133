// The trial phase of each ChEMBL STUDIED_FOR edge into a disease: the highest max_phase_for_ind among the edge's
// claims (the chembl importer keeps it as the claim qualifier max_phase; infra/biomed/importers/chembl.ts). The graph
// gives the edges and their claims, the store their qualifiers (one query). A claim without a numeric phase adds
// nothing, so an edge with no phased claim is absent from the map (and is no clinical precedence).
import type { Knex } from 'knex';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { claimKey, readClaimQualifiers } from '../network-medicine/claim-qualifiers';
import { STUDIED_RELATION } from './candidate-sources';

export async function readStudiedPhases(db: Knex, g: TypedKnowledgeGraph, disease: number): Promise<Map<number, number>> {
  const allowed = new Uint8Array(32);
  allowed[edgeTypeIndex(STUDIED_RELATION)!] = 1;
  const edges: { edge: number; refs: ReturnType<TypedKnowledgeGraph['claimsOf']> }[] = [];
  g.forEachPredecessor(disease, 'forward', allowed, (e) => edges.push({ edge: e, refs: g.claimsOf(e) }));
  if (edges.length === 0) return new Map();
  const qualifiers = await readClaimQualifiers(db, edges.flatMap((e) => e.refs));
  const out = new Map<number, number>();
  for (const { edge, refs } of edges) {
    for (const ref of refs) {
      const phase = qualifiers.get(claimKey(ref))?.max_phase;
      if (typeof phase === 'number' && Number.isFinite(phase) && phase > (out.get(edge) ?? -Infinity)) out.set(edge, phase);
    }
  }
  return out;
}
