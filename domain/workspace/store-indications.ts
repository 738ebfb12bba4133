// Drugs the knowledge graph of the active snapshots says are indicated for the disease: a TREATS edge (a
// supporting indication claim: PharmacotherapyDB's disease-modifying indications, other indication resources)
// or an APPROVED_FOR edge (ChEMBL's indications at max phase 4) from the compound into the disease or a
// disease below it (IS_A). STUDIED_FOR (phases 1-3) is not an indication and is not read. A repurposing answer lists these apart as
// "already indicated" (answer-shape.ts), citing the resource. Pure.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const TREATS = edgeTypeIndex('TREATS')!;
const APPROVED_FOR = edgeTypeIndex('APPROVED_FOR')!;
const IS_A = edgeTypeIndex('IS_A')!;
const MAX_DISEASES = 5000;

function mask(...types: number[]): Uint8Array {
  const m = new Uint8Array(32);
  for (const type of types) m[type] = 1;
  return m;
}

/** Compound node id → the resources whose TREATS or APPROVED_FOR claims say it is indicated for the disease (or a subtype). */
export function storeIndications(g: TypedKnowledgeGraph, diseaseCurie: string): Map<string, string> {
  const root = g.lookup(diseaseCurie);
  const out = new Map<string, string>();
  if (root === undefined) return out;
  const diseases = [root];
  const seen = new Set([root]);
  for (let i = 0; i < diseases.length && diseases.length < MAX_DISEASES; i++) {
    g.forEachStep(diseases[i]!, 'any', mask(IS_A), (e, other) => {
      if (g.edgeTarget(e) === diseases[i] && !seen.has(other)) { seen.add(other); diseases.push(other); }
    });
  }
  for (const d of diseases) {
    g.forEachStep(d, 'any', mask(TREATS, APPROVED_FOR), (e, compound) => {
      if (g.edgeTarget(e) !== d) return;
      const resources = [...new Set(g.claimsOf(e).map((c) => c.resource))].sort().join(', ');
      const id = g.id(compound);
      if (!out.has(id)) out.set(id, `${resources} (knowledge graph: ${g.label(d) || g.id(d)})`);
    });
  }
  return out;
}
