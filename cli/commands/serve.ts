// `evidence serve`: the HTTP service; in single-process mode (the default) also the projections,
// processors and scheduler duties (in a workers thread on PostgreSQL: app/workers-thread.compose.ts).
import type { Server } from 'node:http';
import { assertServable, loadSettings, SettingsError } from '../../infra/config/settings';
import { superviseWithReload } from './reload';
import { ensureLocalAccount } from '../../infra/config/local-account';
import { ensureLocalApiKey } from '../../infra/config/local-api-key';
import { withRuntime, untilSignal } from './lifecycle';

export interface ServeOptions {
  host?: string;
  port?: string;
  generateApiKeyIfUnset?: boolean;
  createLocalAccountIfNone?: boolean;
  reload?: boolean;
}

export async function serve(options: ServeOptions): Promise<void> {
  if (options.reload) {
    if (!loadSettings().debug) {
      console.error('--reload is a development aid and is honoured only with DEBUG=true; starting without it');
    } else {
      const args = [...(options.host ? ['--host', options.host] : []), ...(options.port ? ['--port', options.port] : [])];
      superviseWithReload(args);
      return;
    }
  }
  let generatedKey: { file: string; created: boolean } | undefined;
  let generatedAccount: { username: string; file: string; created: boolean } | undefined;
  await withRuntime(async (runtime) => {
    const { settings, logger } = runtime;
    if (generatedKey) {
      logger.warn(generatedKey, `API_KEY is not set: using the generated key stored in ${generatedKey.file} (send it as X-API-Key)`);
    }
    if (generatedAccount) {
      logger.warn(generatedAccount, `LOCAL_AUTH_USERS is not set: sign in to the dashboard as '${generatedAccount.username}' `
        + `with the password stored in ${generatedAccount.file}`);
    }
    const http = runtime.httpApp();
    const server: Server = await new Promise((resolve, reject) => {
      const listening = http.listen(settings.port, settings.host, () => resolve(listening));
      listening.once('error', reject);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : settings.port;
    logger.info({ url: `http://${settings.host}:${port}`, database: runtime.db.describe }, 'listening');
    // Every route's request schemas, compiled before their first request, one per turn (issue 23).
    void http.compileSchemasInBackground().catch((err) => logger.warn({ err }, 'compiling the request schemas ahead failed; each compiles on first use'));
    // The serving thread's and the analysis threads' graphs are built once the seed is in, not in the first
    // callers' requests; /api/ready waits for them (the knowledge_graph preload).
    runtime.registerGraphPreload();
    const preloading = runtime.preloads.runAll(); // records failures, never throws
    if (settings.workersInProcess) {
      // On PostgreSQL in a thread of their own (issue 23: a job's research pipeline held /api/health), stopped by close().
      await runtime.startInProcessWorkers();
    }
    await untilSignal(logger);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    // A start-up import (the biomed seed) finishes its transaction before the database closes.
    await preloading;
    await http.close();
  }, (settings) => {
    const adjusted = { ...settings };
    if (options.host !== undefined) adjusted.host = options.host;
    if (options.port !== undefined) {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingsError('--port', `must be 0-65535, got ${options.port}`);
      adjusted.port = port;
    }
    if (options.generateApiKeyIfUnset && !adjusted.debug && !adjusted.apiKey) {
      const { key, file, created } = ensureLocalApiKey(adjusted.dataDir);
      adjusted.apiKey = key;
      generatedKey = { file, created };
    }
    if (options.createLocalAccountIfNone && adjusted.authMode === 'local' && Object.keys(adjusted.localAuthUsers).length === 0) {
      const { username, password, file, created } = ensureLocalAccount(adjusted.dataDir);
      adjusted.localAuthUsers = { [username]: password };
      generatedAccount = { username, file, created };
    }
    assertServable(adjusted);
    return adjusted;
  });
}
