// Issue 23, item 6 (duties): every scheduler start re-ran the daily corpus-status report and monitor
// snapshots. A duty that records its runs now runs when it is due according to its last recorded run.
import os from 'node:os';
import { expect } from 'chai';
import { startPeriodicDuty } from '../../app/periodic-duty';
import { startCorpusStatusDuty } from '../../app/operations-schedule';
import { openRuntime, Runtime } from '../../app/runtime';
import { loadSettings } from '../../infra/config/settings';
import { silentLogger } from '../../infra/logging/logger';
import { eventually, sleep } from '../support/databases';
import { openScratchPostgres, ScratchDatabase } from '../support/scratch-postgres';

describe('Scheduler duties run when due by their last recorded run', function () {
  this.timeout(60_000);

  it('does not run at start when the last run is recent, and runs at once when it is overdue or never ran', async function () {
    const runs: number[] = [];
    const now = new Date('2026-11-27T12:00:00Z');
    const hour = 3_600_000;
    const recent = startPeriodicDuty(async () => { runs.push(1); }, hour, silentLogger, 'f', { lastRunAt: async () => new Date(now.getTime() - 60_000), now: () => now });
    const overdue = startPeriodicDuty(async () => { runs.push(2); }, hour, silentLogger, 'f', { lastRunAt: async () => new Date(now.getTime() - 2 * hour), now: () => now });
    const never = startPeriodicDuty(async () => { runs.push(3); }, hour, silentLogger, 'f', { lastRunAt: async () => undefined, now: () => now });
    await sleep(100);
    await Promise.all([recent(), overdue(), never()]);
    expect(runs.sort()).to.deep.equal([2, 3]);
  });

  it('runs a duty due soon when it falls due, not before', async function () {
    const runs: number[] = [];
    const stop = startPeriodicDuty(async () => { runs.push(Date.now()); }, 400, silentLogger, 'f', { lastRunAt: async () => new Date(Date.now() - 200) });
    const started = Date.now();
    await eventually(async () => runs.length === 1, 'the duty runs once due', 5_000);
    await stop();
    expect(runs[0]! - started).to.be.within(120, 2_000); // due ~200 ms after the start, not at it
  });

  describe('the corpus-status duty across scheduler restarts', function () {
    let scratch: ScratchDatabase;
    let runtime: Runtime;
    before(async function () {
      scratch = await openScratchPostgres('duty_restart');
      const settings = { ...loadSettings({ BIOMED_SEED: 'false', EVIDENCE_SOURCE_MODE: 'offline' }), databaseUrl: scratch.url, dataDir: os.tmpdir() };
      runtime = await openRuntime(settings, silentLogger);
    });
    after(async function () {
      await runtime?.close();
      await scratch?.drop();
    });

    it('writes one report on the first start and none on a restart within the interval', async function () {
      const reports = async () => (await runtime.store.readAll()).filter((e) => e.type === 'CorpusStatusReported').length;
      const first = startCorpusStatusDuty(runtime);
      await eventually(async () => (await reports()) === 1, 'the first start writes the report', 30_000);
      await first();
      const second = startCorpusStatusDuty(runtime); // the scheduler restarted
      await sleep(500);
      await second();
      expect(await reports()).to.equal(1);
    });
  });
});
