// Where CAR-T candidate antigens come from, strongest first (each gene keeps every route it has):
// 1. clinical precedence — genes TARGETed by a compound the graph links to the disease by any Compound→Disease
//    relation (PharmacotherapyDB TREATS/PALLIATES and whatever the active snapshots add, e.g. ChEMBL's
//    approved-for / studied-for indications): an antigen someone already drugs in this disease;
// 2. cell population — lineage antigens of the disease's effector cell populations
//    (domain/target-scoring/cell-population-antigens.ts);
// 3. GWAS gene of the disease, 4. interactome partner of one (disease-relevance.ts).
// order_key orders them for the relevance factor: route first, then strength within the route.
import { DISEASE_CELL_POPULATIONS } from '../../../domain/target-scoring/cell-population-antigens';
import { EDGE_TYPES } from '../../../domain/knowledge-graph/metagraph';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { Relevance } from './disease-relevance';

export type CandidateRoute = 'clinical_precedence' | 'cell_population' | 'gwas' | 'interactor';

export interface Precedent { compound: string; label: string; relation: string }

export interface CandidateRelevance {
  route: CandidateRoute;
  order_key: number;
  precedents: Precedent[];
  populations: { id: string; name: string }[];
  genetic: Relevance | null;
}

/** Every Compound→Disease relation of the metagraph, so relations added by new importers are picked up. */
export const INDICATION_RELATIONS = EDGE_TYPES.filter((e) => e.from === 'Compound' && e.to === 'Disease').map((e) => e.type);
const INDICATION = edgeTypeMask(INDICATION_RELATIONS);
const TARGETS = edgeTypeMask(['TARGETS']);

export function clinicalPrecedents(g: TypedKnowledgeGraph, disease: number): Map<number, Precedent[]> {
  const out = new Map<number, Precedent[]>();
  const seen = new Set<string>();
  g.forEachPredecessor(disease, 'forward', INDICATION, (e, compound) => {
    if (g.typeOf(compound) !== 'Compound') return;
    const relation = g.edgeType(e);
    g.forEachStep(compound, 'forward', TARGETS, (_t, gene) => {
      const key = `${gene} ${compound} ${relation}`;
      if (seen.has(key)) return;
      seen.add(key);
      out.set(gene, [...(out.get(gene) ?? []), { compound: g.id(compound), label: g.label(compound), relation }]);
    });
  });
  for (const list of out.values()) list.sort((a, b) => (a.compound < b.compound ? -1 : a.compound > b.compound ? 1 : a.relation < b.relation ? -1 : 1));
  return out;
}

export function candidateRelevance(g: TypedKnowledgeGraph, diseaseCurie: string, disease: number, genetic: ReadonlyMap<number, Relevance>): Map<number, CandidateRelevance> {
  const precedents = clinicalPrecedents(g, disease);
  const populations = new Map<number, { id: string; name: string }[]>();
  for (const population of DISEASE_CELL_POPULATIONS.get(diseaseCurie)?.populations ?? []) {
    for (const antigen of population.antigens) {
      const node = g.lookup(antigen.gene);
      if (node === undefined || g.typeOf(node) !== 'Gene') continue;
      populations.set(node, [...(populations.get(node) ?? []), { id: population.id, name: population.name }]);
    }
  }
  const out = new Map<number, CandidateRelevance>();
  for (const gene of new Set([...precedents.keys(), ...populations.keys(), ...genetic.keys()])) {
    const p = precedents.get(gene) ?? [];
    const c = populations.get(gene) ?? [];
    const r = genetic.get(gene) ?? null;
    const distinctCompounds = new Set(p.map((x) => x.compound)).size;
    const [route, key]: [CandidateRoute, number] = p.length ? ['clinical_precedence', 3e6 + distinctCompounds]
      : c.length ? ['cell_population', 2e6 + c.length]
        : r!.kind === 'gwas' ? ['gwas', r!.order_key] : ['interactor', r!.order_key];
    out.set(gene, { route, order_key: key, precedents: p, populations: c, genetic: r });
  }
  return out;
}
