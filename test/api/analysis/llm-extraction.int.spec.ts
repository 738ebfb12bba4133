// The LLM-extraction module through real servers: without an LLM, 409 ModuleNotAvailableError on the route and a
// failed job; with a local server speaking OpenAI's chat-completions format, schema-validated claims kept only
// with a verbatim quote, entities linked to the seed graph, the key sent as a bearer token and never returned,
// 409 for output outside the schema or not JSON, offline PMIDs read from the synthetic corpus (marked), 404/422.
import fs from 'node:fs';
import { expect } from 'chai';
import { startTestServer, TestServer } from '../../support/test-server';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';
import { Json, moduleClient } from './support/module-client';
import { Replayed, ReplayServer, startReplayServer } from './support/replay-server';

const KEY = 'sk-test-secret-0123456789';
const TEXT = 'Azathioprine treats systemic lupus erythematosus in many patients. <script>alert(1)</script> was not studied.';

/** The chat-completions answer: the content is chosen from the user prompt. */
function llm(request: Replayed): { status: number; body: unknown } {
  const prompt = (JSON.parse(request.body) as Json).messages[1].content as string;
  const answer = (content: string) => ({ status: 200, body: { id: 'chatcmpl-1', object: 'chat.completion', model: 'test-model', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] } });
  if (prompt.includes('MALFORMED')) return answer('this is not JSON');
  if (prompt.includes('OUTSIDE')) return answer(JSON.stringify({ claims: [{ subject: { name: 'x', type: 'gene' }, relation: 'cures', object: { name: 'y', type: 'disease' }, direction: 'supports', quote: 'x', source: 'text' }] }));
  const pmid = /--- (PMID:\d+) ---\n([^\n]{20})/.exec(prompt);
  const claims = [
    { subject: { name: 'Azathioprine', type: 'compound' }, relation: 'treats', object: { name: 'systemic lupus erythematosus', type: 'disease' }, direction: 'supports', quote: 'Azathioprine  treats systemic LUPUS erythematosus', source: 'text' },
    { subject: { name: 'Hydroxychloroquine', type: 'compound' }, relation: 'treats', object: { name: 'lupus nephritis', type: 'disease' }, direction: 'supports', quote: 'Hydroxychloroquine cures lupus nephritis', source: 'text' },
    { subject: { name: '<script>alert(1)</script>', type: 'other' }, relation: 'other', object: { name: 'nothing', type: 'other' }, direction: 'neutral', quote: '<script>alert(1)</script> was not studied', source: 'text' },
    ...(pmid ? [{ subject: { name: 'a', type: 'other' }, relation: 'other', object: { name: 'b', type: 'other' }, direction: 'neutral', quote: pmid[2], source: pmid[1] }] : []),
  ];
  return answer(JSON.stringify({ claims }));
}

