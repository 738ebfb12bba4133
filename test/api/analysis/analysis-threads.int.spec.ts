// Issue 23: heavy analysis GETs (permutation tests) computed on the event loop held /api/health and every
// other request for seconds. They now compute in a bounded pool of worker threads: same answers as the
// computation in the request's thread, /api/health answers while one computes, and a call that finds every
// thread busy and the queue full gets 503 with Retry-After instead of waiting.
import { expect } from 'chai';
import fs from 'node:fs';
import { ANALYSIS_MODULES } from '../../../commands/analysis';
import { analysisDeps } from '../../../commands/analysis/analysis-deps';
import { analysisRouteRunner } from '../../../commands/analysis/run-analysis-route';
import { kgHeavyReadRunner, type KgHeavyCall } from '../../../commands/kg-reads/kg-heavy-reads';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';
import { startTestServer, TestServer } from '../../support/test-server';

describe('Analysis GETs in worker threads (ANALYSIS_THREADS)', function () {
  this.timeout(180_000);
  let server: TestServer;

  // MONDO's class registry (../shared/data/mondo) makes `mondo_…` ids disease ids, in every thread.
  const mondoDir = shared('mondo');
  const hasMondo = fs.existsSync(shared('mondo/class-stats.tsv'));

  before(async () => {
    // One thread and no queue: a second call while one computes is refused at once.
    server = await startTestServer({ env: { BIOMED_SEED: 'true', ANALYSIS_THREADS: '1', ANALYSIS_QUEUE_MAX: '0', ...(hasMondo ? { MONDO_DIR: mondoDir } : {}) } });
  });
  after(async () => { await server?.close(); });

  const inThisThread = () => analysisRouteRunner(ANALYSIS_MODULES, analysisDeps({ db: server.runtime.db, diseases: server.runtime.diseases, settings: server.runtime.settings }));

  for (const [moduleId, path, input] of [
    ['repurpose', '/api/repurpose/candidates', { disease_id: 'sle', top_n: 20, permutations: 200, seed: 11 }],
    ['drug-combinations', '/api/synergy/pairs', { disease_id: 'ra', top_n: 10 }],
    ['pathway-enrichment', '/api/bioinformatics/enrichment', { disease_id: 'sle' }],
    // The thread built its disease registry without MONDO's classes and answered 404 for a MONDO class id.
    ['pathway-enrichment', '/api/bioinformatics/enrichment', { disease_id: 'mondo_0005301' }],
  ] as const) {
    it(`answers ${path} ${input.disease_id} exactly as the computation in the request's thread does`, async function () {
      if (input.disease_id.startsWith('mondo_')) requireSharedData(this, 'mondo/class-stats.tsv');
      const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${server.baseUrl}${path}?${query}`);
      const text = await res.text();
      expect(res.status, text).to.equal(200);
      // The route's validated input: the query with the schema's defaults, as the registry hands it over.
      const module = ANALYSIS_MODULES.find((m) => m.id === moduleId)!;
      const defaults = Object.fromEntries(Object.entries((module.routes.find((r) => r.path === path)!.query as { properties: Record<string, { default?: unknown }> }).properties)
        .filter(([, s]) => s.default !== undefined).map(([k, s]) => [k, s.default]));
      const local = await inThisThread()({ moduleId, path, input: { ...defaults, ...input } });
      expect(local.kind).to.equal('ok');
      expect(JSON.parse(text)).to.deep.equal(JSON.parse(JSON.stringify((local as { result: unknown }).result)));
    });
  }

  // Issue 23: whole-graph betweenness and Louvain ran on the event loop on the first request of a snapshot set.
  for (const call of [
    { read: 'centrality', input: { metric: 'betweenness', top_n: 25 } },
    { read: 'centrality', input: { metric: 'closeness', top_n: 10, disease_id: 'sle', types: ['Gene'] } },
    { read: 'communities', input: { top: 5, members: 4 } },
    { read: 'communities', input: { top: 20, members: 10, disease_id: 'ra' } },
  ] as KgHeavyCall[]) {
    it(`answers /api/kg/${call.read} ${JSON.stringify(call.input)} exactly as the computation in the request's thread does`, async () => {
      const query = new URLSearchParams(Object.entries(call.input).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${server.baseUrl}/api/kg/${call.read}?${query}`);
      const text = await res.text();
      expect(res.status, text).to.equal(200);
      const local = await kgHeavyReadRunner({ db: server.runtime.db.knex, diseases: server.runtime.diseases })(call);
      expect(local.kind).to.equal('ok');
      // How long it took and whether it was cached differ between the threads; everything shown must not.
      const shown = (body: Record<string, unknown>) => { const { computed_ms: _ms, cached: _cached, disclaimer: _d, ...rest } = body; return rest; };
      const remote = JSON.parse(text) as Record<string, unknown>;
      expect((remote.top ?? remote.communities) as unknown[]).to.not.be.empty;
      expect(shown(remote)).to.deep.equal(shown(JSON.parse(JSON.stringify((local as { body: Record<string, unknown> }).body))));
    });
  }

  it('answers /api/health while a heavy analysis computes, and refuses a second analysis with 503 and Retry-After instead of queueing it', async () => {
    let heavyDone = false;
    const heavy = fetch(`${server.baseUrl}/api/repurpose/candidates?disease_id=sle&top_n=50&permutations=5000&seed=${Date.now() % 100000}`)
      .then(async (res) => { heavyDone = true; return { status: res.status, text: await res.text() }; });
    // Once the heavy call holds the one thread, the next analysis call is refused (queue 0).
    let refused: Response | undefined;
    while (!heavyDone && !refused) {
      const res = await fetch(`${server.baseUrl}/api/repurpose/candidates?disease_id=ra&permutations=100`);
      if (res.status === 503) refused = res;
      else await res.arrayBuffer();
    }
    expect(heavyDone, 'the heavy call finished before a second one found the thread busy').to.equal(false);
    expect(refused!.headers.get('retry-after')).to.equal('5');
    expect(((await refused!.json()) as { detail: string }).detail).to.match(/every analysis thread is busy/);
    // The heavy knowledge-graph reads share the pool: refused the same way, not computed on the event loop.
    const kg = await fetch(`${server.baseUrl}/api/kg/centrality?metric=betweenness&disease_id=ra`);
    if (!heavyDone) {
      expect(kg.status, await kg.text()).to.equal(503);
      expect(kg.headers.get('retry-after')).to.equal('5');
    }
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).to.equal(200);
    // An unknown disease needs no thread: 404 at once, never shed with the computations (nor, before the first
    // graph build, kept waiting 14 s for it, as under bench:fuzz).
    const unknown = await fetch(`${server.baseUrl}/api/expression/correlate?disease_id=keylen`);
    expect(unknown.status).to.equal(404);
    expect(await unknown.json()).to.deep.equal({ detail: "unknown disease module 'keylen'" });
    expect(heavyDone, '/api/health answered only after the heavy analysis').to.equal(false);
    const answer = await heavy;
    expect(answer.status, answer.text).to.equal(200);
  });

  it('has each analysis thread build its knowledge graph when asked to warm up (serve asks once the seed import ends), not on its first caller', async () => {
    const built = await server.runtime.warmAnalysisThreads();
    expect(built).to.have.length(1); // ANALYSIS_THREADS=1
    expect(built[0]).to.be.greaterThan(0);
  });
});
