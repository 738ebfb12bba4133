// The drug-combinations module (`drug-combinations`, legacy alias `synergy`): GET /api/synergy/pairs ranks drug
// pairs by their network configuration for a disease (Cheng, Kovács & Barabási, Nat Commun 2019), and its
// job (POST /api/jobs/drug-combinations) also takes an optional dose-response matrix in the body, scored with
// HSA, Bliss, Loewe and ZIP (Yadav et al., CSBJ 2015).
import { analysisEnvelope, ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { CONFIGURATIONS } from '../../../domain/synergy/combination-configurations';
import type { AnalysisDeps, AnalysisModule, AnalysisOutcome } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { checkMatrix, DOSE_RESPONSE_BODY_SCHEMA, hasMatrix, scoreDoseResponse } from './dose-response-synergy';
import { renderDrugCombinationsHtml } from './render-drug-combinations-html';
import { combinationContext, networkCombinations } from './network-combinations';

export const NETWORK_METHOD = 'Network configuration of drug pairs (Cheng, Kovács & Barabási, Nat Commun 2019, doi:10.1038/s41467-019-09186-x): '
  + 'target-module separation s_AB = d_AB - (d_AA + d_BB)/2 in the INTERACTS_WITH interactome (Menche et al., Science 2015, '
  + 'doi:10.1126/science.1257601), each drug\'s separation s_AD from the disease\'s GWAS genes and closest distance d_c (Guney et al., '
  + 'Nat Commun 2016, doi:10.1038/ncomms10331); pairs classified into the six configurations, complementary exposure first';
export const DOSE_RESPONSE_METHOD = 'Dose-response synergy: HSA, Bliss, Loewe and ZIP (Yadav, Wennerberg, Aittokallio & Tang, Comput Struct '
  + 'Biotechnol J 2015, doi:10.1016/j.csbj.2015.09.001), as SynergyFinder computes them (Ianevski et al., Bioinformatics 2017), '
  + 'single-drug curves fitted as four-parameter log-logistic (LL.4)';

const num = { type: ['number', 'null'] };
const drugRef = { type: 'object', properties: { curie: { type: 'string' }, label: { type: 'string' } }, required: ['curie', 'label'] };
const pairSchema = {
  type: 'object',
  properties: {
    rank: { type: 'integer' }, drug_a: drugRef, drug_b: drugRef, configuration: { enum: [...CONFIGURATIONS] },
    complementary_exposure: { type: 'boolean' }, overlapping_exposure: { type: 'boolean' },
    s_ab: num, d_ab: num, d_aa: num, d_bb: num, shared_targets: { type: 'array', items: { type: 'string' } },
    s_ad: num, s_bd: num, closest_distance_a: num, closest_distance_b: num, unreachable_targets: { type: 'integer' },
  },
  required: ['rank', 'drug_a', 'drug_b', 'configuration', 'complementary_exposure', 'overlapping_exposure', 's_ab', 'd_ab', 'd_aa', 'd_bb', 's_ad', 's_bd'],
};
const compoundSchema = {
  type: 'object',
  properties: {
    curie: { type: 'string' }, label: { type: 'string' }, indicated: { type: 'boolean' }, targets: { type: 'integer' },
    targets_in_interactome: { type: 'integer' }, targets_in_disease_module: { type: 'array', items: { type: 'string' } },
    d_aa: num, closest_distance: num, s_to_disease: num, d_to_disease: num, hits_disease_module: { type: ['boolean', 'null'] },
  },
  required: ['curie', 'label', 'indicated', 'targets_in_interactome', 'd_aa', 'closest_distance', 's_to_disease', 'hits_disease_module'],
};
const surface = { type: 'object', properties: { expected: { type: 'array' }, synergy: { type: 'array' } }, required: ['expected', 'synergy'] };
const doseResponseSchema = {
  type: ['object', 'null'],
  description: 'Present when the job body held a dose-response matrix; null otherwise (always on the GET route)',
  properties: {
    drug_a: { type: 'string' }, drug_b: { type: 'string' }, unit: { enum: ['fraction', 'percent'] }, unit_inferred: { type: 'boolean' },
    scores: { type: 'object', properties: { hsa: { type: 'number' }, bliss: { type: 'number' }, loewe: { type: 'number' }, zip: { type: 'number' } }, required: ['hsa', 'bliss', 'loewe', 'zip'] },
    readings: { type: 'object' },
    surfaces: { type: 'object', properties: { hsa: surface, bliss: surface, loewe: surface, zip: surface }, required: ['hsa', 'bliss', 'loewe', 'zip'] },
    single_drug_fits: { type: 'object' },
    network: { type: ['object', 'null'] },
  },
  required: ['scores', 'surfaces', 'single_drug_fits'],
};

export const DRUG_COMBINATIONS_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    disease_module: { type: 'object', properties: { genes: { type: 'integer' }, in_interactome: { type: 'integer' }, d_dd: num }, required: ['genes', 'in_interactome', 'd_dd'] },
    interactome: { type: 'object', properties: { genes: { type: 'integer' } }, required: ['genes'] },
    selection: { type: 'object', properties: { rule: { type: 'string' }, selected: { type: 'integer' } }, required: ['rule', 'selected'] },
    compounds: { type: 'array', items: compoundSchema },
    configuration_counts: { type: 'object', properties: Object.fromEntries(CONFIGURATIONS.map((c) => [c, { type: 'integer' }])) },
    pairs_total: { type: 'integer' },
    pairs: { type: 'array', items: pairSchema },
    dose_response_synergy: doseResponseSchema,
  },
  required: [...ENVELOPE_REQUIRED, 'disease_module', 'interactome', 'selection', 'compounds', 'configuration_counts', 'pairs_total', 'pairs', 'dose_response_synergy'],
};

