// The expression use case: the tissue profile of a disease's GWAS genes in Bgee (presence, over- and
// under-expression per anatomy term), the tissues enriched for over-expressed disease genes
// (hypergeometric, BH FDR) and the gene–gene similarity of their presence across anatomy (Jaccard).
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { cachedExpressionCalls, NO_BGEE } from '../gene-evidence/expression-cache';
import { resolveDisease } from '../resolve-disease';
import { geneSimilarity } from './gene-similarity';
import { TISSUE_BACKGROUND, tissueEnrichment } from './tissue-enrichment';

export const EXPRESSION_MODULE_ID = 'expression-profile';
export const EXPRESSION_METHOD = 'Tissue profile of the disease\'s GWAS genes in Bgee (Bastian et al., NAR 2021): presence and differential-expression '
  + 'calls per anatomy term; tissues enriched for over-expressed disease genes by the one-sided hypergeometric test with Benjamini–Hochberg '
  + 'FDR (Benjamini & Hochberg 1995); gene–gene similarity as the Jaccard index (Jaccard 1912) of their presence across anatomy terms';

export interface ExpressionParameters { disease_id: string; top_n: number; max_fdr: number }


const gene = (g: TypedKnowledgeGraph, node: number) => ({ id: g.id(node), symbol: g.label(node) });
const count = (m: ReadonlyMap<number, readonly number[]>, key: number, within?: ReadonlySet<number>) => (m.get(key) ?? []).filter((x) => !within || within.has(x)).length;

/** The result body: tissue tests, per-gene counts and the most similar pairs. */
function expressionBody(g: TypedKnowledgeGraph, calls: ExpressionCalls, genes: number[], parameters: ExpressionParameters, label: string) {
  const geneSet = new Set(genes);
  const enrichment = tissueEnrichment(calls, genes);
  const significant = enrichment.rows.filter((r) => r.fdr <= parameters.max_fdr);
  const similarity = geneSimilarity(calls, genes, parameters.top_n);
  const bgee = g.snapshots.find((s) => s.resource === 'bgee');
  const listed = enrichment.rows.slice(0, parameters.top_n);
  // Per gene, its call in each listed tissue (same order as `tissues`): the heatmap's cells.
  const callsIn = (x: number) => {
    const set = (kind: 'over' | 'under' | 'present') => new Set(calls.byGene[kind].get(x) ?? []);
    const over = set('over'), under = set('under'), present = set('present');
    return listed.map((r) => (over.has(r.key) ? 'over' : under.has(r.key) ? 'under' : present.has(r.key) ? 'present' : null));
  };
  return {
    sources: { bgee: { snapshot_id: bgee?.snapshot_id ?? null, anatomy_terms: calls.anatomy.length, genes_with_presence_calls: calls.byGene.present.size, genes_with_diffex_calls: enrichment.background } },
    background: { definition: TISSUE_BACKGROUND, size: enrichment.background },
    query: {
      disease_genes: genes.length, with_presence_calls: genes.filter((x) => calls.byGene.present.has(x)).length,
      tested_genes: enrichment.query.length, outside_background: genes.length - enrichment.query.length,
    },
    counts: { tissues_tested: enrichment.rows.length, significant: significant.length, listed: Math.min(parameters.top_n, enrichment.rows.length) },
    note: genes.length === 0 ? `${label} has no GWAS genes in the knowledge graph (no ASSOCIATES edges): no profile to compute`
      : enrichment.query.length === 0 ? 'none of the disease\'s genes has a Bgee differential-expression call: no tissue tested' : null,
    tissues: listed.map((r) => ({
      id: g.id(r.key), label: g.label(r.key), present: count(calls.byAnatomy.present, r.key, geneSet), over: r.overlap.length,
      under: count(calls.byAnatomy.under, r.key, geneSet), tissue_over_genes: r.size, expected: r.expected, fold_enrichment: r.fold_enrichment,
      p: r.p, fdr: r.fdr, genes_over: r.overlap.map((x) => gene(g, x)),
    })),
    genes: genes.map((x) => ({
      ...gene(g, x), present_in: count(calls.byGene.present, x), over_in: count(calls.byGene.over, x), under_in: count(calls.byGene.under, x),
      over_in_significant_tissues: significant.filter((r) => r.overlap.includes(x)).map((r) => g.id(r.key)), listed_tissue_calls: callsIn(x),
    })).sort((a, b) => b.over_in - a.over_in || a.symbol.localeCompare(b.symbol) || a.id.localeCompare(b.id)),
    similarity: {
      method: 'Jaccard index of the anatomy terms where Bgee calls each gene present (|A ∩ B| / |A ∪ B|)',
      genes_compared: similarity.compared, pairs_compared: similarity.pairs,
      pairs: similarity.top.map((p) => ({ a: gene(g, p.a), b: gene(g, p.b), jaccard: p.index, shared: p.intersection, union: p.union })),
    },
  };
}

export async function runExpression(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as ExpressionParameters;
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease_id);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  const calls = cachedExpressionCalls(g);
  if (calls.anatomy.length === 0) return { kind: 'not_available', reason: NO_BGEE };
  await context.progress(30, 'testing tissues and comparing the genes\' presence across anatomy');
  const body = expressionBody(g, calls, diseaseGenes(g, resolved.node), parameters, resolved.label);
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: EXPRESSION_MODULE_ID, method: EXPRESSION_METHOD, disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
