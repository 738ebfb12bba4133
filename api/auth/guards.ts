// The registry's two guards: the API key layer and the researcher principal layer (spec §5).
import type { Knex } from 'knex';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { HttpGuards } from '../http/registry';
import { checkApiKey } from './api-key';
import { createPrincipalResolver } from './principal-resolver';

export function createHttpGuards(settings: Settings, knex: Knex, clock: Clock): HttpGuards {
  return {
    requireApiKey: (req, allowQuery) => checkApiKey(settings.apiKey, req, allowQuery),
    resolvePrincipal: createPrincipalResolver(settings, knex, clock),
  };
}
