// A real service for browser tests: offline evidence corpus, workers in process, two local accounts,
// and the dashboard CSP enforced (as the issue asks: everything must work with it on).
import { startTestServer, TestServer, TestServerOptions } from '../../support/test-server';

export const ACCOUNTS = { alice: 'alice-password-1', bob: 'bob-password-2' } as const;

export async function startDashboardServer(env: Record<string, string> = {}, overrides: Omit<TestServerOptions, 'env' | 'startWorkers'> = {}): Promise<TestServer> {
  return startTestServer({
    ...overrides,
    startWorkers: true,
    env: {
      EVIDENCE_SOURCE_MODE: 'offline',
      JOB_STREAM_POLL_MS: '50',
      LOCAL_AUTH_USERS: Object.entries(ACCOUNTS).map(([user, password]) => `${user}=${password}`).join(','),
      AUTH_SESSION_SECRET: 'dashboard-e2e-session-secret-0123456789abcdef',
      DASHBOARD_CSP_MODE: 'enforce',
      ...env,
    },
  });
}
