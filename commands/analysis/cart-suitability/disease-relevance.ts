// Disease relevance of a candidate gene, by graph proximity to the disease: a GWAS gene of the disease
// (ASSOCIATES; its strongest locus's -log10 p) or, one step out, an interactome partner (INTERACTS_WITH) of
// one or more of its GWAS genes. Ordered lexicographically: every GWAS gene before every interactor; GWAS
// genes by -log10 p, interactors by how many disease genes they touch.
import { INTERACTOME_MASK } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { GwasAssociation } from '../gene-evidence/gwas-associations';
import { strongestPerGene } from '../gene-evidence/gwas-associations';

export interface Relevance {
  kind: 'gwas' | 'interactor';
  best: GwasAssociation | null;
  high_confidence: boolean;
  interacting_disease_genes: number[];
  /** Lexicographic (kind, strength) as one number for ranking: GWAS genes 1e6 + -log10 p, interactors their count. */
  order_key: number;
}

export function diseaseRelevance(g: TypedKnowledgeGraph, associations: readonly GwasAssociation[]): Map<number, Relevance> {
  const out = new Map<number, Relevance>();
  const strongest = strongestPerGene(associations);
  for (const [gene, s] of strongest) {
    out.set(gene, { kind: 'gwas', best: s.best, high_confidence: s.high_confidence, interacting_disease_genes: [], order_key: 1e6 + Math.max(0, s.best.mlog_pvalue ?? 0) });
  }
  for (const gene of strongest.keys()) {
    g.forEachStep(gene, 'forward', INTERACTOME_MASK, (_e, partner) => {
      const known = out.get(partner);
      if (known?.kind === 'gwas') { if (!known.interacting_disease_genes.includes(gene)) known.interacting_disease_genes.push(gene); return; }
      const r = known ?? { kind: 'interactor' as const, best: null, high_confidence: false, interacting_disease_genes: [], order_key: 0 };
      if (!r.interacting_disease_genes.includes(gene)) { r.interacting_disease_genes.push(gene); r.order_key = r.interacting_disease_genes.length; }
      out.set(partner, r);
    });
  }
  for (const r of out.values()) r.interacting_disease_genes.sort((a, b) => a - b);
  return out;
}