describe('analysis: LLM extraction (GET /api/llm/extract, job llm-extraction)', function () {
  this.timeout(180_000);
  let scratch: ScratchDatabase;
  let withLlm: TestServer;
  let without: TestServer;
  let model: ReplayServer;
  const api = moduleClient(() => withLlm.baseUrl);
  const bare = moduleClient(() => without.baseUrl);

  before(async () => {
    model = await startReplayServer(llm);
    scratch = await createScratchDatabase();
    withLlm = await startTestServer({ databaseUrl: scratch.url, startWorkers: true, env: { BIOMED_SEED: 'true', EVIDENCE_SOURCE_MODE: 'offline', LLM_BASE_URL: model.baseUrl, LLM_API_KEY: KEY, LLM_MODEL: 'test-model' } });
    without = await startTestServer({ databaseUrl: scratch.url, startWorkers: true });
  });
  after(async () => { await without?.close(); await withLlm?.close(); await scratch?.drop(); await model?.close(); });

  it('answers 409 ModuleNotAvailableError without an LLM, on the route and on job submission', async () => {
    const { status, body } = await bare.get(`/api/llm/extract?text=${encodeURIComponent(TEXT)}`);
    expect(status).to.equal(409);
    expect(body).to.deep.equal({ detail: 'no LLM is configured: set LLM_BASE_URL (an OpenAI-compatible endpoint) and LLM_API_KEY', error_type: 'ModuleNotAvailableError' });
    // The job framework checks availability when the job is submitted: the same 409 and reason, no job queued.
    const submitted = await fetch(`${without.baseUrl}/api/jobs/llm-extraction?text=${encodeURIComponent(TEXT)}`, { method: 'POST' });
    expect(submitted.status).to.equal(409);
    expect(JSON.stringify(await submitted.json())).to.include('no LLM is configured');
  });

  it('keeps the schema-valid claims whose quote is in the text, links entities, and never returns the key', async () => {
    const before = model.requests.length;
    const response = await fetch(`${withLlm.baseUrl}/api/llm/extract?text=${encodeURIComponent(TEXT)}`);
    const raw = await response.text();
    expect(response.status).to.equal(200);
    expect(raw).to.not.include(KEY);
    const body = JSON.parse(raw) as Json;
    expect(body).to.include({ module: 'llm-extraction', model: 'test-model' });
    expect(body.disclaimer).to.match(/Research use only/);
    // Three proposed; the hydroxychloroquine quote is not in the text: dropped. Whitespace and case are folded.
    expect(body.counts).to.deep.equal({ proposed: 3, kept: 2, dropped_ungrounded: 1 });
    const aza = (body.claims as Json[])[0]!;
    expect(aza.subject).to.deep.equal({ name: 'Azathioprine', type: 'compound', curie: 'DRUGBANK:DB00993', label: 'Azathioprine' });
    expect(aza.object).to.include({ curie: 'MONDO:0007915' });
    expect(aza.source_synthetic).to.equal(false);
    const sent = model.requests[before]!;
    expect(sent.url.pathname).to.equal('/chat/completions');
    expect(sent.headers.authorization).to.equal(`Bearer ${KEY}`);
    const request = JSON.parse(sent.body) as Json;
    expect(request).to.include({ model: 'test-model', temperature: 0 });
    expect(request.response_format).to.deep.equal({ type: 'json_object' });
    expect(request.messages[1].content).to.include(TEXT);
  });

  it('answers 409, never a made-up claim, when the model answers outside the schema or not in JSON', async () => {
    for (const marker of ['OUTSIDE', 'MALFORMED']) {
      const { status, body } = await api.get(`/api/llm/extract?text=${marker}%20text`);
      expect(status, marker).to.equal(409);
      expect(body.error_type).to.equal('ModuleNotAvailableError');
      expect(body.detail).to.match(marker === 'OUTSIDE' ? /did not match the claim schema/ : /not JSON/);
      expect(body.detail).to.not.include(KEY);
    }
  });

  it('reads PMIDs from the offline corpus, marked synthetic, and reports the ones not found', async () => {
    const { status, body } = await api.get('/api/llm/extract?pmids=90001001,1&disease_id=sle');
    expect(status).to.equal(200);
    expect(body.documents).to.have.length(1);
    expect(body.documents[0]).to.include({ key: 'PMID:90001001', synthetic: true, retrieval_mode: 'offline' });
    expect(body.missing_pmids).to.deep.equal(['1']);
    const fromPmid = (body.claims as Json[]).filter((c) => c.source === 'PMID:90001001');
    expect(fromPmid).to.have.length(1);
    expect(fromPmid[0]!.source_synthetic).to.equal(true);
    expect((await api.get('/api/llm/extract?pmids=1,2')).status).to.equal(404);
  });

  it('answers 422 for bad parameters and 404 for an unknown disease', async () => {
    for (const bad of ['', 'disease_id=sle', 'pmids=abc', 'pmids=1,,2x', 'text=a%00b', `text=${'x'.repeat(8001)}`, 'text=a&colour=blue']) {
      const { status, body } = await api.get(`/api/llm/extract?${bad}`);
      expect(status, bad).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
    expect((await api.get('/api/llm/extract?text=x&disease_id=no_such_disease')).status).to.equal(404);
  });

  it('runs as a job and writes an escaped HTML report', async () => {
    const job = await api.job('llm-extraction', `text=${encodeURIComponent(TEXT)}&export_html=true`, 'llm-extraction');
    expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
    expect(job.result.counts.kept).to.equal(2);
    const html = fs.readFileSync(job.result.report_path, 'utf8');
    expect(html).to.include('Research use only').and.to.include('&lt;script&gt;alert(1)&lt;/script&gt;').and.not.to.include('<script>alert');
    expect(html).to.not.include(KEY);
  });
});
