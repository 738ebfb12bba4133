// Issue 23, item 7: for ~20 s after a fresh start /api/health was 200 while the bundled data was still
// importing, and analysis routes answered 409 telling the user to "import and activate the ppi resource".
// Now /api/ready is 503 naming the seed import (k of n snapshots) until it is done, and a module whose data
// is missing meanwhile answers 503 with Retry-After and the same words. The seed import here is a preload
// the test holds open (reporting progress as the real one does), on an empty database of its own.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { expect } from 'chai';
import { createApp } from '../../../app/http-app';
import { openRuntime, Runtime } from '../../../app/runtime';
import { SEED_PRELOAD, seedImportProgress } from '../../../commands/biomed/seed-progress';
import { loadSettings } from '../../../infra/config/settings';
import { silentLogger } from '../../../infra/logging/logger';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Readiness while the start-up seed import runs', function () {
  this.timeout(60_000);
  let scratch: ScratchDatabase;
  let runtime: Runtime;
  let server: Server;
  let base: string;
  let finishSeed: () => void;
  let preloading: Promise<void>;

  before(async function () {
    scratch = await openScratchPostgres('seed_ready');
    const settings = { ...loadSettings({ DEBUG: 'true', RATE_LIMIT_REQUESTS: '0', BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline' }), databaseUrl: scratch.url, dataDir: os.tmpdir() };
    runtime = await openRuntime(settings, silentLogger);
    const gate = new Promise<void>((resolve) => { finishSeed = resolve; });
    runtime.preloads.register(SEED_PRELOAD, async (report) => {
      report(seedImportProgress(1, 3));
      await gate;
    });
    const app = createApp(runtime);
    server = app.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    preloading = runtime.preloads.runAll(); // as `serve` does: listening first, importing meanwhile
  });
  after(async function () {
    finishSeed?.();
    await preloading;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await runtime?.close();
    await scratch?.drop();
  });

  it('/api/ready is 503 naming the seed import and its progress while /api/health is 200', async function () {
    expect((await fetch(`${base}/api/health`)).status).to.equal(200);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).to.equal(503);
    expect(JSON.stringify(await ready.json())).to.contain('biomed_seed pending (seed import: 1 of 3 snapshots)');
  });

  it('a module asked meanwhile answers 503 with Retry-After and the seed import\'s words, not 404/409 "import the resource"', async function () {
    const reply = await fetch(`${base}/api/bioinformatics/ppi?disease_id=sle&permutations=100`);
    expect(reply.status).to.equal(503);
    expect(Number(reply.headers.get('retry-after'))).to.be.greaterThan(0);
    const body = await reply.json() as Json;
    expect(body.detail).to.contain('seed import: 1 of 3 snapshots');
    expect(body.detail).to.not.contain('import and activate');
  });

  it('once the import has ended the same request is the module\'s own answer again', async function () {
    finishSeed();
    await preloading;
    const reply = await fetch(`${base}/api/bioinformatics/ppi?disease_id=sle&permutations=100`);
    expect(reply.status).to.equal(404); // this database really has no conditions: the module's own answer
    expect(reply.headers.get('retry-after')).to.equal(null);
  });
});
