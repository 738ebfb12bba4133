// The registry's two guards: the API key layer and the researcher principal layer (spec §5).
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { SessionRepository } from '../../infra/auth/session-repository';
import type { HttpGuards } from '../http/registry';
import { checkApiKey } from './api-key';
import { createPrincipalResolver } from './principal-resolver';

export function createHttpGuards(settings: Settings, sessionRepository: SessionRepository, clock: Clock): HttpGuards {
  return {
    requireApiKey: (req, allowQuery) => checkApiKey(settings.apiKey, req, allowQuery),
    resolvePrincipal: createPrincipalResolver(settings, sessionRepository, clock),
  };
}
