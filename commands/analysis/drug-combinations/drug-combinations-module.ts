// The drug-combinations module (`drug-combinations`, legacy alias `synergy`): GET /api/synergy/pairs ranks drug
// pairs by their network configuration for a disease (Cheng, Kovács & Barabási, Nat Commun 2019), and its
// job (POST /api/jobs/drug-combinations) also takes an optional dose-response matrix in the body, scored with
// HSA, Bliss, Loewe and ZIP (Yadav et al., CSBJ 2015).
import { analysisEnvelope, ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { CONFIGURATIONS } from '../../../domain/synergy/combination-configurations';
import type { AnalysisDeps, AnalysisModule, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { checkMatrix, DOSE_RESPONSE_BODY_SCHEMA, DoseResponseBody, hasMatrix, NamedPairNetwork, placeNamedPair, scoreDoseResponse } from './dose-response-synergy';
import { renderDrugCombinationsHtml } from './render-drug-combinations-html';
import { CombinationContext, combinationContext, DrugSelection, NETWORK_RANDOMISATIONS, networkCombinations, pairFactors, PlacedDrug, SEPARATION_PERMUTATIONS_CAP, SEPARATION_Z_PAIRS, selectDrugs, SWAP_SCHEDULE } from './network-combinations';
import { TARGET_SET_RELATIONS } from '../../../domain/synergy/target-set-relation';
import { proximityZScores } from './proximity-z';
import { DISEASE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';

export const NETWORK_METHOD = 'Network configuration of drug pairs (Cheng, Kovács & Barabási, Nat Commun 2019, doi:10.1038/s41467-019-09186-x): '
  + 'target-module separation s_AB = d_AB - (d_AA + d_BB)/2 in the INTERACTS_WITH interactome (Menche et al., Science 2015, '
  + 'doi:10.1126/science.1257601); each drug\'s network proximity to the disease\'s GWAS genes, the closest distance d_c with its z-score '
  + 'against degree-preserving random target and gene sets (Guney et al., Nat Commun 2016, doi:10.1038/ncomms10331; seeded), a drug hitting '
  + 'the disease module when z < z_threshold; pairs classified into the six configurations, complementary exposure first';

export const DEFAULT_SEED = 20190318;
export const DEFAULT_Z_THRESHOLD = 0;
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
    target_sets: { enum: [...TARGET_SET_RELATIONS], description: 'identical or nested target sets count as overlapping target modules, never complementary exposure' },
    separation_null: {
      type: ['object', 'null'], description: 's_AB against degree-preserving random target sets of the same sizes (z < 0: closer than random)',
      properties: { random_mean: { type: 'number' }, random_sd: { type: 'number' }, z: num, permutations: { type: 'integer' } },
    },
    network_null: {
      type: ['object', 'null'],
      description: 's_AB against degree-preserving randomised interactomes (double edge swaps, Maslov & Sneppen 2002), the drugs keeping their targets; '
        + 'z < 0: the wiring puts the two target modules closer than random wiring would; z null when s_AB never varies (e.g. one shared target)',
      properties: { random_mean: { type: 'number' }, random_sd: { type: 'number' }, z: num, networks: { type: 'integer' } },
    },
    s_ab: num, d_ab: num, d_aa: num, d_bb: num, shared_targets: { type: 'array', items: { type: 'string' } },
    s_ad: num, s_bd: num, z_a: num, z_b: num, closest_distance_a: num, closest_distance_b: num, unreachable_targets: { type: 'integer' },
  },
  required: ['rank', 'drug_a', 'drug_b', 'configuration', 'complementary_exposure', 'overlapping_exposure', 's_ab', 'd_ab', 'd_aa', 'd_bb', 's_ad', 's_bd', 'z_a', 'z_b'],
};
const compoundSchema = {
  type: 'object',
  properties: {
    curie: { type: 'string' }, label: { type: 'string' }, indicated: { type: 'boolean' }, targets: { type: 'integer' },
    targets_in_interactome: { type: 'integer' }, targets_in_disease_module: { type: 'array', items: { type: 'string' } },
    d_aa: num, closest_distance: num, s_to_disease: num, d_to_disease: num,
    proximity: {
      type: ['object', 'null'],
      properties: { d: { type: 'number' }, random_mean: { type: 'number' }, random_sd: { type: 'number' }, z: num, p_empirical: { type: 'number' }, targets_scored: { type: 'integer' } },
      required: ['d', 'random_mean', 'random_sd', 'z', 'p_empirical', 'targets_scored'],
    },
    hits_disease_module: { type: ['boolean', 'null'], description: 'proximity z < z_threshold (the criterion of the configurations)' },
    overlaps_disease_module: { type: ['boolean', 'null'], description: 's_AD < 0 (the raw-distance criterion, for comparison)' },
  },
  required: ['curie', 'label', 'indicated', 'targets_in_interactome', 'd_aa', 'closest_distance', 's_to_disease', 'proximity', 'hits_disease_module', 'overlaps_disease_module'],
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
    proximity: {
      type: 'object',
      properties: { permutations: { type: 'integer' }, z_threshold: { type: 'number' }, disease_genes_in_largest_component: { type: 'integer' } },
      required: ['permutations', 'z_threshold', 'disease_genes_in_largest_component'],
    },
    selection: { type: 'object', properties: { rule: { type: 'string' }, selected: { type: 'integer' } }, required: ['rule', 'selected'] },
    compounds: { type: 'array', items: compoundSchema },
    configuration_counts: { type: 'object', properties: Object.fromEntries(CONFIGURATIONS.map((c) => [c, { type: 'integer' }])) },
    pairs_total: { type: 'integer' },
    pairs: { type: 'array', items: pairSchema },
    dose_response_synergy: doseResponseSchema,
  },
  required: [...ENVELOPE_REQUIRED, 'disease_module', 'interactome', 'proximity', 'selection', 'compounds', 'configuration_counts', 'pairs_total', 'pairs', 'dose_response_synergy'],
};

