// The Workspace on the service's default offline path, the local mirror of real records (not the synthetic
// corpus test servers read otherwise): a type 2 diabetes dossier of PubMed/PMC articles, each linked to its
// provider page with the mirror snapshot named; the provenance fingerprint is the same for the same
// snapshots and changes with a newer one; a disease the mirror holds few records of says how many.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { defaultMirrorDir } from '../../../infra/literature/mirror';
import { eventually } from '../../support/databases';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { startTestServer, TestServer } from '../../support/test-server';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const alice = { 'content-type': 'application/json', 'x-researcher-id': 'alice' };
const T2D = { disease_id: 't2d', question: 'Which drugs improve glycaemic control?', sources: 'pubmed,clinical_trials', enable_llm: false, max_evidence: 40 };
const REAL_LINK = /^https:\/\/(pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/|pmc\.ncbi\.nlm\.nih\.gov\/articles\/PMC\d+\/|clinicaltrials\.gov\/study\/NCT\d{8})$/;

async function dossierFor(server: TestServer, body: Json): Promise<{ dossier: Dossier; html: string }> {
  const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers: alice, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).to.equal(202);
  const { job_id } = (await response.json()) as Json;
  let status: Json = {};
  await eventually(async () => {
    status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers: alice })).json()) as Json;
    return status.status === 'SUCCESS' || status.status === 'FAILURE';
  }, 'workspace job finished', 60_000);
  expect(status.status, status.error).to.equal('SUCCESS');
  return status.result;
}

describe('Workspace offline on the local mirror of real records (the default path)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let newer: TestServer | undefined;
  let newerDir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  const validate = addFormats(new Ajv2020({ allErrors: true, strict: false })).compile(dossierJsonSchema);

  before(async function () {
    if (!fs.existsSync(path.join(defaultMirrorDir(), 'manifest.json'))) {
      console.log('      skipped: no fixtures/seed/literature/manifest.json (run npm run seed:derive)');
      this.skip();
    }
    // A database of its own: on the run's shared one, another spec's seed import leaves literature snapshots active
    // in the store, and the store mirror then answers instead of the file mirror this spec is about.
    scratch = await createScratchDatabase();
    // EVIDENCE_CORPUS_DIR '' = the service's own default: no synthetic corpus, the bundled mirror answers.
    server = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: '', JOB_STREAM_POLL_MS: '50' } });
  });
  after(async () => {
    await server?.close().catch(() => undefined);
    await newer?.close();
    if (newerDir) fs.rmSync(newerDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  let first: { dossier: Dossier; html: string };

  it('a type 2 diabetes dossier holds at least 20 real records linked to PubMed or PMC, and no synthetic one', async () => {
    first = await dossierFor(server, T2D);
    const { dossier, html } = first;
    expect(validate(dossier), JSON.stringify(validate.errors?.slice(0, 3))).to.equal(true);
    expect(dossier.evidence.length).to.be.at.least(20);
    for (const item of dossier.evidence) {
      expect(item.url, item.native_id).to.match(REAL_LINK);
      expect(item.provenance, item.native_id).to.deep.include({ mode: 'mirror', synthetic: false });
      expect(item.provenance?.snapshot_id).to.match(/^(pubmed|clinical_trials)-seed-[0-9a-f]{12}$/);
    }
    expect(dossier.manifest.retrieval).to.deep.include({ synthetic_records: 0 });
    expect(dossier.manifest.retrieval!.records_by_mode.mirror).to.equal(dossier.evidence.length);
    const pubmed = dossier.source_statuses.find((s) => s.source === 'pubmed')!;
    expect(pubmed.snapshot_id).to.match(/^pubmed-seed-/);
    // the HTML shows the real titles, linked, and no synthetic badge
    const escaped = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(html).to.include(escaped(dossier.evidence[0]!.title));
    expect(html).to.include(`href="${dossier.evidence[0]!.url}"`);
    expect(html).to.not.include('synthetic example</strong>');
  });

  it('the same request against the same snapshots gives the same fingerprint and evidence', async () => {
    const again = await dossierFor(server, T2D);
    expect(again.dossier.manifest.provenance.fingerprint).to.equal(first.dossier.manifest.provenance.fingerprint);
    expect(again.dossier.evidence.map((e) => e.evidence_id)).to.deep.equal(first.dossier.evidence.map((e) => e.evidence_id));
  });

  it('an SLE dossier says how many records the mirror holds for it and that more come with a larger mirror or live mode', async () => {
    const { dossier } = await dossierFor(server, { ...T2D, disease_id: 'sle', question: 'What treats lupus?' });
    const pubmed = dossier.source_statuses.find((s) => s.source === 'pubmed')!;
    expect(pubmed.warning).to.match(/holds \d+ pubmed records? for systemic lupus erythematosus; more come with a larger mirror \(EVIDENCE_MIRROR_DIR\) or live mode/);
    expect(dossier.evidence.every((e) => e.provenance?.synthetic === false)).to.equal(true);
  });
  it('a newer literature snapshot changes the fingerprint', async () => {
    // The bundled mirror plus an update file (one deletion): a new pubmed snapshot.
    newerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirror-newer-'));
    fs.cpSync(defaultMirrorDir(), newerDir, { recursive: true });
    const update = '<PubmedArticleSet>\n<DeleteCitation>\n<PMID Version="1">1</PMID>\n</DeleteCitation>\n</PubmedArticleSet>\n';
    fs.writeFileSync(path.join(newerDir, 'pubmed', 'update-0001.xml'), update);
    const manifest = JSON.parse(fs.readFileSync(path.join(newerDir, 'manifest.json'), 'utf8')) as Json;
    const pubmed = manifest.snapshots.find((s: Json) => s.source === 'pubmed');
    pubmed.files.push({ path: 'pubmed/update-0001.xml', format: 'medline_xml', sha256: crypto.createHash('sha256').update(update).digest('hex') });
    pubmed.snapshot_id = 'pubmed-2026-update-0001';
    fs.writeFileSync(path.join(newerDir, 'manifest.json'), JSON.stringify(manifest));
    // one server's workers at a time: both share this spec's database and its job queue
    await server.close();
    newer = await startTestServer({ databaseUrl: scratch!.url, startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: '', EVIDENCE_MIRROR_DIR: newerDir, JOB_STREAM_POLL_MS: '50' } });
    const later = await dossierFor(newer, T2D);
    expect(later.dossier.source_statuses.find((s) => s.source === 'pubmed')!.snapshot_id).to.equal('pubmed-2026-update-0001');
    expect(later.dossier.manifest.provenance.fingerprint).to.not.equal(first.dossier.manifest.provenance.fingerprint);
  });

});
