// Logout's use case: revokes the session row, so its still-valid signed cookie stops working.
import type { Clock } from '../../infra/clock/clock';
import type { SessionRepository } from '../../infra/auth/session-repository';

export function revokeSession(repository: SessionRepository, clock: Clock, sessionId: string): Promise<boolean> {
  return repository.revoke(sessionId, clock.now());
}
