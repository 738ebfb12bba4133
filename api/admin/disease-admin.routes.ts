// Disease administration (spec §4.8), protected by the API key when API_KEY is set: prune (preview or
// apply), backups, restore (preview or apply) and the audit history. All of it event-sourced.
import { backupsOf } from '../../domain/operations/disease-admin';
import type { DiseaseAdminDeps } from '../../commands/disease-admin/disease-admin-deps';
import { diseaseTarget } from '../../commands/disease-admin/disease-admin-deps';
import { DEFAULT_AUDIT_LIMIT, diseaseAudit } from '../../commands/disease-admin/disease-audit';
import { pruneDisease } from '../../commands/disease-admin/prune-disease';
import { diseaseAdminEvents, restoreDisease } from '../../commands/disease-admin/restore-disease';
import type { RouteContext, RouteDefinition } from '../http/registry';
import { operatorContext } from '../system/operator-principal';
import { DISEASE_MODULE_ID_PATTERN } from '../../domain/diseases/disease-id-patterns';

const params = { type: 'object', properties: { disease_id: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN, description: 'Disease module id' } }, required: ['disease_id'] };
const detail = { type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'] };
const notFound = { description: 'Unknown disease (or backup)', schema: detail };
const resultItem = { type: 'object', properties: { module: { type: 'string' }, disease_id: { type: 'string' }, recorded_at: { type: 'string' }, bytes: { type: 'integer' }, sha256: { type: 'string' } } };
const cacheItem = { type: 'object', properties: { namespace: { type: 'string' }, key: { type: 'string' }, bytes: { type: 'integer' } } };
const pruneSchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string' }, applied: { type: 'boolean' }, backup_id: { type: ['string', 'null'] }, older_than_days: { type: ['integer', 'null'] },
    results: { type: 'array', items: resultItem }, cache_entries: { type: 'array', items: cacheItem },
  },
  required: ['disease_id', 'applied', 'backup_id', 'results', 'cache_entries'],
};
const restoreSchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string' }, backup_id: { type: 'string' }, applied: { type: 'boolean' }, pruned_at: { type: 'string' },
    results: { type: 'array', items: resultItem }, cache_entries: { type: 'array', items: cacheItem }, cache_entries_restored: { type: ['integer', 'null'] },
  },
  required: ['disease_id', 'backup_id', 'applied', 'results', 'cache_entries'],
};

type Ctx = RouteContext<{ disease_id: string }, Record<string, unknown>, Record<string, unknown>>;

function send(ctx: Ctx, outcome: { kind: string; body?: unknown; detail?: string }): void {
  const status = outcome.kind === 'ok' ? 200 : outcome.kind === 'conflict' ? 409 : 404;
  ctx.res.status(status).json(outcome.kind === 'ok' ? outcome.body : { detail: outcome.detail });
}

export function diseaseAdminRoutes(deps: DiseaseAdminDeps): RouteDefinition[] {
  const base = { tags: ['admin'], access: 'api-key' as const, params, principal: 'optional' as const };
  return [
    {
      ...base, method: 'post', path: '/api/admin/diseases/{disease_id}/prune', operationId: 'pruneDisease',
      summary: 'Preview (apply=false) or apply a prune: module results and cached responses of the disease, older than older_than_days or all, move into a backup',
      body: {
        type: 'object',
        properties: {
          apply: { type: 'boolean', default: false },
          older_than_days: { type: ['integer', 'null'], minimum: 0, maximum: 36500, default: null, description: 'Only entries older than this; null: all' },
          include_cache: { type: 'boolean', default: true, description: 'Also the cached source responses that mention the disease (name, MONDO/EFO id, MeSH terms, trial condition)' },
        },
        additionalProperties: false,
      },
      responses: { 200: { description: 'What moved (or would move)', schema: pruneSchema }, 404: notFound },
      handler: async (ctx: Ctx) => send(ctx, await pruneDisease(deps, operatorContext(ctx), ctx.params.disease_id, ctx.body as never)),
    },
    {
      ...base, method: 'post', path: '/api/admin/diseases/{disease_id}/restore', operationId: 'restoreDisease',
      summary: 'Preview (apply=false) or apply the restoration of a backup (backup_id, default the newest not yet restored)',
      body: { type: 'object', properties: { apply: { type: 'boolean', default: false }, backup_id: { type: 'string', format: 'uuid' } }, additionalProperties: false },
      responses: { 200: { description: 'What returned (or would return)', schema: restoreSchema }, 404: notFound, 409: { description: 'The backup was restored already', schema: detail } },
      handler: async (ctx: Ctx) => send(ctx, await restoreDisease(deps, operatorContext(ctx), ctx.params.disease_id, ctx.body as never)),
    },
    {
      ...base, method: 'get', path: '/api/admin/diseases/{disease_id}/backups', operationId: 'listDiseaseBackups',
      summary: 'Backups made by prunes, newest first, with when each was restored',
      responses: { 200: { description: 'Backups', schema: { type: 'object', properties: { disease_id: { type: 'string' }, backups: { type: 'array', items: { type: 'object' } } }, required: ['disease_id', 'backups'] } }, 404: notFound },
      handler: async (ctx: Ctx) => {
        if (!diseaseTarget(deps, ctx.params.disease_id)) return send(ctx, { kind: 'not_found', detail: `unknown disease '${ctx.params.disease_id}'` });
        ctx.res.json({ disease_id: ctx.params.disease_id, backups: backupsOf(await diseaseAdminEvents(deps, ctx.params.disease_id)) });
      },
    },
    {
      ...base, method: 'get', path: '/api/admin/diseases/{disease_id}/audit', operationId: 'diseaseAudit',
      summary: 'The disease\'s event history (prunes, restores, recorded module results), newest first; limit clamped to 1-500',
      query: { type: 'object', properties: { limit: { type: 'integer', default: DEFAULT_AUDIT_LIMIT, description: 'Clamped to 1-500, never rejected for its size' } }, additionalProperties: false },
      responses: { 200: { description: 'Audit entries', schema: { type: 'object', properties: { disease_id: { type: 'string' }, limit: { type: 'integer' }, total: { type: 'integer' }, entries: { type: 'array', items: { type: 'object' } } }, required: ['disease_id', 'limit', 'total', 'entries'] } }, 404: notFound },
      handler: async (ctx: Ctx) => {
        const audit = await diseaseAudit(deps, ctx.params.disease_id, ctx.query.limit as number);
        if (!audit) return send(ctx, { kind: 'not_found', detail: `unknown disease '${ctx.params.disease_id}'` });
        ctx.res.json(audit);
      },
    },
  ];
}
