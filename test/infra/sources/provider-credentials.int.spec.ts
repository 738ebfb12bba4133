// Provider credentials and rates (issue 14, part 7), against a local server replaying each provider's
// documented format: NCBI E-utilities get api_key, email and tool (https://www.ncbi.nlm.nih.gov/books/NBK25497/:
// 3 requests/s without a key, 10 with one); openFDA gets api_key (https://open.fda.gov/apis/authentication/).
// Keys are secrets: never in a cache key, never in a status warning.
import { expect } from 'chai';
import { providerOptions, NCBI_KEYED_INTERVAL_MS } from '../../../commands/workspace/research-pipeline-deps';
import { fdaLabelsAdapter } from '../../../infra/sources/adapters/fda_labels';
import { pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import { loadSettings } from '../../../infra/config/settings';
import type { ResponseCache } from '../../../infra/sources/response-cache';
import { sharedRateLimit, type SharedRateLimit } from '../../../infra/sources/shared-rate';
import { ProviderError } from '../../../infra/sources/source-adapter';
import { runSource, type RunSourceOptions } from '../../../infra/sources/source-runner';
import { MemorySlidingWindow } from '../../../infra/rate-limit/sliding-window';
import { request, testDisease } from './source-adapter.contract';
import { json, ReplayServer, xml, type RecordedRequest, type Reply } from './replay-server';

const KEY = 'abc123secretKEY';
const ESEARCH = '<?xml version="1.0"?><eSearchResult><Count>1</Count><RetMax>1</RetMax><RetStart>0</RetStart><IdList><Id>31000001</Id></IdList></eSearchResult>';
const EFETCH = `<?xml version="1.0"?><PubmedArticleSet><PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM"><PMID Version="1">31000001</PMID>
<Article PubModel="Print"><Journal><Title>Lupus</Title><JournalIssue><PubDate><Year>2019</Year></PubDate></JournalIssue></Journal>
<ArticleTitle>A trial in SLE.</ArticleTitle><Abstract><AbstractText>Results.</AbstractText></Abstract>
<PublicationTypeList><PublicationType UI="D016428">Journal Article</PublicationType></PublicationTypeList></Article></MedlineCitation>
<PubmedData><ArticleIdList><ArticleId IdType="pubmed">31000001</ArticleId></ArticleIdList></PubmedData></PubmedArticle></PubmedArticleSet>`;

function ncbi(r: RecordedRequest): Reply {
  if (r.path.endsWith('esearch.fcgi')) return xml(ESEARCH);
  if (r.path.endsWith('efetch.fcgi')) return xml(EFETCH);
  return { status: 404 };
}

class MapCache implements ResponseCache {
  readonly keys: string[] = [];
  private readonly map = new Map<string, string>();
  async get(_ns: string, key: string) { return this.map.get(key); }
  async set(_ns: string, key: string, body: string) { this.keys.push(key); this.map.set(key, body); }
  async stats() { return []; }
  async clear() { return 0; }
  async pruneExpired() { return 0; }
}

describe('provider credentials: NCBI api_key, email, tool; openFDA api_key', function () {
  let server: ReplayServer;
  beforeEach(async function () {
    server = await ReplayServer.start(ncbi);
  });
  afterEach(async function () {
    await server.close();
  });

  const settings = () => loadSettings({ NCBI_API_KEY: KEY, NCBI_EMAIL: 'lab@example.org', NCBI_TOOL: 'my-tool', OPENFDA_API_KEY: KEY }).providers;

  it('sends api_key, email and tool on every E-utilities request', async function () {
    const opts: RunSourceOptions = { mode: 'live', baseUrl: server.url('/entrez/eutils/'), ...providerOptions('pubmed', settings()), minIntervalMs: 0 };
    const { status } = await runSource(pubmedAdapter, request(testDisease(), 'JAK inhibitors?'), opts);
    expect(status.status).to.equal('ok');
    expect(server.requests).to.have.length(2);
    for (const r of server.requests) {
      expect(r.query.get('api_key')).to.equal(KEY);
      expect(r.query.get('email')).to.equal('lab@example.org');
      expect(r.query.getAll('tool')).to.deep.equal(['my-tool']); // replaces the adapter's default, never doubled
    }
  });

  it('without a key: tool only, and the 3 requests/s spacing of the adapter', function () {
    const none = providerOptions('pubmed', loadSettings({}).providers);
    expect(none.extraParams).to.deep.equal({ tool: 'evidence-research-service', email: undefined, api_key: undefined });
    expect(none.minIntervalMs).to.equal(undefined);
    expect(pubmedAdapter.minIntervalMs).to.be.at.least(334); // 3/s
    expect(providerOptions('pubmed', settings()).minIntervalMs).to.equal(NCBI_KEYED_INTERVAL_MS); // 10/s
    expect(NCBI_KEYED_INTERVAL_MS).to.equal(100);
  });

  it('keeps the key out of the cache key and out of the warning of a failed request', async function () {
    const cache = new MapCache();
    const opts: RunSourceOptions = { mode: 'live', baseUrl: server.url('/entrez/eutils/'), ...providerOptions('pubmed', settings()), minIntervalMs: 0, cache };
    await runSource(pubmedAdapter, request(testDisease(), 'JAK inhibitors?'), opts);
    expect(cache.keys).to.have.length(2);
    for (const key of cache.keys) expect(key).to.not.contain(KEY).and.not.contain('api_key');
    server.setHandler(() => ({ status: 400, body: `bad api_key=${KEY}` }));
    const failed = await runSource(pubmedAdapter, request(testDisease(), 'Other question?'), { ...opts, cache: undefined, retries: 0 });
    expect(failed.status.status).to.equal('error');
    expect(failed.status.warning).to.not.contain(KEY);
  });

  it('sends the openFDA api_key on label searches', async function () {
    server.setHandler(() => json({ meta: { results: { total: 0 } }, results: [] }));
    await runSource(fdaLabelsAdapter, request(testDisease(), 'labels?'), { mode: 'live', baseUrl: server.url('/'), minIntervalMs: 0, ...providerOptions('fda_labels', settings()) });
    expect(server.requests[0]!.path).to.equal('/drug/label.json');
    expect(server.requests[0]!.query.get('api_key')).to.equal(KEY);
  });

  it('rejects a key or e-mail that cannot be a query parameter value', function () {
    expect(() => loadSettings({ NCBI_API_KEY: 'a b&c' })).to.throw(/NCBI_API_KEY/);
    expect(() => loadSettings({ NCBI_EMAIL: 'not-an-address' })).to.throw(/NCBI_EMAIL/);
  });
});

describe('provider rate shared across workers (the rate-limit store)', function () {
  it('asks the shared limiter for each request, keyed by source and host, with the provider interval', async function () {
    const server = await ReplayServer.start(ncbi);
    try {
      const asked: [string, number][] = [];
      const shared: SharedRateLimit = { take: async (key, interval) => { asked.push([key, interval]); } };
      await runSource(pubmedAdapter, request(testDisease(), 'JAK?'), { mode: 'live', baseUrl: server.url('/entrez/eutils/'), ...providerOptions('pubmed', loadSettings({ NCBI_API_KEY: KEY }).providers), sharedRate: shared });
      expect(asked).to.have.length(2);
      expect(asked[0]![0]).to.match(/^pubmed 127\.0\.0\.1:\d+$/);
      expect(asked.map((a) => a[1])).to.deep.equal([100, 100]);
    } finally {
      await server.close();
    }
  });

  it('two workers sharing one store get one slot per interval (the second waits for the first to age out)', async function () {
    const store = new MemorySlidingWindow(60_000);
    const workerA = sharedRateLimit(store);
    const workerB = sharedRateLimit(store);
    const started = Date.now();
    const times: number[] = [];
    await Promise.all([workerA, workerB].map(async (w) => { await w.take('pubmed eutils', 150, Date.now() + 5000); times.push(Date.now() - started); }));
    times.sort((x, y) => x - y);
    expect(times[1]! - times[0]!).to.be.at.least(140);
  });

  it('refuses a slot that comes after the time budget; an unreachable store leaves only the local spacing', async function () {
    const store = new MemorySlidingWindow(60_000);
    const limiter = sharedRateLimit(store);
    await limiter.take('k', 10_000, Date.now() + 60_000);
    const error = await limiter.take('k', 10_000, Date.now() + 100).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ProviderError);
    const down = sharedRateLimit({ hit: async () => { throw new Error('connection refused'); } });
    await down.take('k', 10_000, Date.now() + 100); // resolves at once
  });
});