export const DRUG_COMBINATIONS_QUERY = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN, default: 'sle', description: 'Disease module id (sle) or disease CURIE (MONDO:…, DOID:…)' },
    top_n: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Pairs returned (ranked; all pairs are classified and counted)' },
    max_compounds: { type: 'integer', minimum: 2, maximum: 300, default: 60, description: 'Compounds selected for pairing (see the selection rule in the result)' },
    permutations: { type: 'integer', minimum: 100, maximum: 5000, default: 1000, description: 'Degree-preserving random target and gene sets behind each drug\'s proximity z-score' },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295, default: DEFAULT_SEED, description: 'Seed of the random sets: the same seed gives a byte-identical result' },
    z_threshold: { type: 'number', minimum: -10, maximum: 10, default: DEFAULT_Z_THRESHOLD, description: 'A drug hits the disease module when its proximity z-score is below this' },
    separation_z_pairs: {
      type: 'integer', minimum: 0, maximum: 500, default: SEPARATION_Z_PAIRS,
      description: 'Returned pairs, from the top, given the separation z against random target sets (each distinct drug among them costs one search per permutation)',
    },
    network_randomisations: {
      type: 'integer', minimum: 0, maximum: 200, default: NETWORK_RANDOMISATIONS,
      description: 'Degree-preserving randomised networks (double edge swaps) behind every returned pair\'s network z; 0 skips it',
    },
  },
  additionalProperties: false,
};

/** The route's parameters as its query schema gives them (route-parameters.ts: coerced, defaults filled), and the optional body. */
interface Options { disease_id: string; top_n: number; max_compounds: number; permutations: number; seed: number; z_threshold: number; separation_z_pairs: number; network_randomisations: number }

/** Proximity z-scores of the selected drugs and the body's named pair, in one seeded run (streams keyed by CURIE). */
async function scoreProximity(ctx: CombinationContext, selection: DrugSelection, named: PlacedDrug[], o: Options, context: AnalysisRunContext): Promise<number> {
  const drugs = [...new Map([...selection.chosen, ...named].map((d) => [d.node, d])).values()];
  const z = await proximityZScores(ctx.g, ctx.diseaseGenes, drugs, { permutations: o.permutations, seed: o.seed }, context, [30, 90]);
  for (const d of [...selection.chosen, ...named]) d.proximity = z.byNode.get(d.node) ?? null;
  return z.diseaseGenesScored;
}

