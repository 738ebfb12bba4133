// Biomarker candidates: the disease's GWAS genes, ranked by the rank product (domain/target-scoring/
// rank-product.ts) of three factors, each shown: genetic association (the gene's strongest locus, -log10 p;
// higher better), over-expression in disease-relevant tissue (the number of relevant tissues where Bgee calls
// the gene over-expressed; higher better) and accessibility (the surfaceome atlas's GESP score; higher
// better — a protein on the cell surface can be shed or measured on cells in blood). A missing value (no p,
// not in the atlas) ranks last on its factor; it is absence of evidence, never evidence against.
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { rankProduct } from '../../../domain/target-scoring/rank-product';
import type { GwasAssociation } from '../gene-evidence/gwas-associations';
import { strongestPerGene } from '../gene-evidence/gwas-associations';
import type { SurfaceAtlas, SurfaceEvidence } from '../gene-evidence/surface-evidence';

export interface BiomarkerRow {
  gene: number;
  best: GwasAssociation;
  high_confidence: boolean;
  over_in: number[];
  surface: SurfaceEvidence | null;
  ranks: number[];
  rank_product: number;
}

export function scoreBiomarkers(associations: readonly GwasAssociation[], calls: ExpressionCalls, relevantTissues: readonly number[], atlas: SurfaceAtlas): BiomarkerRow[] {
  const relevant = new Set(relevantTissues);
  const rows = [...strongestPerGene(associations)].sort((a, b) => a[0] - b[0]).map(([gene, s]) => ({
    gene, best: s.best, high_confidence: s.high_confidence,
    over_in: (calls.byGene.over.get(gene) ?? []).filter((a) => relevant.has(a)), surface: atlas.byGene.get(gene) ?? null,
  }));
  const { ranks, rp } = rankProduct([
    { values: rows.map((r) => Math.max(0, r.best.mlog_pvalue ?? 0)), direction: 'higher_is_better' },
    { values: rows.map((r) => r.over_in.length), direction: 'higher_is_better' },
    { values: rows.map((r) => r.surface?.gesp_score ?? 0), direction: 'higher_is_better' },
  ]);
  return rows.map((r, i) => ({ ...r, ranks: ranks[i]!, rank_product: rp[i]! })).sort((a, b) => a.rank_product - b.rank_product || a.gene - b.gene);
}
