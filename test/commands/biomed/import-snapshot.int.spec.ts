// The snapshot import use case answers with what happened instead of throwing: imported, already
// imported (nothing written), refused (before anything is written) or failed (rolled back, the
// attempt on record).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { attemptSnapshotImport } from '../../../commands/biomed/import-snapshot';
import { readSeedList } from '../../../commands/biomed/seed-store';
import { BiomedEnv, fixture, startBiomedEnv, storeFootprint } from '../../biomed/support/biomed-env';

describe('commands/biomed: import a snapshot', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-usecase-'));
  });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a pinned artifact and activates it', async () => {
    const result = await attemptSnapshotImport(env.deps, { resource: 'hp', files: [fixture('hp-fixture.obo')] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    expect(result.snapshot).to.include({ resource: 'hp', status: 'completed', active: true });
    expect(result.report.snapshot_id).to.equal(result.snapshot.snapshot_id);
  });

  it('refreshes the planner statistics of the tables the import wrote (the seed HGNC slice: terms and mappings, no claims) and leaves the claims tables unsampled', async () => {
    // Manual ANALYZEs per table (autovacuum's are counted apart, in autoanalyze_count).
    const analyzed = async () => Object.fromEntries(((await env.runtime.db.knex.raw(`select relname, analyze_count::int as n from pg_stat_user_tables
      where schemaname = 'biomed' and relname in ('terms', 'mappings', 'claims', 'evidence_links')`)).rows as { relname: string; n: number }[]).map((r) => [r.relname, r.n]));
    const before = await analyzed();
    const hgnc = readSeedList().find((entry) => entry.resource === 'hgnc')!;
    const result = await attemptSnapshotImport(env.deps, { resource: 'hgnc', files: hgnc.files });
    expect(result.outcome).to.equal('imported');
    expect(result.outcome === 'imported' && result.report.counts).to.include({ claims: 0 });
    const after = await analyzed();
    expect(Object.fromEntries(Object.keys(before).map((t) => [t, after[t]! - before[t]!])))
      .to.deep.equal({ claims: 0, evidence_links: 0, mappings: 1, terms: 1 });
  });

  it('answers already_imported for the same artifact and writes nothing', async () => {
    const before = await storeFootprint(env);
    const result = await attemptSnapshotImport(env.deps, { resource: 'hp', files: [fixture('hp-fixture.obo')] });
    expect(result.outcome).to.equal('already_imported');
    expect(result.outcome === 'already_imported' && result.message).to.match(/^already imported as snapshot hp-/);
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses an unknown resource, a missing file and an unpinned artifact before writing anything', async () => {
    const before = await storeFootprint(env);
    const unpinned = path.join(dir, 'hp-unpinned.obo');
    fs.writeFileSync(unpinned, 'format-version: 1.2\n\n[Term]\nid: HP:0000001\nname: All\n');
    const answers = [
      await attemptSnapshotImport(env.deps, { resource: 'snomed', files: [fixture('hp-fixture.obo')] }),
      await attemptSnapshotImport(env.deps, { resource: 'hp', files: [path.join(dir, 'absent.obo')] }),
      await attemptSnapshotImport(env.deps, { resource: 'hp', files: [unpinned] }),
    ];
    expect(answers.map((a) => a.outcome === 'refused' && a.code)).to.deep.equal(['unknown_resource', 'bad_input', 'unpinned']);
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('answers failed for an artifact that breaks half-way: no rows, the failed attempt on record', async () => {
    const broken = path.join(dir, 'broken.hpoa');
    fs.writeFileSync(broken, '#description: broken\ndatabase_id\tdisease_name\nOMIM:1\tonly three\tcolumns\n');
    const result = await attemptSnapshotImport(env.deps, { resource: 'hpoa', files: [broken], allowUnpinned: true });
    expect(result.outcome).to.equal('failed');
    if (result.outcome !== 'failed') return;
    expect(result.message).to.match(/failed and was rolled back/);
    expect(await env.count('biomed.claims', `snapshot_id = '${result.snapshot_id}'`)).to.equal(0);
    const { body } = await env.get(`/api/v1/snapshots/${result.snapshot_id}/report`);
    expect(body.snapshot).to.include({ status: 'failed', active: false });
  });
});
