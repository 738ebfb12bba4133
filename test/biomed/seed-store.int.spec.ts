// The start-up seed's use case on scratch databases: a fresh store gets the seed snapshots (reports say
// seed: true), a second run imports nothing, and a store with an operator's active snapshot is never seeded.
import { expect } from 'chai';
import { seedBiomedStore } from '../../commands/biomed/seed-store';
import { snapshotQueries } from '../../projections/biomed/snapshots.queries';
import { BiomedEnv, fixture, startBiomedEnv, storeFootprint } from './support/biomed-env';

describe('biomed: seeding a fresh store', function () {
  this.timeout(60_000);
  let env: BiomedEnv | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it('imports the seed snapshots into a fresh store, with seed: true in their reports, and nothing on a second run', async function () {
    env = await startBiomedEnv();
    const first = await seedBiomedStore(env.deps);
    expect(first.kind).to.equal('seeded');
    if (first.kind !== 'seeded') return;
    expect(first.imports.map((i) => [i.resource, i.outcome])).to.deep.equal([['mondo', 'imported'], ['hp', 'imported']]);
    for (const { snapshot_id: id } of first.imports) {
      const snapshot = await snapshotQueries(env.runtime.db.knex).get(id!);
      expect(snapshot).to.include({ active: true, forced: false });
      expect(snapshot!.report).to.include({ seed: true });
    }
    const footprint = await storeFootprint(env);
    expect(await seedBiomedStore(env.deps)).to.deep.equal({ kind: 'skipped', reason: 'the store already has an active snapshot' });
    expect(await storeFootprint(env)).to.deep.equal(footprint);
  });

  it('never seeds a store where any snapshot is active (an operator\'s own import), and an operator\'s report has no seed flag', async function () {
    env = await startBiomedEnv();
    const own = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] });
    expect(own.outcome).to.equal('imported');
    if (own.outcome === 'imported') expect(own.report).to.not.have.property('seed');
    expect((await seedBiomedStore(env.deps)).kind).to.equal('skipped');
    expect(await snapshotQueries(env.runtime.db.knex).activeSnapshotId('mondo')).to.equal(null);
  });
});
