// Where CAR-T candidate antigens come from, strongest first (each gene keeps every route it has):
// 1. clinical precedence — genes TARGETed by a compound approved for the disease or tested for it in a trial of
//    phase 2 or later: PharmacotherapyDB TREATS (disease-modifying) and ChEMBL APPROVED_FOR (max phase 4) always
//    count; ChEMBL STUDIED_FOR only when its claim's max_phase_for_ind is ≥ 2 (a phase 1 or unphased study tests
//    safety or dose, not the disease). PALLIATES (PharmacotherapyDB's symptomatic uses) does not count: treating a
//    symptom is no precedent for a disease antigen — on the seed slice amitriptyline, pregabalin and gabapentin (pain
//    in SLE) made SLC6A2, SLC6A4 and CACNA2D1/2 SLE's top CAR-T antigens (issue 29). Other Compound→Disease
//    relations a new importer adds do not count until listed here;
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

/** Relations that are precedence by themselves: approved disease-modifying uses and ChEMBL's phase 4 indications. */
export const APPROVED_RELATIONS = ['TREATS', 'APPROVED_FOR'] as const;
/** ChEMBL's trial-phase relation: precedence only from MIN_PRECEDENCE_PHASE (its claims' max_phase_for_ind). */
export const STUDIED_RELATION = 'STUDIED_FOR';
export const MIN_PRECEDENCE_PHASE = 2;
const PRECEDENCE_RELATIONS = [...APPROVED_RELATIONS, STUDIED_RELATION];
for (const r of PRECEDENCE_RELATIONS) {
  if (!EDGE_TYPES.some((e) => e.type === r && e.from === 'Compound' && e.to === 'Disease')) throw new Error(`${r} is not a Compound→Disease relation`);
}
const INDICATION = edgeTypeMask(PRECEDENCE_RELATIONS);
const TARGETS = edgeTypeMask(['TARGETS']);

/**
 * Genes targeted by the disease's precedent compounds. `studiedPhase`: the highest max_phase_for_ind among a
 * STUDIED_FOR edge's claims (edge index → phase; an edge absent from it has no phase and does not count).
 */
export function clinicalPrecedents(g: TypedKnowledgeGraph, disease: number, studiedPhase: ReadonlyMap<number, number> = new Map()): Map<number, Precedent[]> {
  const out = new Map<number, Precedent[]>();
  const seen = new Set<string>();
  g.forEachPredecessor(disease, 'forward', INDICATION, (e, compound) => {
    if (g.typeOf(compound) !== 'Compound') return;
    const relation = g.edgeType(e);
    if (relation === STUDIED_RELATION && !((studiedPhase.get(e) ?? -1) >= MIN_PRECEDENCE_PHASE)) return;
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

export function candidateRelevance(
  g: TypedKnowledgeGraph, diseaseCurie: string, disease: number, genetic: ReadonlyMap<number, Relevance>, studiedPhase: ReadonlyMap<number, number> = new Map(),
): Map<number, CandidateRelevance> {
  const precedents = clinicalPrecedents(g, disease, studiedPhase);
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
