// The auth_sessions table behind a port: the researcher sessions of AUTH_MODE=local (api/auth/sessions.ts
// signs the cookies; the use cases in commands/auth/ decide when a row is live). Only this file runs its SQL.
import type { Knex } from 'knex';

export interface SessionRepository {
  /** Stores a new session row and drops the rows already expired at `now` (keeps the table small). */
  insert(session: { id: string; username: string; expiresAt: Date }, now: Date): Promise<void>;
  /** The username of a session that exists, is not revoked and expires after `now`. */
  liveUsername(id: string, now: Date): Promise<string | undefined>;
  /** Marks a not-yet-revoked session revoked at `now`; false when there was none to revoke. */
  revoke(id: string, now: Date): Promise<boolean>;
}

export class KnexSessionRepository implements SessionRepository {
  constructor(private readonly knex: Knex) {}

  async insert(session: { id: string; username: string; expiresAt: Date }, now: Date): Promise<void> {
    await this.knex('auth_sessions').where('expires_at', '<', now).delete();
    await this.knex('auth_sessions').insert({ id: session.id, username: session.username, expires_at: session.expiresAt });
  }

  async liveUsername(id: string, now: Date): Promise<string | undefined> {
    const row = await this.knex('auth_sessions')
      .where({ id })
      .whereNull('revoked_at')
      .where('expires_at', '>', now)
      .first('username') as { username: string } | undefined;
    return row?.username;
  }

  async revoke(id: string, now: Date): Promise<boolean> {
    const updated = await this.knex('auth_sessions').where({ id }).whereNull('revoked_at').update({ revoked_at: now });
    return updated > 0;
  }
}
