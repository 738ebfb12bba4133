// The literature module (spec §4.4 legacy alias `literature`, §4.6 GET /api/literature): PubMed
// co-mentions of a disease with genes and drugs, by exact entity linking, per year, with outcome classes.
import { ENVELOPE_PROPERTIES, ENVELOPE_REQUIRED } from '../../../domain/analysis/result-envelope';
import type { AnalysisModule } from '../analysis-module';
import { renderLiteratureHtml } from './render-literature-html';
import { LITERATURE_MODULE_ID, MAX_ARTICLES_LIMIT, runLiterature, TOP_ENTITIES } from './run-literature';

const querySchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', maxLength: 100, pattern: '^([a-z0-9_]{1,64}|[A-Za-z][A-Za-z0-9_.-]*:[A-Za-z0-9_.:-]+)$', default: 'sle', description: 'Disease module id (sle) or disease CURIE (MONDO:…, DOID:…)' },
    max_articles: { type: 'integer', minimum: 1, maximum: MAX_ARTICLES_LIMIT, default: 100, description: `At most this many PubMed articles are read (1–${MAX_ARTICLES_LIMIT}; PubMed relevance order live, file order offline)` },
    targeted: { type: 'boolean', default: false, description: 'Keep only genes that are drug targets (a compound TARGETS or BINDS them in the knowledge graph of the active snapshots); drugs are always listed' },
    no_cache: { type: 'boolean', default: false, description: 'Bypass the response cache for this retrieval (live mode)' },
  },
  additionalProperties: false,
};

const outcomes = { type: 'object', properties: { positive: { type: 'integer' }, null: { type: 'integer' }, negative: { type: 'integer' }, harm: { type: 'integer' }, none: { type: 'integer' } } };
const entity = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'], description: 'NCBIGene:… or DRUGBANK:…; null when neither the graph nor the lexicon knows it' }, label: { type: 'string' },
    articles: { type: 'integer' }, pmids: { type: 'array', items: { type: 'object', properties: { pmid: { type: 'string' }, synthetic: { type: 'boolean' } }, required: ['pmid', 'synthetic'] } },
    per_year: { type: 'object' }, outcomes,
  },
  required: ['id', 'label', 'articles', 'pmids', 'per_year', 'outcomes'],
};

const resultSchema = {
  type: 'object',
  properties: {
    ...ENVELOPE_PROPERTIES,
    source: { type: 'object', properties: { name: { const: 'pubmed' }, status: { type: 'string' }, retrieval_mode: { type: ['string', 'null'] }, synthetic_records: { type: 'integer' } } },
    note: { type: ['string', 'null'] },
    counts: { type: 'object' },
    per_year: { type: 'array', items: { type: 'object', properties: { year: { type: ['integer', 'null'] }, articles: { type: 'integer' }, with_gene: { type: 'integer' }, with_drug: { type: 'integer' } } } },
    outcome_classes: outcomes,
    genes: { type: 'array', items: entity },
    drugs: { type: 'array', items: entity },
    articles: { type: 'array', items: { type: 'object', properties: { pmid: { type: 'string' }, synthetic: { type: 'boolean' }, url: { type: ['string', 'null'] }, names_disease: { type: 'boolean' } } } },
  },
  required: [...ENVELOPE_REQUIRED, 'source', 'note', 'counts', 'per_year', 'outcome_classes', 'genes', 'drugs', 'articles'],
};

export const literatureModule: AnalysisModule = {
  id: LITERATURE_MODULE_ID,
  aliases: ['literature'],
  title: 'Literature mining (PubMed co-mentions)',
  description: 'Genes and drugs named together with a disease in its PubMed articles (exact entity linking; background and comparator drugs '
    + 'not counted), per entity with PMIDs, per year, and the outcome class of each article. Offline the bundled corpus answers and its '
    + 'records are marked synthetic.',
  routes: [{
    path: '/api/literature', operationId: 'literature',
    summary: 'PubMed co-mentions of a disease with genes and drugs',
    description: 'Reads up to max_articles PubMed articles for the disease through the source framework (live E-utilities, the response cache, or '
      + 'the bundled offline corpus, whose records are synthetic examples: marked synthetic, no PubMed link). In every article that names the '
      + 'disease, genes (NCBI Gene symbols and synonyms) and drugs (DrugBank names and the store graph\'s compound and gene names) are linked exactly (docs/entity-linking.md) '
      + `and counted: the top ${TOP_ENTITIES} genes and drugs by number of articles with their PMIDs, counts per year and the outcome classes `
      + '(positive, null, negative, harm, none) of those articles\' outcome statements. targeted keeps genes a compound TARGETS or BINDS '
      + '(409 without such edges). 404 unknown disease, 409 when PubMed cannot be read or the disease has no PubMed search terms.',
    query: querySchema,
    resultSchema,
    run: runLiterature,
  }],
  renderHtml: renderLiteratureHtml,
};
