// Issue 23, item 8: commands/analysis/analysis-deps.ts built its own source runner, without the provider
// API keys and the cross-worker rate limit the Workspace path gets. Both now use one binding
// (pipelineSourceOptions): an analysis module's PubMed request carries NCBI's api_key and waits for the
// shared provider slot, against a local server replaying E-utilities.
import { expect } from 'chai';
import { analysisDeps } from '../../../commands/analysis/analysis-deps';
import { loadSettings } from '../../../infra/config/settings';
import { pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import type { SharedRateLimit } from '../../../infra/sources/shared-rate';
import { request, testDisease } from '../../infra/sources/source-adapter.contract';
import { ReplayServer, xml, type RecordedRequest, type Reply } from '../../infra/sources/replay-server';

const KEY = 'analysisKEY123';
const ESEARCH = '<?xml version="1.0"?><eSearchResult><Count>0</Count><RetMax>0</RetMax><RetStart>0</RetStart><IdList></IdList></eSearchResult>';

describe('Analysis modules ask providers with the shared source settings', function () {
  let server: ReplayServer;
  const arrivals: string[] = [];
  before(async function () {
    server = await ReplayServer.start((r: RecordedRequest): Reply => {
      arrivals.push('request');
      return r.path.endsWith('esearch.fcgi') ? xml(ESEARCH) : { status: 404 };
    });
  });
  after(async function () {
    await server?.close();
  });

  it('sends the NCBI api_key and waits on the cross-worker provider slot before each request', async function () {
    const shared: SharedRateLimit = {
      take: async (key, intervalMs) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the slot comes a little later
        arrivals.push(`slot ${key.split(' ')[0]} ${intervalMs}`);
      },
    };
    const settings = loadSettings({ NCBI_API_KEY: KEY, EVIDENCE_SOURCE_MODE: 'live', USE_CACHE: 'false' });
    const deps = analysisDeps({
      db: { knex: undefined as never }, // no cache (USE_CACHE=false), no graph read here
      diseases: { entry: () => undefined as never, list: () => [] },
      settings: { ...settings, dataDir: '/tmp', sourceBaseUrls: { ...settings.sourceBaseUrls, pubmed: server.url('/entrez/eutils/') } },
      sharedRate: shared,
    });
    const { status } = await deps.sources!(pubmedAdapter, request(testDisease(), 'JAK inhibitors?'));
    expect(status.status, JSON.stringify(status)).to.be.oneOf(['ok', 'warning']);
    expect(server.requests.length).to.be.greaterThan(0);
    for (const r of server.requests) expect(r.query.get('api_key')).to.equal(KEY);
    // Keyed NCBI spacing (10/s = 100 ms), asked for before the request went out.
    expect(arrivals.slice(0, 2)).to.deep.equal(['slot pubmed 100', 'request']);
  });
});
