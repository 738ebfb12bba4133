// The CAR-T suitability use case: candidate antigens for the disease scored on cell-surface evidence, vital
// normal tissue presence and disease relevance (score-antigens.ts), every factor and rank shown.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { VITAL_TISSUES } from '../../../domain/target-scoring/vital-tissues';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { cachedExpressionCalls, NO_BGEE } from '../gene-evidence/expression-cache';
import { readGwasAssociations } from '../gene-evidence/gwas-associations';
import { NO_SURFACEOME, readSurfaceAtlas } from '../gene-evidence/surface-evidence';
import { resolveDisease } from '../resolve-disease';
import { SURFACE_GATE_RULE } from '../../../domain/target-scoring/surface-gate';
import { DISEASE_CELL_POPULATIONS } from '../../../domain/target-scoring/cell-population-antigens';
import { APPROVED_RELATIONS, candidateRelevance, CandidateRelevance, MIN_PRECEDENCE_PHASE, STUDIED_RELATION } from './candidate-sources';
import { diseaseRelevance } from './disease-relevance';
import { AntigenRow, GatedOut, scoreAntigens } from './score-antigens';
import { readStudiedPhases } from './studied-phases';

export const CART_MODULE_ID = 'cart-suitability';
export const CART_METHOD = 'Rank product (Breitling et al., FEBS Lett 2004) of three factors of each candidate antigen: cell-surface evidence '
  + '(GESP score of The Cancer Surfaceome Atlas, Hu et al., Nature Cancer 2021), presence in vital normal tissues (Bgee; fewer is better: '
  + 'on-target/off-tumour risk, the screen of Perna et al., Cancer Cell 2017) and disease relevance (GWAS gene, else interactome partner of one)';

export interface CartParameters { disease: string; top_n: number }


const gene = (g: TypedKnowledgeGraph, node: number) => ({ id: g.id(node), symbol: g.label(node) });

function relevanceJson(g: TypedKnowledgeGraph, r: CandidateRelevance) {
  const genetic = r.genetic;
  const best = genetic?.best ?? null;
  return {
    kind: r.route,
    clinical_precedence: r.precedents,
    cell_populations: r.populations,
    confidence: best ? (genetic!.high_confidence ? 'HC' : best.confidence) : null,
    best_p_value: best?.p_value ?? null, best_mlog_pvalue: best?.mlog_pvalue ?? null, lead_snp: best?.lead_snp ?? null, lead_pubmed_id: best?.lead_pubmed_id ?? null,
    interacting_disease_genes: (genetic?.interacting_disease_genes ?? []).map((x) => gene(g, x)),
  };
}

function antigenJson(g: TypedKnowledgeGraph, r: AntigenRow, vitalCount: number, position: number) {
  return {
    rank: position + 1, ...gene(g, r.gene), rank_product: r.rank_product,
    surface: { gesp_score: r.surface.gesp_score, max_score: r.surface.max_score, resources: r.surface.resources, gate: r.gate },
    vital_tissues: {
      measured: r.vital !== null, expressed_in: r.vital === null ? null : r.vital.map((a) => ({ id: g.id(a), label: g.label(a) })),
      count: r.vital?.length ?? null, of: vitalCount, rank: r.ranks[1]!,
    },
    disease_relevance: { ...relevanceJson(g, r.relevance), rank: r.ranks[0]! },
  };
}

const GATED_LISTED = 20;

function gatedJson(g: TypedKnowledgeGraph, x: GatedOut) {
  return { ...gene(g, x.gene), kind: x.relevance.route, gesp_score: x.surface?.gesp_score ?? null, in_atlas: x.surface !== null };
}

export async function runCart(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as CartParameters;
  const g = (await deps.graph()).graph;
  const resolved = resolveDisease(deps.diseases, g, parameters.disease);
  if (resolved.kind === 'not_found') return { kind: 'not_found', detail: resolved.detail };
  const calls = cachedExpressionCalls(g);
  if (calls.anatomy.length === 0) return { kind: 'not_available', reason: `${NO_BGEE} (the vital-tissue factor needs them)` };
  await context.progress(20, 'reading the surfaceome atlas');
  const atlas = await readSurfaceAtlas(deps.db, g);
  if (!atlas) return { kind: 'not_available', reason: NO_SURFACEOME };
  const genetic = diseaseRelevance(g, await readGwasAssociations(deps.db, g, resolved.node));
  const relevance = candidateRelevance(g, resolved.curie, resolved.node, genetic, await readStudiedPhases(deps.db, g, resolved.node));
  const vital = VITAL_TISSUES.map((t) => ({ ...t, node: g.lookup(t.id) })).map((t) => ({ ...t, node: t.node !== undefined && calls.byAnatomy.present.has(t.node) ? t.node : undefined }));
  const vitalNodes = vital.filter((t) => t.node !== undefined).map((t) => t.node!);
  await context.progress(60, 'scoring candidate antigens');
  const { rows, gatedOut } = scoreAntigens(atlas, calls, relevance, vitalNodes);
  const count = (route: string) => rows.filter((r) => r.relevance.route === route).length;
  const body = {
    sources: { surfaceome: { snapshot_id: atlas.snapshot_id, claims: atlas.claims, genes: atlas.byGene.size, not_in_graph: atlas.not_in_graph }, bgee: { snapshot_id: g.snapshots.find((s) => s.resource === 'bgee')?.snapshot_id ?? null } },
    vital_tissues: { used: vital.filter((t) => t.node !== undefined).map((t) => ({ id: t.id, name: t.name })), not_in_bgee: vital.filter((t) => t.node === undefined).map((t) => ({ id: t.id, name: t.name })) },
    formula: 'surface gate first (not a factor); rank_product = (rank_relevance · rank_vital)^(1/2), ranks 1 = best, ties share their mean rank; smaller is better',
    surface_gate: {
      rule: SURFACE_GATE_RULE, passed: rows.length, failed: gatedOut.length,
      failed_listed: gatedOut.slice(0, GATED_LISTED).map((x) => gatedJson(g, x)),
    },
    relevance_sources: {
      indication_relations: [...APPROVED_RELATIONS, `${STUDIED_RELATION} (ChEMBL max_phase_for_ind ≥ ${MIN_PRECEDENCE_PHASE} only)`],
      cell_populations: DISEASE_CELL_POPULATIONS.get(resolved.curie) ?? null,
    },
    counts: {
      disease_genes: [...genetic.values()].filter((r) => r.kind === 'gwas').length, candidates: rows.length,
      clinical_precedence_candidates: count('clinical_precedence'), cell_population_candidates: count('cell_population'),
      gwas_candidates: count('gwas'), interactor_candidates: count('interactor'),
      without_presence_calls: rows.filter((r) => r.vital === null).length, listed: Math.min(parameters.top_n, rows.length),
    },
    note: rows.length === 0 ? `no disease-relevant gene of ${resolved.label} passes the surface gate (${SURFACE_GATE_RULE}): no candidate` : null,
    antigens: rows.slice(0, parameters.top_n).map((r, i) => antigenJson(g, r, vitalNodes.length, i)),
  };
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: CART_MODULE_ID, method: CART_METHOD, disease: { curie: resolved.curie, label: resolved.label, module_id: resolved.module_id },
      parameters: { ...parameters }, snapshots: g.snapshots, body,
    }),
  };
}
