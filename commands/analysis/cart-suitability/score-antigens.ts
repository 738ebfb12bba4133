// CAR-T candidate antigens: genes with cell-surface evidence in the atlas (GESP > 0) that are relevant to the
// disease (diseaseRelevance), ranked by the rank product (domain/target-scoring/rank-product.ts) of three
// factors, each shown: surface evidence (GESP score, higher better), breadth of presence in vital normal
// tissues (domain/target-scoring/vital-tissues.ts; fewer better — on-target/off-tumour risk), disease
// relevance (GWAS gene before interactor; then -log10 p or the number of disease genes touched). A gene Bgee
// has no presence call for at all is not "absent from vital tissues": its breadth is null (not measured) and
// it ranks last on that factor.
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { rankProduct } from '../../../domain/target-scoring/rank-product';
import type { SurfaceAtlas, SurfaceEvidence } from '../gene-evidence/surface-evidence';
import type { Relevance } from './disease-relevance';

export interface AntigenRow {
  gene: number;
  surface: SurfaceEvidence;
  vital: number[] | null;
  relevance: Relevance;
  ranks: number[];
  rank_product: number;
}

export function scoreAntigens(atlas: SurfaceAtlas, calls: ExpressionCalls, relevance: ReadonlyMap<number, Relevance>, vitalNodes: readonly number[]): AntigenRow[] {
  const candidates = [...atlas.byGene].filter(([gene, s]) => s.gesp_score > 0 && relevance.has(gene)).sort((a, b) => a[0] - b[0]);
  const vital = new Set(vitalNodes);
  const rows = candidates.map(([gene, surface]) => {
    const present = calls.byGene.present.get(gene);
    return { gene, surface, vital: present ? present.filter((a) => vital.has(a)) : null, relevance: relevance.get(gene)! };
  });
  const { ranks, rp } = rankProduct([
    { values: rows.map((r) => r.surface.gesp_score), direction: 'higher_is_better' },
    { values: rows.map((r) => (r.vital === null ? vitalNodes.length + 1 : r.vital.length)), direction: 'lower_is_better' },
    { values: rows.map((r) => r.relevance.order_key), direction: 'higher_is_better' },
  ]);
  return rows.map((r, i) => ({ ...r, ranks: ranks[i]!, rank_product: rp[i]! })).sort((a, b) => a.rank_product - b.rank_product || a.gene - b.gene);
}
