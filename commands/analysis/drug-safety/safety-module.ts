// The safety module (spec §4.4 legacy alias `safety`, §4.6 GET /api/safety/profiles): side effects, placebo
// comparison, FAERS disproportionality, withdrawn status and boxed warnings per drug (run-safety.ts).
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderSafetyHtml } from './render-safety-html';
import { runSafety, SAFETY_MODULE_ID } from './run-safety';
import { DISEASE_MODULE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';

const ratio = { type: ['object', 'null'], properties: { value: { type: 'number' }, ci_lower: { type: 'number' }, ci_upper: { type: 'number' } } };
const frequency = { type: ['object', 'null'], properties: { texts: { type: 'array', items: { type: 'string' } }, lower: { type: 'number' }, upper: { type: 'number' } } };

const querySchema = {
  type: 'object',
  properties: {
    drug_id: { type: 'string', pattern: '^(DRUGBANK:)?DB[0-9]{5}$', description: 'DrugBank compound (DRUGBANK:DB00564 or DB00564); without it, the compounds indicated (TREATS) for the disease' },
    disease: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, default: 'sle', description: 'Disease module id: the context of the evidence sources (offline label corpus) and, without drug_id, whose indicated drugs are profiled' },
    max_drugs: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Without drug_id: at most this many indicated compounds (by id)' },
    max_side_effects: { type: 'integer', minimum: 1, maximum: 5000, default: 100, description: 'Side effects listed per drug, most frequent first (all are counted)' },
    max_faers_events: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'FAERS events per drug, most reported first, each with its disproportionality' },
  },
  additionalProperties: false,
};

const drugSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' }, name: { type: 'string' }, drugbank_groups: { type: ['array', 'null'] }, withdrawn: { type: ['boolean', 'null'] },
    side_effects: {
      type: 'object',
      properties: {
        total: { type: 'integer' }, with_frequency: { type: 'integer' }, with_placebo: { type: 'integer' }, higher_on_drug: { type: 'integer' },
        listed: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, meddra_types: { type: 'array' }, frequency, placebo_frequency: frequency, placebo_comparison: { type: ['object', 'null'] } }, required: ['id', 'name', 'frequency', 'placebo_frequency', 'placebo_comparison'] } },
      },
      required: ['total', 'with_frequency', 'with_placebo', 'higher_on_drug', 'listed'],
    },
    faers: {
      type: ['object', 'null'],
      properties: {
        reports: { type: 'integer' },
        events: { type: 'array', items: { type: 'object', properties: { term: { type: 'string' }, reports: { type: 'integer' }, table: { type: ['object', 'null'] }, prr: ratio, ror: ratio, chi_square_yates: { type: ['number', 'null'] }, evans_signal: { type: 'boolean' }, note: { type: ['string', 'null'] } }, required: ['term', 'reports', 'table', 'prr', 'ror', 'chi_square_yates', 'evans_signal'] } },
      },
    },
    labels: { type: 'object', properties: { status: { type: 'string' }, retrieval_mode: { type: ['string', 'null'] }, warning: { type: ['string', 'null'] }, labels: { type: 'array' } }, required: ['status', 'labels'] },
  },
  required: ['id', 'name', 'drugbank_groups', 'withdrawn', 'side_effects', 'faers', 'labels'],
};

const resultSchema = {
  type: 'object',
  properties: { ...ENVELOPE_PROPERTIES, sources: { type: 'object' }, note: { type: ['string', 'null'] }, drugs: { type: 'array', items: drugSchema } },
  required: [...ENVELOPE_REQUIRED, 'sources', 'note', 'drugs'],
};

export const safetyModule: AnalysisModule = {
  id: SAFETY_MODULE_ID,
  aliases: ['safety'],
  title: 'Drug safety profiles (SIDER, FAERS disproportionality, withdrawn status, boxed warnings)',
  description: 'Per drug: SIDER side effects with label frequencies and the drug − placebo risk difference; openFDA FAERS PRR/ROR with 95% CI, '
    + 'Yates χ² and Evans signal criteria from report counts (live or cached; not available offline); DrugBank withdrawn status; label boxed warnings.',
  routes: [{
    path: '/api/safety/profiles', operationId: 'safetyProfiles',
    summary: 'Safety profiles of a drug or of the drugs indicated for a disease',
    description: 'For drug_id, or for the compounds indicated (TREATS, PharmacotherapyDB) for the disease: SIDER 4.1 side effects (CAUSES claims) with '
      + 'the label frequency on the drug arm and, separately, on the placebo arm, compared as the absolute risk difference with interval bounds; '
      + 'openFDA FAERS counts of the drug\'s most reported events (MedDRA PT) with PRR and ROR (95% CI), Yates-corrected χ² and the Evans criteria '
      + '(PRR ≥ 2, χ² ≥ 4, n ≥ 3) computed from the 2×2 table of report counts — through the source framework, live or cached; offline FAERS is '
      + '"not_available", never invented; DrugBank groups (withdrawn); boxed warnings from openFDA drug labels (offline corpus records are synthetic '
      + 'and marked). 404 for an unknown drug or disease; 409 without a sider snapshot.',
    query: querySchema,
    resultSchema,
    run: runSafety,
  }],
  renderHtml: renderSafetyHtml,
};
