// The biomarker use case: the disease's GWAS genes combining genetic association, over-expression in the
// disease-relevant tissues and cell-surface evidence, every factor shown (score-biomarkers.ts). The relevant
// tissues are those the expression module finds enriched for the disease's over-expressed genes.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { cachedExpressionCalls, NO_BGEE } from '../gene-evidence/expression-cache';
import { readGwasAssociations } from '../gene-evidence/gwas-associations';
import { NO_SURFACEOME, readSurfaceAtlas } from '../gene-evidence/surface-evidence';
import { TISSUE_BACKGROUND, tissueEnrichment } from '../expression-profile/tissue-enrichment';
import { resolveDisease } from '../resolve-disease';
import { BiomarkerRow, scoreBiomarkers } from './score-biomarkers';

export const BIOMARKER_MODULE_ID = 'biomarker-discovery';
export const BIOMARKER_METHOD = 'Rank product (Breitling et al., FEBS Lett 2004) over the disease\'s GWAS genes of three factors: genetic association '
  + '(GWAS Catalog, strongest locus -log10 p), over-expression in disease-relevant tissues (Bgee; tissues enriched for over-expressed disease '
  + 'genes, hypergeometric with Benjamini–Hochberg FDR) and cell-surface evidence (GESP score, The Cancer Surfaceome Atlas, Hu et al. 2021)';
export const SECRETED_NOT_AVAILABLE = 'no secretome resource is imported (e.g. the Human Protein Atlas secretome, Uhlén et al., Sci Signal 2019): '
  + 'secreted proteins are not assessed, so the accessibility factor is cell-surface evidence only';

export interface BiomarkerParameters { disease_id: string; top_n: number; max_fdr: number }


const gene = (g: TypedKnowledgeGraph, node: number) => ({ id: g.id(node), symbol: g.label(node) });

function rowJson(g: TypedKnowledgeGraph, r: BiomarkerRow, relevantCount: number, position: number) {
  return {
    rank: position + 1, ...gene(g, r.gene), rank_product: r.rank_product,
    genetic: { best_p_value: r.best.p_value, best_mlog_pvalue: r.best.mlog_pvalue, confidence: r.high_confidence ? 'HC' : r.best.confidence, lead_snp: r.best.lead_snp, lead_pubmed_id: r.best.lead_pubmed_id, rank: r.ranks[0]! },
    over_expression: { relevant_tissues_over: r.over_in.map((a) => ({ id: g.id(a), label: g.label(a) })), count: r.over_in.length, of: relevantCount, rank: r.ranks[1]! },
    accessibility: { surface_gesp_score: r.surface?.gesp_score ?? null, max_score: r.surface?.max_score ?? null, secreted: null, rank: r.ranks[2]! },
    criteria: { high_confidence_association: r.high_confidence, over_expressed_in_relevant_tissue: r.over_in.length > 0, surface_evidence: (r.surface?.gesp_score ?? 0) > 0 },
  };
}

export async function runBiomarkers(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as BiomarkerParameters;
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease_id);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  if (!g.snapshots.some((s) => s.resource === 'gwas_catalog')) return { kind: 'not_available', reason: 'no gwas_catalog snapshot is active: the genetic-association factor needs the GWAS Catalog' };
  const calls = cachedExpressionCalls(g);
  if (calls.anatomy.length === 0) return { kind: 'not_available', reason: NO_BGEE };
  const atlas = await readSurfaceAtlas(deps.db, g);
  if (!atlas) return { kind: 'not_available', reason: NO_SURFACEOME };
  await context.progress(30, 'finding the disease-relevant tissues');
  const enrichment = tissueEnrichment(calls, diseaseGenes(g, resolved.node));
  const relevant = enrichment.rows.filter((r) => r.fdr <= parameters.max_fdr);
  await context.progress(60, 'scoring the disease genes');
  const rows = scoreBiomarkers(await readGwasAssociations(deps.db, g, resolved.node), calls, relevant.map((r) => r.key), atlas);
  const body = {
    sources: { surfaceome: { snapshot_id: atlas.snapshot_id, genes: atlas.byGene.size }, secreted: { status: 'not_available', reason: SECRETED_NOT_AVAILABLE } },
    relevant_tissues: {
      rule: `anatomy terms enriched for the disease's over-expressed genes at Benjamini–Hochberg FDR ≤ ${parameters.max_fdr} (one-sided hypergeometric; background: ${TISSUE_BACKGROUND})`,
      tissues: relevant.map((r) => ({ id: g.id(r.key), label: g.label(r.key), p: r.p, fdr: r.fdr, over: r.overlap.length })),
    },
    formula: 'rank_product = (rank_genetic · rank_over_expression · rank_accessibility)^(1/3), ranks 1 = best, ties share their mean rank; smaller is better',
    counts: { candidates: rows.length, all_criteria_met: rows.filter((r) => r.high_confidence && r.over_in.length > 0 && (r.surface?.gesp_score ?? 0) > 0).length, listed: Math.min(parameters.top_n, rows.length) },
    note: rows.length === 0 ? `${resolved.label} has no GWAS genes in the active snapshots: no candidate`
      : relevant.length === 0 ? `no tissue is enriched for ${resolved.label}'s over-expressed genes at FDR ≤ ${parameters.max_fdr}: the over-expression factor ties for every gene` : null,
    biomarkers: rows.slice(0, parameters.top_n).map((r, i) => rowJson(g, r, relevant.length, i)),
  };
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: BIOMARKER_MODULE_ID, method: BIOMARKER_METHOD, disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
