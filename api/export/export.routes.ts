// GET /api/export/*: the latest stored result of a module for a disease (spec §4.9) as a listing, parsed
// JSON, the byte-identical stored JSON as a download, or its HTML report. 404 with a detail for an unknown
// module or one without a result. Results of a job a researcher queued are hers: served to her only (a
// signed-in principal), like GET /api/jobs/{id}. The print stylesheet is print-css.routes.ts.
import { ExportDeps, listExports, renderReport, storedResult } from '../../commands/export/read-export';
import type { RouteContext, RouteDefinition } from '../http/registry';
import { DISEASE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

const moduleParam = { type: 'object', properties: { module: { type: 'string', pattern: '^[a-z0-9_-]{1,64}$', description: 'Module id or legacy alias' } }, required: ['module'] };
const diseaseId = { type: 'string', maxLength: 100, pattern: DISEASE_ID_PATTERN };
const diseaseQuery = {
  type: 'object',
  properties: { disease_id: { ...diseaseId, default: 'sle', description: 'Disease module id or CURIE the result was computed for' } },
  additionalProperties: false,
};
const notFound = { description: 'Unknown module, or no stored result for this disease', schema: { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] } };

const listSchema = {
  type: 'object',
  properties: {
    modules: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' }, aliases: { type: 'array', items: { type: 'string' } }, title: { type: 'string' },
          results: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                disease_id: { type: 'string' }, recorded_at: { type: 'string', format: 'date-time' }, job_id: { type: 'string' },
                bytes: { type: 'integer' }, sha256: { type: 'string' }, json: { type: 'boolean' }, html: { type: 'boolean' },
              },
              required: ['disease_id', 'recorded_at', 'job_id', 'bytes', 'sha256', 'json', 'html'],
            },
          },
        },
        required: ['id', 'aliases', 'title', 'results'],
      },
    },
  },
  required: ['modules'],
};

type Ctx = RouteContext<{ module: string }, { disease_id: string }>;

function withStored(deps: ExportDeps, send: (ctx: Ctx, stored: Extract<Awaited<ReturnType<typeof storedResult>>, { kind: 'ok' }>) => void) {
  return async (ctx: Ctx) => {
    const stored = await storedResult(deps, ctx.params.module, ctx.query.disease_id, ctx.principal?.id);
    if (stored.kind === 'not_found') ctx.res.status(404).json({ detail: stored.detail });
    else send(ctx, stored);
  };
}

const fileName = (module: string, disease: string, ext: string) => `${module}-${disease.replace(/[^A-Za-z0-9_.-]/g, '_')}.${ext}`;

export function exportRoutes(deps: ExportDeps): RouteDefinition[] {
  const route = (path: string, operationId: string, summary: string, ok: RouteDefinition['responses'][string], handler: RouteDefinition['handler']): RouteDefinition => ({
    method: 'get', path, operationId, summary, tags: ['export'], principal: 'optional', params: moduleParam, query: diseaseQuery, responses: { 200: ok, 404: notFound }, handler,
  });
  return [
    {
      method: 'get', path: '/api/export/modules', operationId: 'listExports', tags: ['export'], principal: 'optional',
      summary: 'Known modules with their latest stored result per disease and whether JSON and HTML exist',
      query: { type: 'object', properties: { disease_id: { ...diseaseId, description: 'Only this disease (default: every disease)' } }, additionalProperties: false },
      responses: { 200: { description: 'The export listing', schema: listSchema } },
      handler: async ({ query, res, principal }) => { res.json({ modules: await listExports(deps, query.disease_id as string | undefined, principal?.id) }); },
    },
    route('/api/export/json/{module}', 'exportJson', 'Parsed latest result of a module', { description: 'The result', schema: {} },
      withStored(deps, ({ res }, stored) => { res.json(JSON.parse(stored.text)); })),
    route('/api/export/raw/{module}', 'exportRaw', 'The stored JSON of the latest result, byte-identical, as a download',
      { description: 'The stored bytes', contentType: 'application/json', schema: {} },
      withStored(deps, ({ res }, stored) => {
        res.type('application/json').attachment(fileName(stored.module.id, stored.latest.diseaseId, 'json'))
          .set('X-Content-SHA256', stored.latest.blob).send(Buffer.from(stored.text, 'utf8'));
      })),
    route('/api/export/report/{module}', 'exportReport', 'HTML report of the latest result', { description: 'The report', contentType: 'text/html', schema: { type: 'string' } },
      withStored(deps, ({ res }, stored) => {
        res.type('text/html').attachment(fileName(stored.module.id, stored.latest.diseaseId, 'html')).send(renderReport(stored));
      })),
  ];
}
