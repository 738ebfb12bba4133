// Issue 23, item 6 (imports): a snapshot import killed mid-way stayed `importing` forever. The import's
// lock on its resource is its lease; at the next start a snapshot still `importing` whose lock is free is
// recorded as failed with the reason, and /api/v1/snapshots shows it so. Here the killed import is its
// "started" record (what a SIGKILL during the row load leaves: the load transaction rolls back).
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { biomedDeps } from '../../app/biomed-deps.compose';
import { createApp } from '../../app/http-app';
import { openRuntime, Runtime } from '../../app/runtime';
import { ABANDONED_REASON, failAbandonedImports } from '../../commands/biomed/fail-abandoned-imports';
import { runSnapshotCommand, snapshotCommandContext } from '../../commands/biomed/snapshot-events';
import { snapshotStreamId } from '../../domain/biomed/snapshot-lifecycle';
import { loadSettings } from '../../infra/config/settings';
import { silentLogger } from '../../infra/logging/logger';
import { openScratchPostgres, ScratchDatabase } from '../support/scratch-postgres';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('A snapshot import killed mid-way', function () {
  this.timeout(60_000);
  let scratch: ScratchDatabase;
  const settings = () => ({ ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline' }), databaseUrl: scratch.url, dataDir: os.tmpdir() });

  before(async function () {
    scratch = await openScratchPostgres('abandoned_import');
  });
  after(async function () {
    await scratch?.drop();
  });

  /** What a killed import leaves: its SnapshotImportStarted, `startedAgoMs` ago, and nothing after it. */
  async function killedImport(runtime: Runtime, resource: string, sha: string, startedAgoMs: number): Promise<string> {
    const deps = biomedDeps(runtime.settings, runtime.db, runtime.store);
    const at = new Date(Date.now() - startedAgoMs);
    const outcome = await runtime.db.knex.transaction((trx) => runSnapshotCommand(deps, trx, snapshotStreamId(resource, sha), {
      type: 'StartImport', resource, sha256: sha, artifacts: [], bytes: 1, forced: false, at: at.toISOString(),
    }, snapshotCommandContext({ kind: 'system', id: 'test' }, `killed-${resource}`, `start:${resource}`, at)));
    return outcome.state.snapshotId!;
  }

  it('is failed with the reason at the next start, and /api/v1/snapshots says so', async function () {
    const first = await openRuntime(settings(), silentLogger);
    const snapshotId = await killedImport(first, 'hp', 'a'.repeat(64), 5 * 60_000);
    await first.close(); // the process is gone

    const restarted = await openRuntime(settings(), silentLogger);
    try {
      await restarted.preloads.runAll();
      const http = createApp(restarted);
      const server = http.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const listing = await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/snapshots?resource=hp`)).json() as Json;
        const row = (listing.snapshots ?? listing).find((s: Json) => s.snapshot_id === snapshotId);
        expect(row).to.include({ status: 'failed', error: ABANDONED_REASON });
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await http.close();
      }
    } finally {
      await restarted.close();
    }
  });

  it('leaves an import whose process still holds the resource lock, and one that has only just started', async function () {
    const runtime = await openRuntime(settings(), silentLogger);
    const running = await scratch.db.knex.transaction(async (other) => {
      await other.raw('select pg_advisory_xact_lock(hashtext(?))', ['biomed-import:mondo']);
      const locked = await killedImport(runtime, 'mondo', 'b'.repeat(64), 5 * 60_000);
      const fresh = await killedImport(runtime, 'reactome', 'c'.repeat(64), 1_000);
      const failed = await failAbandonedImports(biomedDeps(runtime.settings, runtime.db, runtime.store), new Date());
      return { locked, fresh, failed };
    });
    try {
      expect(running.failed).to.not.include(running.locked);
      expect(running.failed).to.not.include(running.fresh);
    } finally {
      await runtime.close();
    }
  });
});
