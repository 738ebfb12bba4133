// CAR-T candidate antigens: genes relevant to the disease (candidate-sources.ts) that pass the cell-surface gate
// (domain/target-scoring/surface-gate.ts: listed by CSPA or SURFY), ranked by the rank product
// (domain/target-scoring/rank-product.ts) of two factors, each shown: disease relevance (clinical precedence, then
// cell-population antigen, then GWAS gene, then interactor; strength within each) and the safety term, breadth of
// presence in vital normal tissues (domain/target-scoring/vital-tissues.ts; fewer better — on-target/off-tumour
// risk). Surface evidence is a gate, not a factor: it cannot be traded against relevance. A gene Bgee has no
// presence call for at all is not "absent from vital tissues": its breadth is null (not measured) and it ranks last
// on that factor. Genes failing the gate are counted and listed, never ranked.
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { rankProduct } from '../../../domain/target-scoring/rank-product';
import { gateResources } from '../../../domain/target-scoring/surface-gate';
import type { SurfaceAtlas, SurfaceEvidence } from '../gene-evidence/surface-evidence';
import type { CandidateRelevance } from './candidate-sources';

export interface AntigenRow {
  gene: number;
  surface: SurfaceEvidence;
  gate: string[];
  vital: number[] | null;
  relevance: CandidateRelevance;
  /** [relevance rank, vital-tissue rank]. */
  ranks: number[];
  rank_product: number;
}

export interface GatedOut { gene: number; relevance: CandidateRelevance; surface: SurfaceEvidence | null }

export function scoreAntigens(
  atlas: SurfaceAtlas, calls: ExpressionCalls, relevance: ReadonlyMap<number, CandidateRelevance>, vitalNodes: readonly number[],
): { rows: AntigenRow[]; gatedOut: GatedOut[] } {
  const gatedOut: GatedOut[] = [];
  const passing: { gene: number; surface: SurfaceEvidence; gate: string[] }[] = [];
  for (const gene of [...relevance.keys()].sort((a, b) => a - b)) {
    const surface = atlas.byGene.get(gene) ?? null;
    const gate = surface ? gateResources(surface.resources) : [];
    if (surface && gate.length) passing.push({ gene, surface, gate }); else gatedOut.push({ gene, relevance: relevance.get(gene)!, surface });
  }
  const vital = new Set(vitalNodes);
  const rows = passing.map(({ gene, surface, gate }) => {
    const present = calls.byGene.present.get(gene);
    return { gene, surface, gate, vital: present ? present.filter((a) => vital.has(a)) : null, relevance: relevance.get(gene)! };
  });
  const { ranks, rp } = rankProduct([
    { values: rows.map((r) => r.relevance.order_key), direction: 'higher_is_better' },
    { values: rows.map((r) => (r.vital === null ? vitalNodes.length + 1 : r.vital.length)), direction: 'lower_is_better' },
  ]);
  const scored = rows.map((r, i) => ({ ...r, ranks: ranks[i]!, rank_product: rp[i]! })).sort((a, b) => a.rank_product - b.rank_product || a.gene - b.gene);
  gatedOut.sort((a, b) => b.relevance.order_key - a.relevance.order_key || a.gene - b.gene);
  return { rows: scored, gatedOut };
}
