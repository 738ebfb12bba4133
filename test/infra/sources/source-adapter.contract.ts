// The contract every evidence-source adapter meets when run by runSource against a local server that
// replays the provider's own response format: parsing, retries, Retry-After, timeouts, malformed
// bodies, skipping, the offline corpus, the auto-mode fallback and the response cache.
// Use: sourceAdapterContract('pubmed', () => fixture) in <adapter>.int.spec.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceAdapter } from '../../../infra/sources/source-adapter';
import { MemoryResponseCache } from '../../../infra/sources/response-cache';
import { runSource, type RunSourceOptions, type SourceRequest } from '../../../infra/sources/source-runner';
import { USER_AGENT } from '../../../infra/sources/provider-http-client';
import { closedPortUrl, type RecordedRequest, type Reply, ReplayServer } from './replay-server';

export interface AdapterFixture {
  adapter: SourceAdapter;
  /** A disease configured for the adapter's source. */
  disease: DiseaseModule;
  question: string;
  /** The base-URL path the adapter's default base URL has (e.g. '/entrez/eutils/'), so paths look real. */
  basePath: string;
  /** Answers every request of a complete live run, in the provider's format. */
  respond: (request: RecordedRequest) => Reply;
  /** Requests one live run makes when respond answers them. */
  requestsPerRun: number;
  /** nativeIds runSource returns for that run (limit 50, no dates), in order. */
  expectedIds: string[];
  /** An offline corpus file in the provider's format and the nativeIds it yields. */
  corpus: string;
  corpusIds: string[];
  /** A first answer of the wrong shape. */
  malformed: Reply;
}

export function testDisease(overrides: Partial<DiseaseModule> = {}): DiseaseModule {
  return {
    id: 'sle',
    name: 'systemic lupus erythematosus',
    synonyms: ['SLE', 'lupus'],
    mondo_id: 'MONDO:0007915',
    efo_id: 'EFO_0002690',
    search: {
      pubmed: { terms: ['systemic lupus erythematosus', 'SLE'], mesh_terms: ['Lupus Erythematosus, Systemic'] },
      clinical_trials: { condition: 'Systemic Lupus Erythematosus', terms: ['lupus nephritis'] },
      gwas: { efo_traits: ['EFO_0002690'] },
      fda_labels: { indication_terms: ['systemic lupus erythematosus', 'lupus nephritis'] },
    },
    kg_seeds: { disease_node: 'disease:sle' },
    ...overrides,
  };
}

/** The same disease without a search configuration for one source. */
export function withoutSource(disease: DiseaseModule, source: string): DiseaseModule {
  const search = { ...disease.search } as Record<string, unknown>;
  delete search[source];
  return { ...disease, search: search as DiseaseModule['search'] };
}

