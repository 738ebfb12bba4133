// The mirror read from the biomedical store (infra/literature/store-mirror.ts): the bundled literature seed
// imported through the pubmed, pmc, clinical_trials and openfda_labels importers answers each disease with
// the same records as the file mirror (the second implementation: an in-memory index over the same files),
// on PostgreSQL and on the embedded PGlite; the snapshot ids name the store's snapshots and change with a
// newer one; a title match outranks an abstract-only match; a source the store lacks falls back to the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { importSnapshot } from '../../../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../../../commands/biomed/snapshot-events';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceName } from '../../../domain/workspace/sources';
import { PostgresEventStore } from '../../../infra/event-store/postgres-event-store';
import type { Database } from '../../../infra/db/database';
import { FileMirror, defaultMirrorDir } from '../../../infra/literature/mirror';
import { searchRecords, StoreMirror } from '../../../infra/literature/store-mirror';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { runSource } from '../../../infra/sources/source-runner';
import { pipelineSourceOptions } from '../../../commands/workspace/research-pipeline-deps';
import { openTestPglite } from '../../support/databases';
import { startBiomedEnv, type BiomedEnv } from '../../biomed/support/biomed-env';

const ROOT = path.resolve(__dirname, '../../../..');
const LIT = path.join(ROOT, 'fixtures', 'seed', 'literature');
const disease = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
const SEED_IMPORTS: { resource: string; files: string[] }[] = [
  { resource: 'pubmed', files: ['pubmed/medline16n0902.seed.xml', 'pubmed/pubmedqa.seed.json'] },
  { resource: 'pmc', files: ['pubmed/pmc-rct-abstracts.seed.jsonl'] },
  { resource: 'clinical_trials', files: ['clinical_trials/studies.seed.json'] },
];
const DISEASES = ['t2d', 'ra', 'sle', 'ms', 'pso', 'asthma', 'ibd', 'pd'];
const SOURCES: SourceName[] = ['pubmed', 'clinical_trials'];

async function importSeed(deps: BiomedDeps, imports = SEED_IMPORTS): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const entry of imports) {
    const result = await importSnapshot(deps, { resource: entry.resource, files: entry.files.map((f) => path.join(LIT, f)) });
    ids[entry.resource] = result.snapshot.snapshot_id;
  }
  return ids;
}

/** Same ids per disease and source from the store as from the file mirror over the same files. */
async function expectSameAsFiles(store: StoreMirror, files: FileMirror, sources: SourceName[]): Promise<number> {
  let compared = 0;
  for (const id of DISEASES) for (const source of sources) {
    const fromFiles = files.search(source, disease(id))!.records.map((r) => r.nativeId).sort();
    const fromStore = (await store.search(source, disease(id)))!.records.map((r) => r.nativeId).sort();
    expect(fromStore, `${id} ${source}`).to.deep.equal(fromFiles);
    compared += fromFiles.length;
  }
  return compared;
}

