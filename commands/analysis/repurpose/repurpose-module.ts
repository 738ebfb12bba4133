// The repurposing module (spec §4.6; job `repurpose`, legacy alias `classic`): compounds ranked by the
// network proximity of their targets to a disease's genes (Guney et al., Nat Commun 2016), and the gene
// view of what acts on a gene. See docs/modules.md "Repurposing".
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import { COMMON_JOB_QUERY } from '../../jobs/module-registry';
import type { AnalysisModule } from '../analysis-module';
import { BINS_JSON_SCHEMA, GENE_JSON_SCHEMA } from '../network-medicine/views';
import { CandidatesInput, DEFAULT_FDR, MAX_PAIRS, rankCandidates } from './rank-candidates';
import { geneCompoundsAndDiseases } from './gene-compounds';
import { renderRepurposeHtml } from './render-html';

const CURIE = '^[A-Za-z][A-Za-z0-9_.-]*:[^\\s]+$';
export const DEFAULT_SEED = 20161010;

const diseaseId = { ...COMMON_JOB_QUERY.disease_id };
const { default: _noDefault, ...optionalDiseaseId } = diseaseId;
const geneId = { type: 'string', minLength: 3, maxLength: 100, pattern: CURIE, description: 'Gene CURIE (NCBIGene:7124); an exact alias (HGNC:…) finds its gene' };
const seed = { type: 'integer', minimum: 0, maximum: 4294967295, default: DEFAULT_SEED, description: 'Seed of the random sets: the same seed gives a byte-identical result' };
const fdr = {
  type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, default: DEFAULT_FDR,
  description: 'False discovery rate (0 < fdr < 1) for the Benjamini–Hochberg q of the candidates: `multiplicity.passing_fdr` counts q ≤ fdr, '
    + 'and the permutations are extended until the compounds at the p floor could pass at this level (or `multiplicity` says they cannot)',
};
const permutations = { type: 'integer', minimum: 100, maximum: 5000, default: 1000, description: 'Random target and gene sets in the reference distribution' };

const compoundSchema = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['id', 'name'] };
const number = { type: 'number' };
const nullableNumber = { type: ['number', 'null'] };

const candidatesResult = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    interactome: {
      type: 'object',
      properties: {
        genes: { type: 'integer' }, interactions: { type: 'integer' },
        largest_component: { type: 'object', properties: { genes: { type: 'integer' }, interactions: { type: 'integer' } }, required: ['genes', 'interactions'] },
      },
      required: ['genes', 'interactions', 'largest_component'],
    },
    disease_genes: {
      type: 'object',
      properties: {
        total: { type: 'integer' }, scored: { type: 'integer' },
        not_in_interactome: { type: 'array', items: GENE_JSON_SCHEMA }, outside_largest_component: { type: 'array', items: GENE_JSON_SCHEMA },
      },
      required: ['total', 'scored', 'not_in_interactome', 'outside_largest_component'],
    },
    degree_bins: BINS_JSON_SCHEMA,
    restricted_to_gene: { oneOf: [{ type: 'null' }, GENE_JSON_SCHEMA] },
    candidates_total: { type: 'integer' },
    multiplicity: {
      type: 'object',
      description: 'BH over every scored compound; the permutations run, extended up to the cap while the p floor 1/(1+P) kept compounds from passing the FDR',
      properties: {
        method: { type: 'string' }, fdr: number, tests: { type: 'integer' }, permutations_requested: { type: 'integer' }, permutations_run: { type: 'integer' },
        permutations_cap: { type: 'integer' }, smallest_attainable_p: number, permutations_needed: { type: ['integer', 'null'] },
        resolution_reaches_fdr: { type: 'boolean' }, passing_fdr: { type: 'integer' }, note: { type: 'string' },
      },
      required: ['fdr', 'tests', 'permutations_run', 'resolution_reaches_fdr', 'passing_fdr', 'note'],
    },
    candidates: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rank: { type: 'integer' }, compound: compoundSchema, known_indication: { type: 'boolean' }, palliates: { type: 'boolean' },
          targets: {
            type: 'object',
            properties: { total: { type: 'integer' }, scored: { type: 'integer' }, not_in_interactome: { type: 'integer' }, outside_largest_component: { type: 'integer' } },
            required: ['total', 'scored', 'not_in_interactome', 'outside_largest_component'],
          },
          d: number, random_mean: number, random_sd: number, z: nullableNumber, p_empirical: number,
          q_bh: { type: 'number', description: 'Benjamini–Hochberg q over every scored compound\'s empirical p' },
          low_information: { type: 'boolean', description: 'at most 2 targets in the interactome: a coarse null distribution, read the z with care' },
          closest_pairs: {
            type: 'array', maxItems: MAX_PAIRS,
            items: {
              type: 'object',
              properties: { target: GENE_JSON_SCHEMA, gene: GENE_JSON_SCHEMA, distance: { type: 'integer' }, tied_genes: { type: 'integer' }, path: { type: 'array', items: GENE_JSON_SCHEMA } },
              required: ['target', 'gene', 'distance', 'tied_genes', 'path'],
            },
          },
          closest_pairs_total: { type: 'integer' },
        },
        required: ['rank', 'compound', 'known_indication', 'palliates', 'targets', 'd', 'random_mean', 'random_sd', 'z', 'p_empirical', 'closest_pairs', 'closest_pairs_total'],
      },
    },
    known_indications: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          compound: compoundSchema, relation: { enum: ['TREATS', 'PALLIATES', 'TREATS+PALLIATES'] }, rank: { type: ['integer', 'null'] }, z: nullableNumber,
          not_scored_because: { type: ['string', 'null'] },
        },
        required: ['compound', 'relation', 'rank', 'z', 'not_scored_because'],
      },
    },
  },
  required: [...ENVELOPE_REQUIRED, 'interactome', 'disease_genes', 'degree_bins', 'restricted_to_gene', 'candidates_total', 'candidates', 'known_indications'],
};