export function request(disease: DiseaseModule, question: string, overrides: Partial<SourceRequest> = {}): SourceRequest {
  return { disease, question, dateFrom: null, dateTo: null, limit: 50, ...overrides };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** Writes <dir>/<source>/<disease>.<ext>. */
export function writeCorpus(dir: string, adapter: SourceAdapter, diseaseId: string, content: string): void {
  fs.mkdirSync(path.join(dir, adapter.name), { recursive: true });
  fs.writeFileSync(path.join(dir, adapter.name, `${diseaseId}.${adapter.corpusExtension}`), content);
}

export function sourceAdapterContract(label: string, makeFixture: () => AdapterFixture | string): void {
  describe(`${label} adapter: the source-runner contract against a local provider`, function () {
    let f: AdapterFixture;
    let server: ReplayServer;
    let emptyCorpus: string;
    const servers: ReplayServer[] = [];

    before(function () {
      const made = makeFixture();
      if (typeof made === 'string') {
        console.warn(`      skipped: ${made}`);
        this.skip();
      }
      f = made as AdapterFixture;
      emptyCorpus = tempDir('empty-corpus');
    });

    async function serve(handler: (r: RecordedRequest, i: number) => Reply | Promise<Reply>): Promise<ReplayServer> {
      server = await ReplayServer.start(handler);
      servers.push(server);
      return server;
    }

    afterEach(async function () {
      await Promise.all(servers.splice(0).map((s) => s.close()));
    });

    const opts = (extra: RunSourceOptions = {}): RunSourceOptions => ({
      mode: 'live',
      baseUrl: server.url(f.basePath),
      minIntervalMs: 0,
      retryBaseMs: 10,
      timeoutMs: 3000,
      corpusDir: emptyCorpus,
      now: () => new Date('2026-11-21T10:00:00Z'),
      ...extra,
    });

    it('parses the provider records with ids, titles, urls and its own source name', async function () {
      await serve((r) => f.respond(r));
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(records.map((r) => r.nativeId)).to.deep.equal(f.expectedIds);
      for (const record of records) {
        expect(record.source).to.equal(f.adapter.name);
        expect(record.title).to.be.a('string').and.not.equal('');
        expect(record.url).to.match(/^https:\/\//);
        expect(record.text.length).to.be.at.most(600);
        if (record.published !== null) expect(record.published).to.match(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(status).to.include({ source: f.adapter.name, status: 'ok', record_count: f.expectedIds.length, retrieval_mode: 'live', warning: null });
      expect(status.retrieved_at).to.equal('2026-11-21T10:00:00.000Z');
      expect(status.query_terms).to.not.be.empty;
      expect(server.requests).to.have.length(f.requestsPerRun);
      for (const r of server.requests) expect(r.headers['user-agent']).to.equal(USER_AGENT);
    });

    it('applies the limit after parsing', async function () {
      await serve((r) => f.respond(r));
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question, { limit: 1 }), opts());
      expect(records.map((r) => r.nativeId)).to.deep.equal(f.expectedIds.slice(0, 1));
      expect(status.record_count).to.equal(1);
    });

    it('retries a 500 and succeeds with the next answer', async function () {
      await serve((r, i) => (i === 0 ? { status: 500, body: 'upstream trouble' } : f.respond(r)));
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(status.status).to.equal('ok');
      expect(records.map((r) => r.nativeId)).to.deep.equal(f.expectedIds);
      expect(server.requests).to.have.length(f.requestsPerRun + 1);
      expect(server.requests[1]!.path).to.equal(server.requests[0]!.path);
    });

    it('honours a 429 Retry-After before asking again', async function () {
      await serve((r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: '' } : f.respond(r)));
      const { status } = await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(status.status).to.equal('ok');
      expect(server.requests[1]!.at - server.requests[0]!.at).to.be.at.least(950);
    });

    it('gives up at once on a Retry-After beyond the cap', async function () {
      await serve(() => ({ status: 429, headers: { 'retry-after': '120' } }));
      const started = Date.now();
      const { status } = await runSource(f.adapter, request(f.disease, f.question), opts({ maxRetryAfterMs: 5000 }));
      expect(status.status).to.equal('error');
      expect(status.warning).to.include('429').and.include('Retry-After');
      expect(server.requests).to.have.length(1);
      expect(Date.now() - started).to.be.below(1000);
    });

    it('a provider that never answers ends as error within the timeout budget, without throwing', async function () {
      await serve(() => 'hang');
      const started = Date.now();
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts({ timeoutMs: 300, retries: 1 }));
      const elapsed = Date.now() - started;
      expect(records).to.deep.equal([]);
      expect(status).to.include({ status: 'error', record_count: 0, retrieval_mode: null });
      expect(status.warning).to.match(/within 300 ms/);
      expect(server.requests).to.have.length(2); // one retry
      expect(elapsed).to.be.below(300 * 2 + 500);
    });

    it('the whole-run budget bounds retries of a provider that never answers', async function () {
      await serve(() => 'hang');
      const started = Date.now();
      const { status } = await runSource(f.adapter, request(f.disease, f.question), opts({ timeoutMs: 5000, retries: 5, budgetMs: 400 }));
      expect(status.status).to.equal('error');
      expect(Date.now() - started).to.be.below(1000);
    });

    it('a body of the wrong shape ends as error "malformed response", not retried', async function () {
      await serve((r, i) => (i === 0 ? f.malformed : f.respond(r)));
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(records).to.deep.equal([]);
      expect(status.status).to.equal('error');
      expect(status.warning).to.include('malformed response');
      expect(server.requests).to.have.length(1);
    });

    it('a non-JSON or non-XML body is malformed too', async function () {
      await serve(() => ({ status: 200, body: '<html><body>Service maintenance' }));
      const { status } = await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(status.status).to.equal('error');
      expect(status.warning).to.include('malformed response');
    });

    it('skips a disease without configuration for the source, making no request', async function () {
      await serve((r) => f.respond(r));
      const { records, status } = await runSource(f.adapter, request(withoutSource(f.disease, f.adapter.name), f.question), opts({ mode: 'auto' }));
      expect(records).to.deep.equal([]);
      expect(status).to.include({ status: 'skipped', record_count: 0, retrieval_mode: null });
      expect(status.warning).to.include('not configured');
      expect(status.query_terms).to.deep.equal([]);
      expect(server.requests).to.have.length(0);
    });

    it('mode offline reads the corpus file in the provider format, with no request', async function () {
      await serve((r) => f.respond(r));
      const dir = tempDir('corpus');
      writeCorpus(dir, f.adapter, f.disease.id, f.corpus);
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts({ mode: 'offline', corpusDir: dir }));
      expect(records.map((r) => r.nativeId)).to.deep.equal(f.corpusIds);
      expect(status).to.include({ status: 'ok', retrieval_mode: 'offline', warning: null });
      expect(server.requests).to.have.length(0);
    });

    it('mode offline without a corpus file for the disease is an error', async function () {
      await serve((r) => f.respond(r));
      const { status } = await runSource(f.adapter, request(f.disease, f.question), opts({ mode: 'offline' }));
      expect(status.status).to.equal('error');
      expect(status.warning).to.include('no offline corpus file');
    });

    it('mode auto falls back to the corpus when the provider is down, and says so', async function () {
      const dir = tempDir('corpus');
      writeCorpus(dir, f.adapter, f.disease.id, f.corpus);
      await serve((r) => f.respond(r)); // only so opts() has a server; the run goes to a closed port
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts({ mode: 'auto', corpusDir: dir, baseUrl: await closedPortUrl(f.basePath), retries: 0 }));
      expect(records.map((r) => r.nativeId)).to.deep.equal(f.corpusIds);
      expect(status.retrieval_mode).to.equal('offline');
      expect(status.status).to.equal('warning');
      expect(status.warning).to.include('unreachable').and.include('offline corpus answered');
      expect(status.warning).to.include('ECONNREFUSED');
    });

    it('mode live does not fall back: a provider that is down is an error', async function () {
      const dir = tempDir('corpus');
      writeCorpus(dir, f.adapter, f.disease.id, f.corpus);
      await serve((r) => f.respond(r));
      const { records, status } = await runSource(f.adapter, request(f.disease, f.question), opts({ corpusDir: dir, baseUrl: await closedPortUrl(f.basePath), retries: 0 }));
      expect(records).to.deep.equal([]);
      expect(status.status).to.equal('error');
      expect(status.warning).to.include('network error');
    });

    it('a second identical run is answered from the cache; without a cache every run asks the provider', async function () {
      await serve((r) => f.respond(r));
      const cache = new MemoryResponseCache();
      const first = await runSource(f.adapter, request(f.disease, f.question), opts({ cache }));
      const second = await runSource(f.adapter, request(f.disease, f.question), opts({ cache }));
      expect(first.status.retrieval_mode).to.equal('live');
      expect(second.status).to.include({ status: 'ok', retrieval_mode: 'cache' });
      expect(second.records).to.deep.equal(first.records);
      expect(server.requests).to.have.length(f.requestsPerRun);
      const [stats] = await cache.stats();
      expect(stats).to.include({ namespace: f.adapter.name, entries: f.requestsPerRun });

      await runSource(f.adapter, request(f.disease, f.question), opts());
      await runSource(f.adapter, request(f.disease, f.question), opts());
      expect(server.requests).to.have.length(3 * f.requestsPerRun);
    });

    it('a malformed answer is not cached', async function () {
      await serve((r, i) => (i === 0 ? f.malformed : f.respond(r)));
      const cache = new MemoryResponseCache();
      expect((await runSource(f.adapter, request(f.disease, f.question), opts({ cache }))).status.status).to.equal('error');
      const second = await runSource(f.adapter, request(f.disease, f.question), opts({ cache }));
      expect(second.status).to.include({ status: 'ok', retrieval_mode: 'live' });
    });
  });
}
