// Failed-login throttling (issue 23 item 2; OWASP ASVS 5.0 V6.3, rule in domain/auth/login-backoff.ts):
// per account (LOGIN_MAX_FAILURES_PER_ACCOUNT failures within LOGIN_FAILURE_WINDOW_SECONDS, default 10 in
// 15 min) and per client across accounts (LOGIN_MAX_FAILURES_PER_CLIENT, default 100), so another account
// still signs in from a client that mistyped one. Any username is counted the same, existing or not, so
// the answer never tells whether an account exists; usernames are hashed before they become store keys.
// Counts live in the shared rate-limit store (api/limits/limits.ts FailureLog).
import { createHash } from 'node:crypto';
import { backoffRemainingMs } from '../../domain/auth/login-backoff';
import type { FailureLog } from '../limits/limits';

export interface LoginThrottleSettings {
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerClient: number;
  loginFailureWindowSeconds: number;
}

export interface LoginThrottle {
  /** ms until this account or client may try again; 0: go ahead. */
  waitMs(username: string, client: string): Promise<number>;
  failed(username: string, client: string): Promise<void>;
  succeeded(username: string): Promise<void>;
}

const accountKey = (username: string) => `account:${createHash('sha256').update(username.normalize('NFC').toLowerCase()).digest('hex')}`;
const clientKey = (client: string) => `client:${client}`;

export function loginThrottle(log: FailureLog, settings: LoginThrottleSettings): LoginThrottle {
  const windowMs = settings.loginFailureWindowSeconds * 1000;
  const perAccount = { threshold: settings.loginMaxFailuresPerAccount, maxDelayMs: windowMs };
  const perClient = { threshold: settings.loginMaxFailuresPerClient, maxDelayMs: windowMs };
  return {
    async waitMs(username, client) {
      const [account, byClient] = await Promise.all([
        log.failures(accountKey(username), windowMs, false), log.failures(clientKey(client), windowMs, false),
      ]);
      return Math.max(backoffRemainingMs(account, perAccount), backoffRemainingMs(byClient, perClient));
    },
    async failed(username, client) {
      await Promise.all([log.failures(accountKey(username), windowMs, true), log.failures(clientKey(client), windowMs, true)]);
    },
    async succeeded(username) {
      await log.forget(accountKey(username));
    },
  };
}
