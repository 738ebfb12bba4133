// Who an administrative request acts as, for the events it records: the signed-in researcher when there is
// one, else the API-key holder (the key itself is never recorded).
import type { Principal } from '../../infra/event-store/event-store';
import { eventPrincipal } from '../auth/principal';
import type { RouteContext } from '../http/registry';
import { requestCommandContext } from '../middleware/correlation';
import type { CommandContext } from '../../commands/shared/command-context';

const OPERATOR: Principal = { kind: 'operator', id: 'api-key-holder' };

export function operatorContext(context: RouteContext): CommandContext {
  return requestCommandContext(context.req, context.principal ? eventPrincipal(context.principal) : OPERATOR);
}
