import { fork } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { Database } from '../../infra/db/database';
import { EventStore, NewEvent } from '../../infra/event-store/event-store';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { ProjectionRunner, UnknownProjectionError } from '../../projections/runner/projection-runner';
import { RebuildInProgressError, rebuildProjection } from '../../projections/runner/rebuild';
import { eventually, openTestPglite, openTestPostgres, sleep } from '../support/databases';
import { testEvent, uniqueStream } from '../support/events';
import { ledgerHash, ledgerProjector } from '../support/projectors';

function entries(count: number, amount = (i: number) => i + 1): NewEvent[] {
  return Array.from({ length: count }, (_, i) => testEvent('LedgerEntryAdded', { amount: amount(i) }));
}

/** Other suites share the run's database, so expectations count what the log holds. */
async function ledgerEventsInLog(store: EventStore): Promise<number> {
  return (await store.readAll({ maxCount: 10_000_000 })).filter((e) => e.type === 'LedgerEntryAdded').length;
}

async function appendMany(store: EventStore, total: number, perAppend = 1000): Promise<void> {
  for (let done = 0; done < total; done += perAppend) {
    await store.append(uniqueStream('ledger'), entries(Math.min(perAppend, total - done)));
  }
}

function runnerSuite(name: string, open: () => Promise<Database>): void {
  describe(`ProjectionRunner on ${name}`, function () {
    let db: Database;
    let store: PostgresEventStore;
    const runners: ProjectionRunner[] = [];
    const startRunner = async (projectorName: string, options: { version?: number; leaseMs?: number } = {}) => {
      const runner = new ProjectionRunner(db.knex, store, [ledgerProjector(projectorName, options)], { batchSize: 100, retryDelayMs: 50, leaseMs: options.leaseMs });
      runners.push(runner);
      await runner.start();
      return runner;
    };

    before(async function () {
      db = await open();
      store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    });
    afterEach(async function () {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
    });
    after(async function () {
      await store.close();
      await db.close();
    });

    it('catches up on start, follows live appends, and reports zero lag', async function () {
      await appendMany(store, 250, 50);
      const runner = await startRunner('live_ledger');
      await runner.waitForCatchUp();
      const inLog = await ledgerEventsInLog(store);
      expect(inLog).to.be.at.least(250);
      expect((await ledgerHash(db.knex, 'live_ledger')).rows).to.equal(inLog);
      await store.append(uniqueStream('ledger'), entries(3));
      await eventually(async () => (await ledgerHash(db.knex, 'live_ledger')).rows === inLog + 3, 'live events projected');
      const [status] = await runner.status();
      expect(status).to.include({ name: 'live_ledger', lag: 0, rebuilding: false, running: true });
    });

    it('ignores events it does not handle but still advances its checkpoint', async function () {
      const runner = await startRunner('typed_ledger');
      await store.append(uniqueStream('other'), [testEvent('SomethingElse', {})]);
      await runner.waitForCatchUp();
      expect((await ledgerHash(db.knex, 'typed_ledger')).rows).to.equal(await ledgerEventsInLog(store));
    });

    it('two runners of one projection never apply an event twice', async function () {
      await startRunner('shared_ledger');
      await startRunner('shared_ledger');
      await appendMany(store, 300, 10);
      await runners[0]!.waitForCatchUp();
      await runners[1]!.waitForCatchUp();
      expect((await ledgerHash(db.knex, 'shared_ledger')).rows).to.equal(await ledgerEventsInLog(store));
    });

    it('of two runners only the lease holder applies a projection (was: every worker tailed and applied every projection)', async function () {
      const first = await startRunner('leased_once_ledger');
      const second = await startRunner('leased_once_ledger');
      await appendMany(store, 50, 10);
      await first.waitForCatchUp();
      const running = [(await first.status())[0]!.running, (await second.status())[0]!.running];
      expect(running).to.deep.equal([true, false]);
      expect((await ledgerHash(db.knex, 'leased_once_ledger')).rows).to.equal(await ledgerEventsInLog(store));
    });

    it('a standby runner takes a projection over at once when its holder stops', async function () {
      // Leases far longer than the wait below: only a lease handed back explains a takeover within it.
      const first = await startRunner('handed_over_ledger', { leaseMs: 600_000 });
      const second = await startRunner('handed_over_ledger', { leaseMs: 600_000 });
      await first.waitForCatchUp();
      await first.stop();
      await store.append(uniqueStream('ledger'), entries(5));
      const inLog = await ledgerEventsInLog(store);
      await eventually(async () => (await ledgerHash(db.knex, 'handed_over_ledger')).rows === inLog, 'taken over after stop');
      expect((await second.status())[0]!.running).to.equal(true);
    });

    it('rebuild produces the same table as the live projection', async function () {
      const runner = await startRunner('rebuilt_ledger');
      await runner.waitForCatchUp();
      const before = await ledgerHash(db.knex, 'rebuilt_ledger');
      const [report] = await runner.rebuild('rebuilt_ledger');
      expect(report!.events).to.equal(before.rows);
      expect(await ledgerHash(db.knex, 'rebuilt_ledger')).to.deep.equal(before);
      // The live runner carries on from the swapped-in tables without duplicating.
      await store.append(uniqueStream('ledger'), entries(2));
      await eventually(async () => (await ledgerHash(db.knex, 'rebuilt_ledger')).rows === before.rows + 2, 'live after swap');
      await sleep(200);
      expect((await ledgerHash(db.knex, 'rebuilt_ledger')).rows).to.equal(before.rows + 2);
    });

    it('a new projector version rebuilds its read model on start', async function () {
      const v1 = await startRunner('versioned_ledger', { version: 1 });
      await v1.waitForCatchUp();
      const expected = await ledgerHash(db.knex, 'versioned_ledger');
      await v1.stop();
      await db.knex('versioned_ledger_rows').delete(); // damage that only a rebuild repairs
      const v2 = await startRunner('versioned_ledger', { version: 2 });
      await eventually(async () => (await ledgerHash(db.knex, 'versioned_ledger')).hash === expected.hash, 'rebuilt on version change');
      const checkpoint = await db.knex('projection_checkpoints').where({ name: 'versioned_ledger' }).first();
      expect(Number(checkpoint.schema_version)).to.equal(2);
      await v2.waitForCatchUp();
    });

    it('refuses to rebuild an unknown projection or one already being rebuilt', async function () {
      const runner = await startRunner('leased_ledger');
      try {
        await runner.rebuild('no_such_projection');
        expect.fail('expected UnknownProjectionError');
      } catch (error) {
        expect(error).to.be.instanceOf(UnknownProjectionError);
      }
      await db.knex('projection_rebuild_leases').insert({
        name: 'leased_ledger', owner: 'someone-else', shadow_suffix: 'rbx', expires_at: new Date(Date.now() + 60_000),
      });
      // On PostgreSQL a live rebuild also holds its liveness lock (here: another connection's transaction).
      const live = name === 'PostgreSQL' ? await db.knex.transaction() : undefined;
      await live?.raw('select pg_advisory_xact_lock(hashtext(?))', ['projection-rebuild:leased_ledger']);
      try {
        await rebuildProjection(db.knex, store, ledgerProjector('leased_ledger'), { owner: 'me' });
        expect.fail('expected RebuildInProgressError');
      } catch (error) {
        expect(error).to.be.instanceOf(RebuildInProgressError);
      } finally {
        await live?.rollback();
        await db.knex('projection_rebuild_leases').where({ name: 'leased_ledger' }).delete();
      }
    });

    if (name === 'PostgreSQL') {
      it('takes over the lease of a killed rebuild at once and drops the shadow tables it left (was: blocked for 60 s)', async function () {
        const runner = await startRunner('killed_ledger');
        await runner.waitForCatchUp();
        // What a SIGKILLed rebuild leaves: its unexpired lease row and its half-built shadow table; its
        // liveness lock went with its connection.
        await db.knex('projection_rebuild_leases').insert({
          name: 'killed_ledger', owner: 'killed-process', shadow_suffix: 'rbdead', expires_at: new Date(Date.now() + 60_000),
        });
        await db.knex.schema.createTable('killed_ledger_rows__rbdead', (t) => { t.integer('x'); });
        const report = await rebuildProjection(db.knex, store, ledgerProjector('killed_ledger'), { owner: 'me' });
        expect(report.name).to.equal('killed_ledger');
        expect(await db.knex.schema.hasTable('killed_ledger_rows__rbdead')).to.equal(false);
        expect(await db.knex('projection_rebuild_leases').where({ name: 'killed_ledger' }).first()).to.equal(undefined);
      });
    }
  });
}