const geneResult = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    gene: GENE_JSON_SCHEMA,
    interactome: {
      type: 'object',
      properties: { in_interactome: { type: 'boolean' }, degree: { type: 'integer' }, distance_to_disease_genes: { type: ['integer', 'null'] } },
      required: ['in_interactome', 'degree'],
    },
    disease_link: { type: ['object', 'null'], properties: { gene_associated: { type: 'boolean' }, disease_genes: { type: 'integer' } } },
    compounds_total: { type: 'integer' },
    compounds: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          compound: compoundSchema,
          targets: { type: ['object', 'null'], properties: { actions: { type: 'array', items: { type: 'string' } }, claims: { type: 'integer' } } },
          binds: { type: ['object', 'null'], properties: { affinity_nM: nullableNumber, claims: { type: 'integer' } } },
          known_indication: { type: 'boolean' }, palliates: { type: 'boolean' },
        },
        required: ['compound', 'targets', 'binds'],
      },
    },
    diseases: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, label: { type: 'string' } }, required: ['id', 'label'] } },
  },
  required: [...ENVELOPE_REQUIRED, 'gene', 'interactome', 'disease_link', 'compounds_total', 'compounds', 'diseases'],
};

export const repurposeModule: AnalysisModule = {
  id: 'repurpose',
  aliases: ['classic'],
  title: 'Repurposing by network proximity',
  description: 'Compounds ranked by the network proximity of their targets (TARGETS, BINDS) to a disease\'s GWAS genes in the interactome '
    + '(closest distance, z-score against degree-preserving random sets; Guney et al., Nat Commun 2016, doi:10.1038/ncomms10331). '
    + 'Known indications are flagged, never hidden; each candidate is explained by its closest target–gene pairs and a shortest interactome path.',
  routes: [
    {
      path: '/api/repurpose/candidates',
      operationId: 'repurposeCandidates',
      summary: 'Repurposing candidates for a disease by network proximity',
      description: 'Every compound with a target in the interactome\'s largest connected component, scored by the closest distance d_c of its '
        + 'targets to the disease\'s genes (mean over targets of the shortest-path length to the nearest disease gene) and its z-score against '
        + '`permutations` degree-preserving random target and gene sets (seeded: the same seed gives the same answer), with the empirical p '
        + '((1 + #random ≤ d) / (1 + permutations)) and its Benjamini–Hochberg q over every scored compound; the permutations are extended '
        + '(up to 20,000) while compounds at the p floor could pass the requested FDR (`fdr`, default 0.05) with a finer p, and `multiplicity` says when they cannot. Ranked by p, '
        + 'then z ascending (closer than random first), ties by compound id; compounds with at most 2 interactome targets are flagged low_information. A compound that '
        + 'treats the disease (PharmacotherapyDB) is flagged known_indication (palliates for a symptomatic one), never hidden; known_indications '
        + 'lists every one with its rank or why it was not scored. 409 when the active snapshots have no interactome or the disease has no gene in it.',
      query: {
        type: 'object',
        properties: {
          disease_id: diseaseId,
          top_n: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Candidates returned (all are scored and ranked)' },
          gene_id: { ...geneId, description: 'Only compounds acting on this gene (TARGETS or BINDS): a gene CURIE (NCBIGene:7124)' },
          permutations, seed, fdr,
        },
        additionalProperties: false,
      },
      resultSchema: candidatesResult,
      run: (deps, input, context) => rankCandidates(deps, input as unknown as CandidatesInput, context),
    },
    {
      path: '/api/repurpose/gene/{gene_id}',
      operationId: 'repurposeGene',
      summary: 'Compounds acting on a gene and the diseases it is associated with',
      description: 'The compounds that TARGET the gene (DrugCentral, with the actions its claims state) or BIND it (BindingDB, ≤ 1 µM, with '
        + 'the strongest measured affinity in nM), and the diseases it is ASSOCIATED with (GWAS Catalog). With disease_id, each compound says '
        + 'whether it is a known indication (TREATS) or palliative (PALLIATES) of that disease, and the gene its interactome distance to the '
        + 'disease\'s genes (largest connected component; null when either is outside it).',
      params: { type: 'object', properties: { gene_id: geneId }, required: ['gene_id'] },
      query: { type: 'object', properties: { disease_id: optionalDiseaseId }, additionalProperties: false },
      resultSchema: geneResult,
      run: (deps, input) => geneCompoundsAndDiseases(deps, { gene_id: input.gene_id as string, ...(typeof input.disease_id === 'string' ? { disease_id: input.disease_id } : {}) }),
    },
  ],
  renderHtml: renderRepurposeHtml,
};
