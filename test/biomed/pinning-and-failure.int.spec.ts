// Checksum pinning and failure: a tampered artifact (one byte changed) is refused before anything is
// written and the active snapshot is untouched; --allow-unpinned imports it and the report says
// forced; an import that fails half-way leaves no row in the store, only the failed attempt on record.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportFailedError } from '../../commands/biomed/import-snapshot';
import { ImportRefusedError, loadPinnedChecksums, sha256File } from '../../infra/biomed/artifacts';
import { BiomedEnv, fixture, startBiomedEnv, storeFootprint } from './support/biomed-env';

describe('biomed: pinned checksums, forced imports and failed imports', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;
  let activeHp: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-pin-'));
    const result = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] });
    activeHp = result.snapshot.snapshot_id;
  });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tampered = () => {
    const copy = path.join(dir, 'hp-fixture.obo');
    const bytes = fs.readFileSync(fixture('hp-fixture.obo'));
    const at = bytes.indexOf('name: Arthritis') + 'name: '.length;
    bytes[at] = 'a'.charCodeAt(0); // "Arthritis" -> "arthritis": one byte
    fs.writeFileSync(copy, bytes);
    return copy;
  };

  it('pins every fixture form shipped in fixtures/biomed', async () => {
    const pins = loadPinnedChecksums();
    for (const [resource, file] of [['hp', 'hp-fixture.obo'], ['mondo', 'mondo-fixture.obo'], ['mondo', 'mondo-fixture.sssom.tsv'], ['hpoa', 'hpoa-fixture.hpoa']]) {
      const { sha256 } = await sha256File(fixture(file!));
      expect(pins[resource!]!.map((p) => p.sha256), file).to.include(sha256);
    }
    for (const resource of ['hp', 'hpoa', 'mondo']) expect(pins[resource]!.some((p) => p.form === 'fixture'), resource).to.equal(true);
  });

  it('refuses a tampered artifact before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const error = await env.import({ resource: 'hp', files: [tampered()] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect((error as Error).message).to.match(/matches no pinned checksum for resource 'hp'.*nothing was written.*--allow-unpinned/);
    expect(await storeFootprint(env)).to.deep.equal(before);
    const hp = (await env.get('/api/v1/snapshots?resource=hp')).body.snapshots;
    expect(hp.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[activeHp, true]]);
    expect((await env.get('/api/v1/conditions/HP:0001369')).body.label).to.equal('Arthritis');
  });

  it('imports it with --allow-unpinned and the report records the import as forced', async () => {
    const result = await env.import({ resource: 'hp', files: [tampered()], allowUnpinned: true });
    expect(result.outcome).to.equal('imported');
    const { body } = await env.get(`/api/v1/snapshots/${result.snapshot.snapshot_id}/report`);
    expect(body.snapshot).to.include({ forced: true, active: true });
    expect(body.report.forced).to.equal(true);
    expect(body.report.forced_reason).to.contain('--allow-unpinned');
    expect(body.report.artifacts[0].pinned).to.equal(null);
    expect((await env.get('/api/v1/conditions/HP:0001369')).body.label).to.equal('arthritis');
    activeHp = result.snapshot.snapshot_id;
  });

  it('refuses unknown resources and wrong file lists', async () => {
    // clinvar and openfda take their own file kinds: an .obo file is a wrong file list for them.
    for (const [resource, code] of [['clinvar', 'bad_input'], ['openfda', 'bad_input'], ['snomed', 'unknown_resource']]) {
      const error = await env.import({ resource: resource!, files: [fixture('hp-fixture.obo')] }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code, resource).to.equal(code);
    }
    const twoFiles = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo'), fixture('mondo-fixture.obo')] }).then(() => null, (e: unknown) => e);
    expect((twoFiles as ImportRefusedError).code).to.equal('bad_input');
  });

  it('leaves no trace of a failed import in the data; the failure is on record', async () => {
    const first = await env.import({ resource: 'hpoa', files: [fixture('hpoa-fixture.hpoa')] });
    const good = first.snapshot.snapshot_id;
    // 12,000 valid rows (so several batches reach the database) and then a broken one.
    const lines = fs.readFileSync(fixture('hpoa-fixture.hpoa'), 'utf8').split('\n');
    const header = lines.filter((l) => l.startsWith('#') || l.startsWith('database_id'));
    const rows = lines.filter((l) => l.startsWith('OMIM:') || l.startsWith('ORPHA:'));
    const body: string[] = [];
    for (let i = 0; body.length < 12_000; i++) body.push(rows[i % rows.length]!.replace(/^(OMIM|ORPHA):\d+/, `OMIM:9${String(i).padStart(6, '0')}`));
    const broken = path.join(dir, 'broken.hpoa');
    fs.writeFileSync(broken, [...header, ...body, 'OMIM:1\tonly three\tcolumns', ''].join('\n'));
    const before = await storeFootprint(env);
    const error = await env.import({ resource: 'hpoa', files: [broken], allowUnpinned: true }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportFailedError);
    expect((error as Error).message).to.match(/line 12006: expected 12 tab-separated columns, found 3/);
    const failedId = (error as ImportFailedError).snapshotId;
    for (const table of ['biomed.terms', 'biomed.claims', 'biomed.evidence_links']) {
      expect(await env.count(table, `snapshot_id = '${failedId}'`), table).to.equal(0);
    }
    const after = await storeFootprint(env);
    expect(after).to.deep.equal({ ...before, 'biomed.snapshots': before['biomed.snapshots']! + 1, es_events: before.es_events! + 2 });
    const listed = (await env.get('/api/v1/snapshots?resource=hpoa')).body.snapshots;
    const byId = Object.fromEntries(listed.map((s: { snapshot_id: string }) => [s.snapshot_id, s]));
    expect(byId[failedId]).to.include({ status: 'failed', active: false });
    expect(byId[good]).to.include({ status: 'completed', active: true });
    const events = await env.runtime.db.knex('es_events').where('stream_id', 'like', `snapshot-hpoa-${failedId.split('-')[1]}%`).orderBy('revision').pluck('type');
    expect(events).to.deep.equal(['SnapshotImportStarted', 'SnapshotImportFailed']);
  });

  it('round-trips awkward text (tab, newline, backslash, quotes, non-ASCII) through the bulk loader', async () => {
    const odd = path.join(dir, 'odd.obo');
    fs.writeFileSync(odd, 'format-version: 1.2\ndata-version: odd/1\n\n[Term]\nid: HP:0000001\nname: Sjögren \\ odd\n'
      + 'def: "tab\\there, new\\nline, back\\\\slash, \\"quoted\\"" []\nsynonym: "x\\ty" EXACT []\n');
    const result = await env.import({ resource: 'hp', files: [odd], allowUnpinned: true });
    const term = (await env.get('/api/v1/conditions/HP:0000001')).body;
    expect(term.source.snapshot_id).to.equal(result.snapshot.snapshot_id);
    expect(term).to.include({ label: 'Sjögren \\ odd', definition: 'tab\there, new\nline, back\\slash, "quoted"' });
    expect(term.synonyms[0].text).to.equal('x\ty');
    expect((await env.get('/api/v1/conditions/search?q=x%09y')).body.results.map((r: { curie: string }) => r.curie)).to.deep.equal(['HP:0000001']);
    activeHp = result.snapshot.snapshot_id;
  });

  it('keeps snapshot rows immutable: updates and deletes are refused by the database', async () => {
    for (const sql of [`update biomed.terms set label = 'x' where snapshot_id = '${activeHp}'`, `delete from biomed.claims where snapshot_id = '${activeHp}'`]) {
      const error = await env.runtime.db.knex.raw(sql).then(() => null, (e: unknown) => e);
      expect((error as Error).message, sql).to.contain('immutable (insert-only)');
    }
  });
});
