// Login's use case: a new session row per login (never reused: a fresh id defeats session fixation),
// expiring ttlSeconds from now, to the whole second the signed cookie carries.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../infra/clock/clock';
import type { SessionRepository } from '../../infra/auth/session-repository';

export async function openSession(
  repository: SessionRepository, clock: Clock, ttlSeconds: number, username: string,
): Promise<{ id: string; expiresEpochSeconds: number; expiresAt: Date }> {
  const id = randomUUID();
  const now = clock.now();
  const expiresEpochSeconds = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const expiresAt = new Date(expiresEpochSeconds * 1000);
  await repository.insert({ id, username, expiresAt }, now);
  return { id, expiresEpochSeconds, expiresAt };
}
