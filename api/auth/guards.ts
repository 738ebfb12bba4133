// STUB (to be replaced): API key check and principal resolution for the route registry.
import type { Knex } from 'knex';
import type { Request } from 'express';
import type { Settings } from '../../infra/config/settings';
import type { HttpGuards } from '../http/registry';

export function createHttpGuards(settings: Settings, _knex: Knex): HttpGuards {
  return {
    requireApiKey(req: Request, allowQuery: boolean) {
      if (!settings.apiKey) return undefined;
      const offered = req.get('x-api-key') ?? (allowQuery ? (req.query.api_key as string | undefined) : undefined);
      if (!offered) return { status: 401, detail: 'missing X-API-Key' };
      return offered === settings.apiKey ? undefined : { status: 403, detail: 'invalid API key' };
    },
    async resolvePrincipal() {
      return undefined;
    },
  };
}