export const DRUG_COMBINATIONS_QUERY = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', maxLength: 100, pattern: '^([a-z0-9_]{1,64}|[A-Za-z][A-Za-z0-9_.-]*:[A-Za-z0-9_.:-]+)$', default: 'sle', description: 'Disease module id (sle) or disease CURIE (MONDO:…, DOID:…)' },
    top_n: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Pairs returned (ranked; all pairs are classified and counted)' },
    max_compounds: { type: 'integer', minimum: 2, maximum: 300, default: 60, description: 'Compounds selected for pairing (see the selection rule in the result)' },
  },
  additionalProperties: false,
};

async function rankCombinations(deps: AnalysisDeps, input: Record<string, unknown>, progress: (p: number, m: string) => Promise<void>): Promise<AnalysisOutcome> {
  const body = input.body;
  if (hasMatrix(body)) {
    const details = checkMatrix(body);
    if (details.length) return { kind: 'invalid', details };
  }
  await progress(5, 'reading the knowledge graph');
  const served = await deps.graph();
  const g = served.graph;
  const disease = resolveDisease(deps.diseases, g, String(input.disease_id ?? 'sle'));
  if (disease.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };
  const topN = Number(input.top_n ?? 50);
  const maxCompounds = Number(input.max_compounds ?? 60);
  await progress(20, 'placing the disease module in the interactome');
  const ctx = combinationContext(g, disease.node);
  if ('unavailable' in ctx) return { kind: 'not_available', reason: ctx.unavailable };
  await progress(40, 'separating drug target modules');
  const network = networkCombinations(ctx, disease.node, { topN, maxCompounds });
  if ('unavailable' in network) return { kind: 'not_available', reason: network.unavailable };
  const matrix = hasMatrix(body) ? body : null;
  if (matrix) await progress(80, 'scoring the dose-response matrix');
  const doseResponse = matrix ? scoreDoseResponse(matrix, ctx, disease.node) : null;
  const result = analysisEnvelope({
    module: 'drug-combinations',
    method: matrix ? `${NETWORK_METHOD}. ${DOSE_RESPONSE_METHOD}` : NETWORK_METHOD,
    disease: { curie: disease.curie, label: disease.label, module_id: disease.module_id },
    parameters: {
      disease_id: String(input.disease_id ?? 'sle'), top_n: topN, max_compounds: maxCompounds,
      dose_response_matrix: matrix ? { drug_a: matrix.drug_a, drug_b: matrix.drug_b, doses_a: matrix.doses_a.length, doses_b: matrix.doses_b.length, unit: matrix.unit ?? null } : null,
    },
    snapshots: g.snapshots,
    body: { ...network, dose_response_synergy: doseResponse },
  });
  return { kind: 'ok', result };
}

export const drugCombinationsModule: AnalysisModule = {
  id: 'drug-combinations',
  aliases: ['synergy'],
  title: 'Drug combinations: network configuration and dose-response synergy',
  description: 'Ranks drug pairs for a disease by the network configuration of Cheng, Kovács & Barabási (Nat Commun 2019): complementary '
    + 'exposure (both drugs\' targets hit the disease module, the two target modules are separated, s_AB >= 0) first, overlapping exposure '
    + '(s_AB < 0) flagged. The job also scores an optional dose-response matrix given as the JSON body with HSA, Bliss, Loewe and ZIP.',
  bodySchema: DOSE_RESPONSE_BODY_SCHEMA,
  routes: [{
    path: '/api/synergy/pairs',
    operationId: 'rankDrugCombinations',
    summary: 'Drug pairs ranked by network configuration (Cheng et al. 2019)',
    description: `${NETWORK_METHOD}. Every factor is shown per pair (s_AB, d_AB, d_AA, d_BB, shared targets, each drug's s_AD and d_c). `
      + 'Unknown disease: 404; a disease with no genes in the interactome, or no interactome: 409.',
    query: DRUG_COMBINATIONS_QUERY,
    resultSchema: DRUG_COMBINATIONS_RESULT_SCHEMA,
    run: (deps, input, context) => rankCombinations(deps, input, (p, m) => context.progress(p, m)),
  }],
  renderHtml: renderDrugCombinationsHtml,
};
