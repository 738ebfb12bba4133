// The Workspace end to end through a real server in offline mode: question in, dossier out, saved runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { seriousSideEffects } from '../../../infra/biomed/read/serious-side-effects';
import { eventually } from '../../support/databases';
import { startTestServer, TestServer } from '../../support/test-server';

const FIXTURES = path.resolve(__dirname, '../../../../fixtures');
const ALL_SOURCES = ['pubmed', 'clinical_trials', 'gwas', 'fda_labels', 'opentargets', 'gtex', 'biorxiv', 'chembl'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validateDossier = ajv.compile(dossierJsonSchema);

describe('Evidence Workspace: from a question to a dossier (offline corpus)', function () {
  this.timeout(120_000);
  let server: TestServer;
  const alice = { 'X-Researcher-ID': 'alice', 'content-type': 'application/json' };
  const bob = { 'X-Researcher-ID': 'bob', 'content-type': 'application/json' };

  before(async function () {
    if (!fs.existsSync(path.join(FIXTURES, 'corpus', 'pubmed', 'sle.xml'))) this.skip();
    // The seed slice gives the knowledge graph the explanations come from (the embedded default's real data).
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', JOB_STREAM_POLL_MS: '50', BIOMED_SEED: 'true' } });
  });
  after(async function () {
    await server?.close();
  });

  async function ask(body: Json, headers: Record<string, string> = alice): Promise<Response> {
    return fetch(`${server.baseUrl}/api/jobs/workspace`, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  async function dossierFor(body: Json, headers = alice): Promise<{ jobId: string; result: { dossier: Dossier; html: string } }> {
    const response = await ask(body, headers);
    expect(response.status, await response.clone().text()).to.equal(202);
    const { job_id } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers })).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'workspace job finished', 60_000);
    expect(status.status, status.error).to.equal('SUCCESS');
    return { jobId: job_id, result: status.result };
  }

  it('needs a researcher principal', async function () {
    expect((await ask({ question: 'What treats lupus?' }, { 'content-type': 'application/json' })).status).to.equal(401);
  });

  it('rejects a bad request with 422 details and an unknown disease before any work', async function () {
    const bad = await ask({ question: ' x ', sources: 'pubmed,nowhere', max_evidence: 500, candidate_type: 'genes' });
    expect(bad.status).to.equal(422);
    const locs = ((await bad.json()) as Json).detail.map((d: Json) => d.loc.join('.'));
    expect(locs).to.include.members(['body.question', 'body.sources.1', 'body.max_evidence', 'body.candidate_type']);
    const unknown = await ask({ question: 'What treats it?', disease_id: 'no_such_disease' });
    expect(unknown.status).to.equal(422);
    expect(((await unknown.json()) as Json).detail[0]).to.include({ type: 'unknown_disease' });
  });

  for (const disease of ['sle', 'ra']) {
    it(`builds a ${disease} dossier from every source with claims, rankings and a found graph path`, async function () {
      const { jobId, result } = await dossierFor({ disease_id: disease, question: 'Which drugs and targets are most promising?', sources: ALL_SOURCES, enable_llm: false });
      const { dossier, html } = result;
      expect(validateDossier(dossier), JSON.stringify(validateDossier.errors?.slice(0, 3))).to.equal(true);
      expect(dossier.run_id).to.equal(jobId);
      for (const source of ['pubmed', 'clinical_trials']) {
        expect(dossier.evidence.some((e) => e.source === source || e.also_found_in.some((a) => a.source === source)), `${source} evidence`).to.equal(true);
      }
      expect(dossier.source_statuses.map((s) => s.retrieval_mode)).to.satisfy((modes: string[]) => modes.every((m) => m === 'offline'));
      expect(dossier.claims.length).to.be.greaterThan(0);
      expect(dossier.drug_rankings.length).to.be.greaterThan(0);
      expect(dossier.target_rankings.length).to.be.greaterThan(0);
      expect(dossier.graph_explanations.some((g) => g.status === 'found')).to.equal(true);
      expect(html).to.contain('Research use only');
      const stylesheet = /href="([^"]+print\.css)"/.exec(html)?.[1];
      expect(stylesheet, 'the report links its print stylesheet').to.be.a('string');
      const css = await fetch(`${server.baseUrl}${stylesheet}`);
      expect(css.status).to.equal(200);
      expect(css.headers.get('content-type')).to.contain('text/css');
    });
  }

  it('answers in the shape the question asks for (issue 28): excluded class apart, repurposing apart, a sub-disease through the store; nothing high on synthetic evidence', async function () {
    const ask = async (disease: string, question: string) => ((await dossierFor({ disease_id: disease, question, sources: ALL_SOURCES, enable_llm: false, candidate_type: 'drugs' })).result as { dossier: Dossier }).dossier;
    const tnf = await ask('ra', 'Which drugs work for rheumatoid arthritis patients who failed TNF inhibitors?');
    expect(tnf.drug_rankings.map((r) => r.label.toLowerCase())).to.not.include('adalimumab');
    expect(tnf.answer!.set_apart.map((s) => s.label.toLowerCase())).to.include('adalimumab');
    // A repurposing question about a sub-disease the store knows (MONDO lupus nephritis below SLE).
    const repurposing = await ask('sle', 'Which existing drugs could be repurposed for lupus nephritis?');
    expect(repurposing.answer!.shape).to.equal('repurposing');
    expect(repurposing.answer!.set_apart.some((s) => s.reason === 'already_indicated')).to.equal(true);
    expect(repurposing.question_analysis!.sub_disease).to.deep.include({ curie: 'MONDO:0005556', label: 'lupus nephritis' });
    expect(repurposing.question_analysis!.sub_disease!.parent.curie).to.equal('MONDO:0007915');
    expect(repurposing.answer!.statement).to.contain('Asked about lupus nephritis (MONDO:0005556)');
    for (const d of [tnf, repurposing]) {
      expect(validateDossier(d), JSON.stringify(validateDossier.errors?.slice(0, 3))).to.equal(true);
      expect(Object.keys(d)[1]).to.equal('rests_on');
      for (const r of d.drug_rankings) expect(r.confidence_band, r.label).to.not.equal('high');
    }
  });

  it('flags the SLE drugs whose labels list designated medical events (SIDER in the seed), and only those', async function () {
    const { result } = await dossierFor({ disease_id: 'sle', question: 'Which drugs and targets are most promising?', sources: ALL_SOURCES, enable_llm: false });
    const { dossier } = result as { dossier: Dossier };
    // What the store says, read on its own: compound node → its label's DME terms.
    const onLabels = await seriousSideEffects(server.runtime.db.knex);
    const nodeOf = new Map(dossier.graph_explanations.map((g) => [g.candidate_id, g.candidate_node ?? null]));
    let flagged = 0;
    for (const ranking of dossier.drug_rankings) {
      const node = nodeOf.get(ranking.candidate_id);
      const expected = node ? onLabels.get(node) : undefined;
      const flag = (ranking.safety_flags ?? []).find((f) => f.flag === 'designated_medical_event');
      if (!expected) {
        expect(flag, `${ranking.candidate_id} has no DME on its labels`).to.equal(undefined);
        continue;
      }
      flagged++;
      expect(flag, ranking.candidate_id).to.deep.include({ node, source: 'sider', snapshot_id: expected.snapshot_id, terms: expected.effects.map((e) => e.name) });
      expect(flag!.affects_confidence).to.equal(expected.effects.some((e) => e.placebo_verdict === 'higher_on_drug'));
      if (flag!.affects_confidence) expect(ranking.confidence_band).to.not.equal('high');
    }
    expect(flagged, 'some ranked SLE drug has a designated medical event on its labels in the seed').to.be.greaterThan(0);
  });

  it('explains SLE candidates within SLE: a path through multiple sclerosis (or any other disease) is labelled cross_disease, every step cited', async function () {
    const { result } = await dossierFor({ disease_id: 'sle', question: 'Which drugs and targets are most promising?', sources: ALL_SOURCES, enable_llm: false });
    const explanations = result.dossier.graph_explanations;
    const found = explanations.filter((g) => g.status === 'found');
    expect(found.length).to.be.greaterThan(0);
    for (const g of explanations) expect(g.graph).to.equal('knowledge_graph');
    for (const g of found) {
      const nodes = g.path!.nodes;
      expect(nodes[nodes.length - 1]!.id).to.equal('MONDO:0007915');
      const others = nodes.slice(1, -1).filter((n) => n.kind === 'disease');
      expect(g.cross_disease, `${g.candidate_id}: ${nodes.map((n) => n.label).join(' > ')}`).to.equal(others.length > 0);
      if (g.cross_disease) expect(g.via_diseases!.map((d) => d.id)).to.deep.equal(others.map((d) => d.id));
      for (const step of g.path!.relationships) {
        expect(step.direction).to.be.oneOf(['forward', 'reverse']);
        expect(step.citations!.length, step.relation).to.be.greaterThan(0);
        expect(step.provenance).to.match(/claim \d+|IS_A hierarchy/);
      }
    }
    // The old curated graph explained rituximab through multiple sclerosis; now any such path says so.
    const throughMs = found.filter((g) => g.path!.nodes.some((n) => n.id === 'MONDO:0005301'));
    for (const g of throughMs) expect(g.cross_disease).to.equal(true);
    expect(result.dossier.limitations.join(' ')).to.contain('cross_disease');
    expect(result.dossier.manifest.provenance.inputs.knowledge_graph).to.be.an('object');
  });

  it('marks every offline-corpus record as a synthetic example: no provider link, a badge in the HTML, a limitation', async function () {
    const { result } = await dossierFor({ disease_id: 'sle', question: 'Which drugs and targets are most promising?', sources: ALL_SOURCES, enable_llm: false });
    const { dossier, html } = result;
    expect(dossier.evidence.length).to.be.greaterThan(0);
    for (const item of dossier.evidence) {
      expect(item.provenance, item.native_id).to.deep.include({ mode: 'offline_corpus', synthetic: true });
      expect(item.url, item.native_id).to.equal('');
      for (const other of item.also_found_in) expect(other.url).to.equal('');
    }
    expect(html).to.contain('synthetic example');
    expect(html).to.not.match(/href="https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/9000/);
    expect(html).to.not.match(/href="https:\/\/clinicaltrials\.gov\/study\/NCT9/);
    expect(dossier.limitations[0]).to.match(/^All \d+ evidence records are synthetic examples from the offline corpus/);
  });

  it('gives the same fingerprint and different run ids for the same request', async function () {
    const request = { disease_id: 'sle', question: 'Is hydroxychloroquine still first line?', enable_llm: false };
    const first = await dossierFor(request);
    const second = await dossierFor(request);
    expect(first.result.dossier.run_id).not.to.equal(second.result.dossier.run_id);
    expect(first.result.dossier.manifest.provenance.fingerprint).to.equal(second.result.dossier.manifest.provenance.fingerprint);
  });

  it('without LLM credentials keeps the deterministic claims and says so', async function () {
    const { result } = await dossierFor({ disease_id: 'sle', question: 'Which interferon pathway drugs?', enable_llm: true });
    expect(result.dossier.manifest.llm.status).to.equal('not_configured');
    expect(result.dossier.warnings.join(' ')).to.contain('LLM');
    expect(result.dossier.claims.length).to.be.greaterThan(0);
  });

  it('with enable_llm but no LLM configured, the dossier carries exactly one warning about the LLM', async function () {
    const { result } = await dossierFor({ disease_id: 'sle', question: 'Which interferon pathway drugs?', enable_llm: true });
    const aboutLlm = result.dossier.warnings.filter((w: string) => /\bLLM\b/.test(w));
    expect(aboutLlm).to.deep.equal(['LLM enrichment skipped: no LLM_BASE_URL/LLM_API_KEY configured; deterministic claims only']);
  });

  it('tells the dashboard through /api/auth/me that no LLM is configured (llm_available false), so its toggle starts off', async function () {
    const me = (await (await fetch(`${server.baseUrl}/api/auth/me`)).json()) as Record<string, unknown>;
    expect(me.llm_available).to.equal(false);
  });

  it('saves runs per researcher: list, load, delete (and 404 for others and for unknown ids)', async function () {
    const { jobId } = await dossierFor({ disease_id: 'ra', question: 'What about JAK inhibitors?', enable_llm: false });
    await eventually(async () => {
      const list = (await (await fetch(`${server.baseUrl}/api/workspace/runs?limit=200`, { headers: alice })).json()) as Json;
      return list.runs.some((r: Json) => r.run_id === jobId && r.status === 'completed');
    }, 'run listed as completed');
    const loaded = (await (await fetch(`${server.baseUrl}/api/workspace/runs/${jobId}`, { headers: alice })).json()) as Json;
    expect(loaded).to.include({ run_id: jobId, status: 'completed' });
    expect(loaded.dossier.run_id).to.equal(jobId);
    expect(loaded.html).to.match(/^<!doctype html>/i);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${jobId}`, { headers: bob })).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${jobId}`, { method: 'DELETE', headers: bob })).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${jobId}`, { method: 'DELETE', headers: alice })).status).to.equal(204);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/${jobId}`, { headers: alice })).status).to.equal(404);
    await eventually(async () => {
      const list = (await (await fetch(`${server.baseUrl}/api/workspace/runs?limit=200`, { headers: alice })).json()) as Json;
      return !list.runs.some((r: Json) => r.run_id === jobId);
    }, 'deleted run left the list');
    expect((await fetch(`${server.baseUrl}/api/workspace/runs/6b1c7f1e-0000-4000-8000-000000000009`, { method: 'DELETE', headers: alice })).status).to.equal(404);
    const events = (await server.runtime.store.readStream(`run-${jobId}`)).map((e) => e.type);
    expect(events.at(-1)).to.equal('RunDeleted');
    await eventually(async () => (await fetch(`${server.baseUrl}/api/jobs/${jobId}`, { headers: alice })).status === 404, 'the job result left with the run');
  });

  it('validates the runs list limits', async function () {
    expect((await fetch(`${server.baseUrl}/api/workspace/runs?limit=0`, { headers: alice })).status).to.equal(422);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs?limit=201`, { headers: alice })).status).to.equal(422);
    expect((await fetch(`${server.baseUrl}/api/workspace/runs?offset=-1`, { headers: alice })).status).to.equal(422);
  });
});

describe('Evidence Workspace when a source fails', function () {
  this.timeout(120_000);
  let server: TestServer;
  let corpus: string;

  before(async function () {
    if (!fs.existsSync(path.join(FIXTURES, 'corpus', 'pubmed', 'sle.xml'))) this.skip();
    // A corpus that has pubmed but lost its clinical_trials file: that source errors, the run goes on.
    corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
    fs.cpSync(path.join(FIXTURES, 'corpus', 'pubmed'), path.join(corpus, 'pubmed'), { recursive: true });
    server = await startTestServer({ startWorkers: true, env: { EVIDENCE_SOURCE_MODE: 'offline', EVIDENCE_CORPUS_DIR: corpus } });
  });
  after(async function () {
    await server?.close();
    if (corpus) fs.rmSync(corpus, { recursive: true, force: true });
  });

  it('records the source as error with a warning and still returns a useful dossier', async function () {
    const response = await fetch(`${server.baseUrl}/api/jobs/workspace`, {
      method: 'POST', headers: { 'X-Researcher-ID': 'carol', 'content-type': 'application/json' },
      body: JSON.stringify({ disease_id: 'sle', question: 'What is new for lupus nephritis?', enable_llm: false }),
    });
    const { job_id } = (await response.json()) as Json;
    let status: Json = {};
    await eventually(async () => {
      status = (await (await fetch(`${server.baseUrl}/api/jobs/${job_id}`, { headers: { 'X-Researcher-ID': 'carol' } })).json()) as Json;
      return status.status === 'SUCCESS' || status.status === 'FAILURE';
    }, 'finished', 60_000);
    expect(status.status).to.equal('SUCCESS');
    const dossier = status.result.dossier as Dossier;
    const trials = dossier.source_statuses.find((s) => s.source === 'clinical_trials')!;
    expect(trials.status).to.equal('error');
    expect(trials.warning).to.be.a('string').and.not.be.empty;
    expect(dossier.warnings.some((w) => w.includes('clinical_trials'))).to.equal(true);
    expect(dossier.evidence.length).to.be.greaterThan(0);
  });
});