async function rankCombinations(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const body = input.body;
  const matrix: DoseResponseBody | null = hasMatrix(body) ? body : null;
  if (matrix) {
    const details = checkMatrix(matrix);
    if (details.length) return { kind: 'invalid', details };
  }
  await context.progress(5, 'reading the knowledge graph');
  const g = (await deps.graph()).graph;
  const o = input as unknown as Options;
  const disease = resolveDisease(deps.diseases, g, o.disease_id);
  if (disease.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };
  await context.progress(20, 'placing the disease module in the interactome');
  const ctx = combinationContext(g, disease.node);
  if ('unavailable' in ctx) return { kind: 'not_available', reason: ctx.unavailable };
  const selection = selectDrugs(ctx, disease.node, o.max_compounds);
  if ('unavailable' in selection) return { kind: 'not_available', reason: selection.unavailable };
  const named = matrix ? placeNamedPair(ctx, disease.node, matrix.drug_a, matrix.drug_b) : null;
  const scored = await scoreProximity(ctx, selection, named && 'drugs' in named ? named.drugs : [], o, context);
  await context.progress(90, 'separation z-scores of the returned pairs (random target sets, randomised networks)');
  const network = networkCombinations(ctx, selection, {
    topN: o.top_n, maxCompounds: o.max_compounds, zThreshold: o.z_threshold, seed: o.seed, separationPermutations: Math.min(o.permutations, SEPARATION_PERMUTATIONS_CAP),
    separationZPairs: o.separation_z_pairs, networkRandomisations: o.network_randomisations,
  });
  const namedNetwork: NamedPairNetwork | null = !named ? null : 'drugs' in named ? { pair: pairFactors(ctx, named.drugs[0], named.drugs[1], o.z_threshold) } : named;
  const doseResponse = matrix ? scoreDoseResponse(matrix, namedNetwork) : null;
  const result = analysisEnvelope({
    module: 'drug-combinations',
    method: matrix ? `${NETWORK_METHOD}. ${DOSE_RESPONSE_METHOD}` : NETWORK_METHOD,
    disease: { curie: disease.curie, label: disease.label, module_id: disease.module_id },
    parameters: {
      disease_id: o.disease_id, top_n: o.top_n, max_compounds: o.max_compounds, permutations: o.permutations, z_threshold: o.z_threshold,
      separation_z_pairs: o.separation_z_pairs, network_randomisations: o.network_randomisations,
      dose_response_matrix: matrix ? { drug_a: matrix.drug_a, drug_b: matrix.drug_b, doses_a: matrix.doses_a.length, doses_b: matrix.doses_b.length, unit: matrix.unit ?? null } : null,
    },
    seed: o.seed,
    snapshots: g.snapshots,
    body: {
      ...network,
      proximity: { permutations: o.permutations, z_threshold: o.z_threshold, disease_genes_in_largest_component: scored },
      separation_permutations: Math.min(o.permutations, SEPARATION_PERMUTATIONS_CAP),
      network_randomisation: {
        method: 'double edge swaps (Maslov & Sneppen, Science 2002, doi:10.1126/science.1065103): degrees kept, no self-loops or repeated edges',
        networks: o.network_randomisations, burn_in_swaps_per_edge: SWAP_SCHEDULE.burnInPerEdge, swaps_per_edge_between_networks: SWAP_SCHEDULE.thinningPerEdge,
      },
      dose_response_synergy: doseResponse,
    },
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
    description: `${NETWORK_METHOD}. Every factor is shown per pair (s_AB, d_AB, d_AA, d_BB, shared targets, each drug's s_AD, d_c and z). `
      + 'Unknown disease: 404; a disease with no genes in the interactome, or no interactome: 409.',
    query: DRUG_COMBINATIONS_QUERY,
    resultSchema: DRUG_COMBINATIONS_RESULT_SCHEMA,
    run: (deps, input, context) => rankCombinations(deps, input, context),
  }],
  renderHtml: renderDrugCombinationsHtml,
};
