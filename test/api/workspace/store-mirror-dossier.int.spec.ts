// The Workspace offline on the biomedical store's literature snapshots (what a fresh `npm start` reads once
// the start-up seed has imported the bundled literature slice): a type 2 diabetes dossier of real PubMed/PMC
// records whose provenance names the store's pubmed and pmc snapshots; the same request gives the same
// fingerprint and evidence, a newer pubmed snapshot a different fingerprint. On a database of its own, so
// the literature it imports never reaches other specs' servers.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { biomedDeps } from '../../../app/biomed.compose';
import { importSnapshot } from '../../../commands/biomed/import-snapshot';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { eventually } from '../../support/databases';
import { openScratchPostgres, ScratchDatabase } from '../../support/scratch-postgres';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const LIT = path.resolve(__dirname, '../../../..', 'fixtures', 'seed', 'literature');
const alice = { 'content-type': 'application/json', 'x-researcher-id': 'alice' };
const T2D = { disease_id: 't2d', question: 'Which drugs improve glycaemic control?', sources: 'pubmed,clinical_trials', enable_llm: false, max_evidence: 40 };
const REAL_LINK = /^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/|pmc\.ncbi\.nlm\.nih\.gov\/articles\/PMC\d+\/|clinicaltrials\.gov\/study\/NCT\d{8})$/;

async function dossierFor(server: TestServer): Promise<Dossier> {
  const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers: alice, body: JSON.stringify(T2D) });
  expect(response.status, await response.clone().text()).to.equal(202);
  const { job_id } = (await response.json()) as Json;
  let status: Json = {};
  await eventually(async () => {
    status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers: alice })).json()) as Json;
    return status.status === 'SUCCESS' || status.status === 'FAILURE';
  }, 'workspace job finished', 60_000);
  expect(status.status, status.error).to.equal('SUCCESS');
  return status.result.dossier as Dossier;
}

describe('Workspace offline on the store-backed literature mirror', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let server: TestServer;
  const ids: Record<string, string> = {};
  const importLiterature = async (resource: string, files: string[]) => {
    const deps = biomedDeps(server.runtime.settings, server.runtime.db, server.runtime.store, server.runtime.clock);
    return importSnapshot(deps, { resource, files: files.map((f) => path.join(LIT, f)) });
  };

  before(async function () {
    if (!fs.existsSync(path.join(LIT, 'manifest.json'))) this.skip();
    scratch = await openScratchPostgres('store_mirror_dossier');
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: '', JOB_STREAM_POLL_MS: '50' } });
    for (const [resource, files] of [['pubmed', ['pubmed/medline16n0902.seed.xml', 'pubmed/pubmedqa.seed.json']], ['pmc', ['pubmed/pmc-rct-abstracts.seed.jsonl']], ['clinical_trials', ['clinical_trials/studies.seed.json']]] as const) {
      ids[resource] = (await importLiterature(resource, [...files])).snapshot.snapshot_id;
    }
  });
  after(async () => { await server?.close().catch(() => undefined); await scratch?.drop(); });

  it('a type 2 diabetes dossier holds ≥ 20 real records from the store snapshots; the same request, the same fingerprint; a newer snapshot, another', async () => {
    const first = await dossierFor(server);
    expect(first.evidence.length).to.be.at.least(20);
    for (const item of first.evidence) {
      expect(item.url, item.native_id).to.match(REAL_LINK);
      expect(item.provenance, item.native_id).to.deep.include({ mode: 'mirror', synthetic: false, snapshot_id: `${ids.pubmed}+${ids.pmc}` });
    }
    expect(first.manifest.retrieval).to.deep.include({ synthetic_records: 0 });
    const again = await dossierFor(server);
    expect(again.manifest.provenance.fingerprint).to.equal(first.manifest.provenance.fingerprint);
    expect(again.evidence.map((e) => e.evidence_id)).to.deep.equal(first.evidence.map((e) => e.evidence_id));
    const newer = await importLiterature('pubmed', ['pubmed/medline16n0902.seed.xml']);
    const later = await dossierFor(server);
    expect(later.source_statuses.find((s) => s.source === 'pubmed')!.snapshot_id).to.equal(`${newer.snapshot.snapshot_id}+${ids.pmc}`);
    expect(later.manifest.provenance.fingerprint).to.not.equal(first.manifest.provenance.fingerprint);
  });
});