describe('store-backed literature mirror', function () {
  this.timeout(180_000);
  let files: FileMirror;
  before(() => { files = FileMirror.load(defaultMirrorDir()); });

  describe('on PostgreSQL', () => {
    let env: BiomedEnv;
    let ids: Record<string, string>;
    before(async () => {
      env = await startBiomedEnv();
      ids = await importSeed(env.deps, [...SEED_IMPORTS, { resource: 'openfda_labels', files: ['fda_labels/labels.seed.json'] }]);
    });
    after(async () => { await env?.close(); });

    it('answers each disease with the records the file mirror finds in the same files', async () => {
      const store = new StoreMirror(env.runtime.db.knex, null);
      const compared = await expectSameAsFiles(store, files, [...SOURCES, 'fda_labels']);
      expect(compared).to.be.greaterThan(50);
    });

    it('answers a search again from the rows it read (same records, same order, the same objects); no document is read twice', async () => {
      const knex = env.runtime.db.knex;
      const store = new StoreMirror(knex, null);
      const statements: string[] = [];
      const log = (query: { sql: string }) => { statements.push(query.sql); };
      knex.on('query', log);
      try {
        for (const id of DISEASES) {
          statements.length = 0;
          const first = (await store.search('pubmed', disease(id)))!.records;
          const documentReads = statements.filter((sql) => /\bdocument from\b/.test(sql)).length;
          statements.length = 0;
          const again = (await store.search('pubmed', disease(id)))!.records;
          expect(again.map((r) => r.nativeId), id).to.deep.equal(first.map((r) => r.nativeId));
          again.forEach((record, i) => expect(record, `${id} ${record.nativeId}`).to.equal(first[i]));
          if (first.length > 0) expect(documentReads, id).to.equal(1);
          expect(statements.filter((sql) => /\bdocument from\b/.test(sql)), id).to.deep.equal([]);
          // and what a mirror with nothing read yet answers
          const fresh = (await new StoreMirror(knex, null).search('pubmed', disease(id)))!.records;
          expect(fresh).to.deep.equal(first);
        }
      } finally {
        knex.removeListener('query', log);
      }
    });

    it('serves an offline pubmed run with real links and the store snapshots named; a newer pubmed snapshot changes the id', async () => {
      const store = new StoreMirror(env.runtime.db.knex, files);
      const request = { disease: disease('t2d'), question: 'What treats it?', dateFrom: null, dateTo: null, limit: 500 };
      const run = await runSource(ALL_ADAPTERS.pubmed, request, { mode: 'offline', mirror: store });
      expect(run.status.snapshot_id).to.equal(`${ids.pubmed}+${ids.pmc}`);
      expect(run.records.length).to.be.at.least(20);
      for (const r of run.records) expect(r.url).to.match(/^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/|pmc\.ncbi\.nlm\.nih\.gov\/articles\/PMC\d+\/)$/);
      const newer = await importSnapshot(env.deps, { resource: 'pubmed', files: [path.join(LIT, 'pubmed/medline16n0902.seed.xml')] });
      expect(await store.snapshotId('pubmed')).to.equal(`${newer.snapshot.snapshot_id}+${ids.pmc}`);
      await importSnapshot(env.deps, { resource: 'pubmed', files: SEED_IMPORTS[0]!.files.map((f) => path.join(LIT, f)) }); // the seed's again: already imported, not re-activated
    });

    it('is what the Workspace pipeline reads offline when it has the database (pipelineSourceOptions)', async () => {
      const options = pipelineSourceOptions({ settings: { evidenceSourceMode: 'offline', useCache: false }, db: env.runtime.db })('pubmed');
      const request = { disease: disease('t2d'), question: 'What treats it?', dateFrom: null, dateTo: null, limit: 50 };
      const run = await runSource(ALL_ADAPTERS.pubmed, request, options);
      const active = async (resource: string) => (await env.runtime.db.knex('biomed.snapshots').where({ resource, active: true }).first('snapshot_id')).snapshot_id as string;
      expect(run.status.snapshot_id).to.equal(`${await active('pubmed')}+${await active('pmc')}`);
      expect(run.records.length).to.be.at.least(20);
      for (const r of run.records) expect(r.url).to.match(/^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/|pmc\.ncbi\.nlm\.nih\.gov\/articles\/PMC\d+\/)$/);
    });

    it('ranks a title match above an abstract-only match (weights A over B, ts_rank_cd)', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rank-'));
      const file = path.join(dir, 'rank.xml');
      const citation = (pmid: number, title: string, abstract: string) => `<MedlineCitation Owner="NLM" Status="MEDLINE"><PMID Version="1">${pmid}</PMID><Article><Journal><Title>J</Title></Journal><ArticleTitle>${title}</ArticleTitle><Abstract><AbstractText>${abstract}</AbstractText></Abstract></Article></MedlineCitation>`;
      fs.writeFileSync(file, `<MedlineCitationSet>${citation(1, 'Exercise training in adults.', 'A trial of exercise in bronchiectasis patients.')}${citation(2, 'Bronchiectasis exacerbations.', 'A trial of exercise in adults.')}${citation(3, 'Diet.', 'Nothing relevant.')}</MedlineCitationSet>`);
      try {
        const result = await importSnapshot(env.deps, { resource: 'pubmed', files: [file], allowUnpinned: true });
        const rows = await searchRecords(env.runtime.db.knex, [result.snapshot.snapshot_id], ['bronchiectasis'], 10);
        expect(rows.map((r) => r.record_id)).to.deep.equal(['2', '1']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
    it('answers a disease with more matches than the cap from its newest records, the older ones read only when few match', async () => {
      // Records naming bronchiectasis, by publication month (the windows from the latest month, 2020-02, are
      // 2020-02 | 2020-01 | 2019-12..11 | 2019-10..07 | 2019-06..2018-11 | ...; 1900-01 lies beyond the 1,024
      // months the windows cover, and one record is undated). With a cap of 3 the first five windows hold
      // 2020-02, 2020-01 and 2019-05: those three, although the 2015 and 1900 records name it in their titles
      // as well as their abstracts (ts_rank_cd ranks them first when everything is read).
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'windows-'));
      const file = path.join(dir, 'windows.xml');
      const citation = (pmid: number, date: string | null, title: string) => `<MedlineCitation Owner="NLM" Status="MEDLINE"><PMID Version="1">${pmid}</PMID><Article><Journal>${date ? `<JournalIssue><PubDate><Year>${date.slice(0, 4)}</Year><Month>${date.slice(5)}</Month></PubDate></JournalIssue>` : ''}<Title>J</Title></Journal><ArticleTitle>${title}</ArticleTitle><Abstract><AbstractText>A cohort with bronchiectasis.</AbstractText></Abstract></Article></MedlineCitation>`;
      fs.writeFileSync(file, `<MedlineCitationSet>${[
        citation(11, '2020-Feb', 'Newest.'), citation(12, '2020-Jan', 'Second.'), citation(13, '2019-May', 'Third.'),
        citation(14, '2015-Mar', 'Bronchiectasis in 2015.'), citation(15, '1900-Jan', 'Bronchiectasis in 1900.'), citation(16, null, 'Undated.'),
        citation(17, '2020-Feb', 'Asthma only.').replace('bronchiectasis', 'asthma'),
      ].join('')}</MedlineCitationSet>`);
      try {
        const result = await importSnapshot(env.deps, { resource: 'pubmed', files: [file], allowUnpinned: true });
        const capped = await searchRecords(env.runtime.db.knex, [result.snapshot.snapshot_id], ['bronchiectasis'], 3);
        expect(capped.map((r) => r.record_id).sort()).to.deep.equal(['11', '12', '13']);
        const all = await searchRecords(env.runtime.db.knex, [result.snapshot.snapshot_id], ['bronchiectasis'], 10);
        expect(all.map((r) => r.record_id).sort()).to.deep.equal(['11', '12', '13', '14', '15', '16']);
        expect(all.slice(0, 2).map((r) => r.record_id).sort()).to.deep.equal(['14', '15']); // the title matches rank first
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('on the embedded PGlite', () => {
    let db: Database;
    let deps: BiomedDeps;
    before(async () => {
      db = await openTestPglite();
      deps = { knex: db.knex as Knex, store: new PostgresEventStore(db.knex), logInDatabase: true };
    });
    after(async () => { await deps?.store.close(); await db?.close(); });

    it('imports the seed into the full-text index and answers like the file mirror; labels the store lacks come from the files', async () => {
      const ids = await importSeed(deps);
      const store = new StoreMirror(db.knex, files);
      expect(await expectSameAsFiles(store, files, SOURCES)).to.be.greaterThan(50);
      expect(await expectSameAsFiles(store, files, SOURCES)).to.be.greaterThan(50); // again, from the rows it read (jsonb came as text)
      expect(await store.snapshotId('clinical_trials')).to.equal(ids.clinical_trials);
      expect(await store.snapshotId('fda_labels')).to.equal(files.snapshotId('fda_labels'));
    });
  });
});
