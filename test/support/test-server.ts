// A real listening service on the run's PostgreSQL database, configured from an env map as an operator
// would configure it, for HTTP, WebSocket and SSE tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, HttpApp } from '../../app/http-app';
import { openRuntime, Runtime, RuntimeOverrides } from '../../app/runtime';
import { loadSettings } from '../../infra/config/settings';
import { Logger, silentLogger } from '../../infra/logging/logger';
import { testDatabaseUrl } from './databases';

export interface TestServer {
  baseUrl: string;
  wsUrl: string;
  runtime: Runtime;
  http: HttpApp;
  close(): Promise<void>;
}

export interface TestServerOptions extends RuntimeOverrides {
  /**
   * Environment variables (DEBUG defaults to true so no API key is needed unless set; BIOMED_SEED to
   * false, since every test server shares the run's database and biomed tests import their own snapshots).
   */
  env?: Record<string, string>;
  startWorkers?: boolean;
  logger?: Logger;
  /** A database of the test's own (e.g. a scratch database) instead of the run's shared one. */
  databaseUrl?: string;
}

/**
 * Sources default to offline: this machine has no network, and a test of live or auto mode says so in its env.
 * Test servers read the SYNTHETIC corpus (fixtures/corpus, whose made-up records the tests' expectations are
 * written against) unless a test passes EVIDENCE_CORPUS_DIR: '' to get the service's default, the local mirror
 * of real records (fixtures/seed/literature).
 */
export const SYNTHETIC_CORPUS_DIR = path.resolve(__dirname, '../../../fixtures/corpus');

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-test-'));
  // Test servers share the run's database, where earlier specs leave unfinished jobs from the same client
  // address: the pending-job cap would count them (a spec late in the run got 429), so tests that want the cap set it.
  // Analysis GETs run on the event loop here (a thread per server would load its own graph); the specs of the
  // analysis thread pool set ANALYSIS_THREADS.
  const settings = { ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', JOB_MAX_PENDING_PER_CLIENT: '100000', ANALYSIS_THREADS: '0', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: SYNTHETIC_CORPUS_DIR, ...options.env }), databaseUrl: options.databaseUrl ?? testDatabaseUrl(), dataDir };
  let runtime: Runtime;
  try {
    runtime = await openRuntime(settings, options.logger ?? silentLogger, options);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  if (options.startWorkers) await runtime.startWorkers();
  await runtime.preloads.runAll();
  const http = createApp(runtime);
  const server: Server = http.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    runtime,
    http,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await http.close();
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
