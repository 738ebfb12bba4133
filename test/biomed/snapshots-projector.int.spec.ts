// biomed.snapshots is a registered projector applied inline by the import AND by the projection runner:
// applying the log a second time leaves the same rows, a runner starting after imports keeps them, a
// replayed older activation never makes an old snapshot active again, and a blue/green rebuild from
// the log yields exactly the rows the live imports wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { allProjectors } from '../../projections';
import { biomedSnapshotsProjector } from '../../projections/biomed/snapshots.projector';
import { liveTableNames } from '../../projections/projector';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { eventually } from '../support/databases';
import { BiomedEnv, fixture, startBiomedEnv } from './support/biomed-env';

describe('biomed: the snapshots read model as a registered projector', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;
  const runners: ProjectionRunner[] = [];
  const ids: Record<string, string> = {};

  /** Every row, every column, in a stable order and JSON form. */
  const rows = async () => JSON.parse(JSON.stringify(await env.runtime.db.knex('biomed.snapshots').orderBy('snapshot_id').select('*')));
  const activeHp = async () => (await env.runtime.db.knex('biomed.snapshots').where({ resource: 'hp', active: true }).pluck('snapshot_id'));
  const startRunner = async () => {
    const runner = new ProjectionRunner(env.runtime.db.knex, env.runtime.store, [biomedSnapshotsProjector], { batchSize: 1, retryDelayMs: 50 });
    runners.push(runner);
    await runner.start();
    return runner;
  };

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-projector-'));
    ids.hp1 = (await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] })).snapshot.snapshot_id;
    ids.mondo = (await env.import({ resource: 'mondo', files: [fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv')] })).snapshot.snapshot_id;
    const other = path.join(dir, 'hp-other.obo');
    fs.writeFileSync(other, 'format-version: 1.2\ndata-version: other/1\n\n[Term]\nid: HP:0000001\nname: All\n');
    ids.hp2 = (await env.import({ resource: 'hp', files: [other], allowUnpinned: true })).snapshot.snapshot_id;
    const broken = path.join(dir, 'broken.hpoa');
    fs.writeFileSync(broken, '#description: broken\ndatabase_id\tdisease_name\nOMIM:1\tonly three\tcolumns\n');
    await env.import({ resource: 'hpoa', files: [broken], allowUnpinned: true }).catch(() => undefined);
  });
  afterEach(async () => { await Promise.all(runners.splice(0).map((r) => r.stop())); });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is listed among the projectors the runner feeds and rebuilds', () => {
    expect(allProjectors.map((p) => p.name)).to.include(biomedSnapshotsProjector.name);
    expect(biomedSnapshotsProjector.tables).to.deep.equal(['biomed.snapshots']);
  });

  it('the imports wrote the lifecycle the test relies on (two hp activations, a failed attempt)', async () => {
    const all = await rows();
    expect(all.map((r: { status: string }) => r.status).sort()).to.deep.equal(['completed', 'completed', 'completed', 'failed']);
    expect(await activeHp()).to.deep.equal([ids.hp2]);
  });

  it('a runner starting after the imports keeps their rows and, once caught up, leaves the same rows', async () => {
    const before = await rows();
    const runner = await startRunner();
    expect(await rows(), 'rows right after start').to.deep.equal(before);
    await runner.waitForCatchUp();
    expect(await rows(), 'rows after the runner applied every event again').to.deep.equal(before);
  });

  it('applying the log again, one event at a time, never re-activates the older hp snapshot', async () => {
    const before = await rows();
    const events = (await env.runtime.store.readAll({ maxCount: 10_000 })).filter((e) => biomedSnapshotsProjector.eventTypes!.includes(e.type));
    expect(events.map((e) => e.type)).to.include('SnapshotActivated');
    const live = liveTableNames(biomedSnapshotsProjector);
    for (const event of events) {
      await env.runtime.db.knex.transaction((trx) => biomedSnapshotsProjector.apply(trx, [event], live));
      expect(await activeHp(), `after ${event.type} of ${event.streamId}`).to.deep.equal([ids.hp2]);
    }
    expect(await rows()).to.deep.equal(before);
  });

  it('a blue/green rebuild from the log yields the same rows as the live imports, and imports go on afterwards', async () => {
    const before = await rows();
    const runner = await startRunner();
    const [report] = await runner.rebuild(biomedSnapshotsProjector.name);
    expect(report!.events).to.be.greaterThan(0);
    expect(await rows()).to.deep.equal(before);
    // The swapped-in table keeps the store's constraints and serves the next import.
    const hpoa = await env.import({ resource: 'hpoa', files: [fixture('hpoa-fixture.hpoa')] });
    expect(hpoa.outcome).to.equal('imported');
    const again = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] });
    expect(again.outcome).to.equal('already_imported');
    const twoActive = await env.runtime.db.knex('biomed.snapshots').where({ snapshot_id: ids.hp1 }).update({ active: true }).then(() => null, (e: Error) => e);
    expect(twoActive?.message).to.match(/one_active/);
    await runner.waitForCatchUp();
    // The log shows an event once no older transaction anywhere on the server is still open (its xmin
    // horizon); on a busy shared server that can take a moment after the import commits.
    let second = report!;
    await eventually(async () => {
      [second] = await runner.rebuild(biomedSnapshotsProjector.name) as [typeof second];
      return second.events > report!.events;
    }, 'the rebuild sees the import\'s events', 30_000);
    expect((await env.get('/api/v1/snapshots?resource=hpoa')).body.snapshots.find((s: { active: boolean }) => s.active).snapshot_id)
      .to.equal(hpoa.snapshot.snapshot_id);
  });
});
