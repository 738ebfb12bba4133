// The local mirror (infra/literature/mirror.ts) as the source runner uses it: the bundled seed slice of
// real records answers offline and as auto mode's fallback, with the snapshot named; a changed file makes
// its snapshot refused while the others still answer; an update file's deletions are honoured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import { FileMirror, defaultMirrorDir, mirrorAt } from '../../../infra/literature/mirror';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { runSource } from '../../../infra/sources/source-runner';

const ROOT = path.resolve(__dirname, '../../../..');
const disease = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
const request = (id: string, limit = 500) => ({ disease: disease(id), question: 'What treats it?', dateFrom: null, dateTo: null, limit });
const manifestOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { snapshots: { source: string; snapshot_id: string; files: { path: string; sha256: string; format: string }[] }[] };

function copyMirror(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-'));
  fs.cpSync(defaultMirrorDir(), dir, { recursive: true });
  return dir;
}

describe('local literature mirror (bundled seed slice)', function () {
  this.timeout(60_000);
  let mirror: FileMirror;
  const temp: string[] = [];
  before(function () {
    if (!fs.existsSync(path.join(defaultMirrorDir(), 'manifest.json'))) {
      console.log('      skipped: no fixtures/seed/literature/manifest.json (run npm run seed:derive)');
      this.skip();
    }
    mirror = FileMirror.load(defaultMirrorDir());
  });
  after(() => temp.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('answers pubmed offline for type 2 diabetes with real PubMed and PMC records, none synthetic, the snapshot named', async () => {
    const run = await runSource(ALL_ADAPTERS.pubmed, request('t2d'), { mode: 'offline', mirror });
    const pubmedSnapshot = manifestOf(defaultMirrorDir()).snapshots.find((s) => s.source === 'pubmed')!.snapshot_id;
    expect(run.status).to.include({ status: 'ok', retrieval_mode: 'offline', snapshot_id: pubmedSnapshot });
    expect(run.records.length).to.be.at.least(20);
    for (const record of run.records) {
      expect(record.synthetic, record.nativeId).to.not.equal(true);
      expect(record.url).to.match(/^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/|pmc\.ncbi\.nlm\.nih\.gov\/articles\/PMC\d+\/)$/);
      expect(`${record.title} ${record.fullText ?? record.text} ${(record.attributes.meshTerms ?? []).join(" ")}`).to.match(/type[\s-]+2[\s-]+diabetes|T2D|Diabetes Mellitus, Type 2/i);
    }
  });

  it('says how many records the snapshot holds for a disease it has few of (SLE), and that more come with a larger mirror', async () => {
    const run = await runSource(ALL_ADAPTERS.pubmed, request('sle'), { mode: 'offline', mirror });
    expect(run.status.status).to.equal('warning');
    const held = /holds (\d+) pubmed records? for systemic lupus erythematosus; more come with a larger mirror/.exec(run.status.warning ?? '');
    expect(held, run.status.warning ?? '').to.not.equal(null);
    expect(Number(held![1])).to.equal(run.records.length).and.to.be.greaterThan(0).and.below(20);
  });

  it('a source the mirror holds no snapshot of is skipped offline, never answered by the synthetic corpus', async () => {
    const run = await runSource(ALL_ADAPTERS.gwas, request('t2d'), { mode: 'offline', mirror });
    expect(run.status.status).to.equal('skipped');
    expect(run.records).to.deep.equal([]);
    expect(run.status.warning).to.match(/local mirror holds no snapshot/);
  });

  it('auto mode falls back from an unreachable provider to the mirror and says so', async () => {
    const run = await runSource(ALL_ADAPTERS.clinical_trials, request('ra'), {
      mode: 'auto', mirror, baseUrl: 'http://127.0.0.1:9/', retries: 0, timeoutMs: 2_000,
      fetchImpl: async () => { throw new TypeError('fetch failed'); },
    });
    expect(run.fallback).to.equal(true);
    expect(run.status.snapshot_id).to.match(/^clinical_trials-seed-[0-9a-f]{12}$/);
    expect(run.status.warning).to.match(/clinical_trials provider unreachable .*the local mirror answered/);
  });

  it('refuses a snapshot whose file changed, and the other snapshots still answer', () => {
    const dir = copyMirror();
    temp.push(dir);
    const labels = path.join(dir, 'fda_labels', 'labels.seed.json');
    fs.writeFileSync(labels, fs.readFileSync(labels, 'utf8').replace('ZOLPIDEM', 'ZOLPIDEN'));
    const tampered = FileMirror.load(dir);
    expect(tampered.snapshotId('fda_labels')).to.equal(undefined);
    expect(tampered.refused.map((r) => r.source)).to.deep.equal(['fda_labels']);
    expect(tampered.refused[0]!.reason).to.match(/SHA-256 .* is not the pinned/);
    expect(tampered.snapshotId('pubmed')).to.equal(mirror.snapshotId('pubmed'));
  });

  it('an update file\'s DeleteCitation removes the citation from a newer snapshot', () => {
    const before = mirror.search('pubmed', disease('t2d'))!.records;
    const gone = before.find((r) => /^\d+$/.test(r.nativeId))!.nativeId;
    const dir = copyMirror();
    temp.push(dir);
    const update = `<?xml version="1.0"?>\n<PubmedArticleSet>\n<DeleteCitation>\n<PMID Version="1">${gone}</PMID>\n</DeleteCitation>\n</PubmedArticleSet>\n`;
    fs.writeFileSync(path.join(dir, 'pubmed', 'update-0001.xml'), update);
    const manifest = manifestOf(dir);
    const pubmed = manifest.snapshots.find((s) => s.source === 'pubmed')!;
    pubmed.files.push({ path: 'pubmed/update-0001.xml', format: 'medline_xml', sha256: crypto.createHash('sha256').update(update).digest('hex') });
    pubmed.snapshot_id = 'pubmed-update-0001';
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, synthetic: false }));
    const newer = FileMirror.load(dir).search('pubmed', disease('t2d'))!;
    expect(newer.snapshotId).to.equal('pubmed-update-0001');
    expect(newer.records.map((r) => r.nativeId)).to.not.include(gone);
    expect(newer.records).to.have.length(before.length - 1);
  });

  it('a mirror whose manifest cannot be read serves nothing and says why: offline sources are skipped, the run goes on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-broken-'));
    temp.push(dir);
    fs.writeFileSync(path.join(dir, 'manifest.json'), '{ "synthetic": false, "snapshots": [');
    const broken = mirrorAt(dir)!;
    expect(broken.refused[0]!.reason).to.match(/^manifest\.json: /);
    const run = await runSource(ALL_ADAPTERS.pubmed, request('t2d'), { mode: 'offline', mirror: broken });
    expect(run.status).to.include({ status: 'skipped' });
    expect(run.records).to.deep.equal([]);
  });
});
