// Who a verified session cookie signs in: the username of its row when known, unexpired and not revoked.
import type { Clock } from '../../infra/clock/clock';
import type { SessionRepository } from '../../infra/auth/session-repository';

export function sessionUsername(repository: SessionRepository, clock: Clock, sessionId: string): Promise<string | undefined> {
  return repository.liveUsername(sessionId, clock.now());
}
