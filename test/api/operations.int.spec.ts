import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import { expect } from 'chai';
import { createApp } from '../../api/app';
import { openRuntime, Runtime } from '../../infra/app/runtime';
import { loadSettings } from '../../infra/config/settings';
import { silentLogger } from '../../infra/logging/logger';
import { ledgerProjector } from '../support/projectors';
import { testDatabaseUrl } from '../support/databases';
import { testEvent, uniqueStream } from '../support/events';

describe('Operations endpoints', function () {
  let runtime: Runtime;
  let server: Server;
  let base: string;

  before(async function () {
    const settings = { ...loadSettings({ DEBUG: 'true' }), databaseUrl: testDatabaseUrl(), dataDir: os.tmpdir() };
    runtime = await openRuntime(settings, silentLogger, { projectors: [ledgerProjector('ops_ledger')], processors: [] });
    server = createApp(runtime).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async function () {
    server.close();
    await runtime.close();
  });

  it('/api/ready is 503 while a read model lags far behind, 200 once it caught up', async function () {
    for (let i = 0; i < 3; i++) {
      await runtime.store.append(uniqueStream('ledger'), Array.from({ length: 500 }, () => testEvent('LedgerEntryAdded', { amount: 1 })));
    }
    await runtime.projections.rebuild(); // creates the checkpoint row without following the log
    await runtime.store.append(uniqueStream('ledger'), Array.from({ length: 1001 }, () => testEvent('LedgerEntryAdded', { amount: 1 })));
    const behind = await fetch(`${base}/api/ready`);
    expect(behind.status).to.equal(503);
    const body = await behind.json() as { status: string; checks: { projections: { ok: boolean; detail: string } } };
    expect(body.status).to.equal('not_ready');
    expect(body.checks.projections.detail).to.contain('ops_ledger');
    await runtime.startWorkers();
    await runtime.projections.waitForCatchUp();
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.include({ status: 'ready' });
  });

  it('unknown routes are a JSON 404 and malformed JSON a 400, never a stack trace', async function () {
    const missing = await fetch(`${base}/api/nothing-here`);
    expect(missing.status).to.equal(404);
    expect(await missing.json()).to.have.property('detail');
    const malformed = await fetch(`${base}/api/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"broken' });
    expect(malformed.status).to.equal(400);
    expect(await malformed.json()).to.deep.equal({ detail: 'request body is not valid JSON' });
  });

  it('a caller-supplied correlation id that is not a sane token is replaced', async function () {
    const response = await fetch(`${base}/api/health`, { headers: { 'X-Correlation-ID': 'bad id with spaces <script>' } });
    expect(response.headers.get('x-correlation-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});
