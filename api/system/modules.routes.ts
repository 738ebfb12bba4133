// GET /api/system/modules: the module catalog with ids, aliases, request schemas and contracts.
import type { Runtime } from '../../app/runtime';
import { runAllModule } from '../../processors/jobs/run-all';
import type { ModuleDefinition } from '../../processors/jobs/module-registry';
import type { RouteDefinition } from '../http/registry';
import { moduleQuerySchema } from '../jobs/job.routes';

export function systemModuleRoutes(runtime: Runtime): RouteDefinition[] {
  return [{
    method: 'get',
    path: '/api/system/modules',
    operationId: 'listModules',
    summary: 'Module catalog: ids, aliases, request schemas, contracts and availability',
    tags: ['system'],
    query: {
      type: 'object',
      properties: { disease: { type: 'string', pattern: '^[a-z0-9_]{1,64}$', default: 'sle', description: 'Disease context of the listing' } },
      additionalProperties: false,
    },
    responses: {
      200: {
        description: 'Every module a job can run',
        schema: {
          type: 'object',
          properties: {
            disease: { type: 'string' },
            modules: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' }, aliases: { type: 'array', items: { type: 'string' } }, title: { type: 'string' },
                  description: { type: 'string' }, request_schema: { type: 'object' }, body_schema: { type: ['object', 'null'] },
                  contract: { type: 'object' }, available: { type: 'boolean' }, unavailable_reason: { type: ['string', 'null'] },
                },
                required: ['id', 'aliases', 'request_schema', 'contract', 'available'],
              },
            },
          },
          required: ['disease', 'modules'],
        },
      },
    },
    handler: ({ query, res }) => {
      const modules = [...runtime.modules.list(), runAllModule(runtime.modules, '')];
      res.json({ disease: query.disease, modules: modules.map(describe) });
    },
  }];
}

function describe(module: ModuleDefinition) {
  const availability = module.availability();
  return {
    id: module.id,
    aliases: [...(module.aliases ?? [])],
    title: module.title,
    description: module.description,
    request_schema: module.id === 'run-all' ? module.querySchema : moduleQuerySchema(module),
    body_schema: module.bodySchema ?? null,
    contract: module.contract,
    available: availability.available,
    unavailable_reason: availability.available ? null : availability.reason,
  };
}
