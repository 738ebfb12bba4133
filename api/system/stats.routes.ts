// GET /api/stats (store, graph, jobs, runs and results per disease) and GET /api/system/corpus-status (the
// readiness-tier aggregate of every registry disease from the latest batch report), spec §4.6.
import { CorpusStatusDeps, latestCorpusStatus } from '../../commands/corpus-status/corpus-status';
import { serviceStats, StatsDeps } from '../../commands/stats/service-stats';
import { READINESS_MEANING } from '../../domain/biomed/readiness';
import { CORPUS_TIERS } from '../../domain/operations/corpus-status';
import type { RouteDefinition } from '../http/registry';
import { DISEASE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

const counts = { type: 'object', additionalProperties: { type: 'integer' } };
const statsSchema = {
  type: 'object',
  properties: {
    disease_id: { type: ['string', 'null'] },
    store: { type: 'object', properties: { totals: counts, snapshots: { type: 'array', items: { type: 'object' } } }, required: ['totals', 'snapshots'] },
    graph: { type: 'object', properties: { nodes: { type: 'integer' }, edges: { type: 'integer' }, claims: { type: 'integer' }, node_types: counts, edge_types: counts }, required: ['nodes', 'edges', 'claims'] },
    diseases: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          jobs: { type: 'object', properties: { total: { type: 'integer' }, by_phase: counts, by_module: counts }, required: ['total', 'by_phase', 'by_module'] },
          runs: { type: 'integer' }, module_results: { type: 'integer' },
        },
        required: ['jobs', 'runs', 'module_results'],
      },
    },
  },
  required: ['disease_id', 'store', 'graph', 'diseases'],
};
const corpusSchema = {
  type: 'object',
  properties: {
    available: { type: 'boolean', description: 'False until the first batch report (evidence disease corpus-status, or the scheduler)' },
    generated_at: { type: ['string', 'null'], format: 'date-time' },
    diseases: { type: 'integer' },
    tiers: { type: 'object', properties: Object.fromEntries(CORPUS_TIERS.map((t) => [t, { type: 'integer' }])) },
    tier_meaning: { type: 'object', additionalProperties: { type: 'string' } },
    snapshots: { type: 'array', items: { type: 'string' } },
    report_sha256: { type: ['string', 'null'] },
  },
  required: ['available', 'generated_at', 'diseases', 'tiers', 'tier_meaning', 'snapshots', 'report_sha256'],
};

const TIER_MEANING = { ...READINESS_MEANING, no_mondo_id: 'the disease module names no MONDO id', not_imported: 'no active snapshot holds its MONDO term' };

export function statsRoutes(deps: StatsDeps & Pick<CorpusStatusDeps, 'store'>): RouteDefinition[] {
  return [
    {
      method: 'get', path: '/api/stats', operationId: 'serviceStats', tags: ['system'], access: 'public',
      summary: 'Store, knowledge graph, and jobs, Workspace runs and stored module results by disease',
      query: { type: 'object', properties: { disease_id: { type: 'string', pattern: DISEASE_ID_PATTERN, maxLength: 100, description: 'Only this disease in `diseases`' } }, additionalProperties: false },
      responses: { 200: { description: 'Statistics', schema: statsSchema } },
      handler: async ({ query, res }) => { res.json(await serviceStats(deps, query.disease_id as string | undefined)); },
    },
    {
      method: 'get', path: '/api/system/corpus-status', operationId: 'corpusStatus', tags: ['system'], access: 'public',
      summary: 'Readiness tiers (L0-L3) of every registry disease, aggregated from the latest batch report',
      description: 'The report is written by `evidence disease corpus-status` and by the scheduler (CORPUS_STATUS_INTERVAL_HOURS, daily by default). '
        + 'Before the first one, available is false and every count is 0.',
      responses: { 200: { description: 'The aggregate', schema: corpusSchema } },
      handler: async ({ res }) => {
        const report = await latestCorpusStatus(deps);
        res.json({
          available: report !== undefined, generated_at: report?.at ?? null, diseases: report?.diseases ?? 0,
          tiers: report?.tiers ?? Object.fromEntries(CORPUS_TIERS.map((t) => [t, 0])), tier_meaning: TIER_MEANING,
          snapshots: report?.snapshots ?? [], report_sha256: report?.rows_blob ?? null,
        });
      },
    },
  ];
}