runnerSuite('PostgreSQL', () => openTestPostgres());
runnerSuite('PGlite', () => openTestPglite());

describe('ProjectionRunner under crashes and load (PostgreSQL)', function () {
  this.timeout(180_000);
  let db: Database;
  let store: PostgresEventStore;

  before(async function () {
    db = await openTestPostgres();
    store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
  });
  after(async function () {
    await store.close();
    await db.close();
  });

  it('a projector killed with SIGKILL mid-catch-up resumes with no duplicate and no gap', async function () {
    await appendMany(store, 3000, 100);
    const child = path.resolve(__dirname, '../support/projector-child.js');
    const total = await ledgerEventsInLog(store);
    const rowsAtKill: number[] = [];
    for (let kill = 0; kill < 3; kill++) {
      const proc = fork(child, ['crash_ledger', '50', '15'], { env: process.env, stdio: 'ignore' });
      const threshold = Math.floor(((kill + 1) * total) / 4);
      await eventually(async () => (await db.knex.schema.hasTable('crash_ledger_rows')) &&
        (await ledgerHash(db.knex, 'crash_ledger')).rows >= threshold, 'child made progress', 60_000);
      proc.kill('SIGKILL');
      await new Promise((resolve) => proc.once('exit', resolve));
      rowsAtKill.push((await ledgerHash(db.knex, 'crash_ledger')).rows);
    }
    expect(rowsAtKill.every((rows) => rows < total), `killed mid-catch-up: ${rowsAtKill} of ${total}`).to.equal(true);
    const finisher = fork(child, ['crash_ledger', '50', '0'], { env: process.env, stdio: 'ignore' });
    try {
      await eventually(async () => (await ledgerHash(db.knex, 'crash_ledger')).rows >= total, 'finished after crashes', 60_000);
      await sleep(300);
    } finally {
      finisher.kill('SIGKILL');
    }
    const afterCrashes = await ledgerHash(db.knex, 'crash_ledger');
    expect(afterCrashes.rows).to.equal(total);
    const clean = new ProjectionRunner(db.knex, store, [ledgerProjector('crash_ledger')]);
    await clean.rebuild('crash_ledger');
    expect(await ledgerHash(db.knex, 'crash_ledger')).to.deep.equal(afterCrashes);
  });

  it('a standby runner takes a projection over once a killed holder\'s lease lapses, applying each event once', async function () {
    const child = path.resolve(__dirname, '../support/projector-child.js');
    const holder = fork(child, ['dead_holder_ledger', '50', '0', '1000'], { env: process.env, stdio: 'ignore' });
    await new Promise((resolve) => holder.once('message', resolve));
    const standby = new ProjectionRunner(db.knex, store, [ledgerProjector('dead_holder_ledger')], { batchSize: 50, retryDelayMs: 50 });
    await standby.start();
    try {
      expect((await standby.status())[0]!.running, 'the child holds the lease').to.equal(false);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      await appendMany(store, 200, 20);
      const inLog = await ledgerEventsInLog(store);
      await eventually(async () => (await ledgerHash(db.knex, 'dead_holder_ledger')).rows >= inLog, 'taken over after the kill', 30_000);
      await sleep(300);
      expect((await ledgerHash(db.knex, 'dead_holder_ledger')).rows).to.equal(inLog);
      expect((await standby.status())[0]!.running).to.equal(true);
    } finally {
      await standby.stop();
    }
  });

  it('rebuilds a read model over 100k events to an identical table while readers are served', async function () {
    await appendMany(store, 100_000, 1000);
    const runner = new ProjectionRunner(db.knex, store, [ledgerProjector('big_ledger')], { batchSize: 2000 });
    await runner.start();
    try {
      await runner.waitForCatchUp(120_000);
      const live = await ledgerHash(db.knex, 'big_ledger');
      expect(live.rows).to.be.at.least(100_000);
      let reading = true;
      let reads = 0;
      const readFailures: unknown[] = [];
      const counts = new Set<number>();
      const reader = (async () => {
        while (reading) {
          try {
            const [row] = await db.knex('big_ledger_totals').select('entries');
            counts.add(Number(row.entries));
            reads++;
          } catch (error) {
            readFailures.push(error);
          }
          await sleep(5);
        }
      })();
      await runner.rebuild('big_ledger');
      reading = false;
      await reader;
      expect(readFailures).to.deep.equal([]);
      expect(reads).to.be.greaterThan(10);
      expect([...counts]).to.deep.equal([live.rows]); // never a half-built table
      expect(await ledgerHash(db.knex, 'big_ledger')).to.deep.equal(live);
    } finally {
      await runner.stop();
    }
  });
});

describe('ProjectionRunner.waitForCatchUp where the projections have never run (a CLI without workers)', function () {
  it('is caught up on a new, empty store at once, and not once the log holds an event nobody projected', async function () {
    const db = await openTestPglite();
    const store = new PostgresEventStore(db.knex, { pollIntervalMs: 20 });
    try {
      const runner = new ProjectionRunner(db.knex, store, [ledgerProjector('never_started')], { batchSize: 100 });
      // No checkpoint and nothing in the log: nothing is left to read (it used to wait for its whole timeout).
      await runner.waitForCatchUp(2_000);
      await store.append(uniqueStream('ledger'), entries(1));
      let caughtUp = true;
      await runner.waitForCatchUp(300).catch(() => { caughtUp = false; });
      expect(caughtUp, 'an event no projection has read is lag').to.equal(false);
    } finally {
      await store.close();
      await db.close();
    }
  });
});
