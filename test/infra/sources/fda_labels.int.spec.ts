// openFDA drug labels against a local server answering /drug/label.json in openFDA's shape
// ({ meta, results }, and 404 { error: NOT_FOUND } when nothing matches).
import { expect } from 'chai';
import { fdaLabelsAdapter } from '../../../infra/sources/adapters/fda_labels';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, testDisease } from './source-adapter.contract';
import { json, ReplayServer, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

const BASE = '/';
const QUESTION = 'Which biologics are approved for lupus?';

const LABELS = {
  meta: {
    disclaimer: 'Do not rely on openFDA to make decisions regarding medical care.',
    terms: 'https://open.fda.gov/terms/',
    license: 'https://open.fda.gov/license/',
    last_updated: '2026-11-14',
    results: { skip: 0, limit: 3, total: 3 },
  },
  results: [
    {
      effective_time: '20230421',
      indications_and_usage: ['1 INDICATIONS AND USAGE BENLYSTA is a B-lymphocyte stimulator (BLyS)-specific inhibitor indicated for the treatment of: patients aged 5 years and older with active, autoantibody-positive systemic lupus erythematosus (SLE) who are receiving standard therapy, and patients aged 5 years and older with active lupus nephritis who are receiving standard therapy.'],
      set_id: '6bd9fd4a-0d4c-4f2c-b5d7-8e0a0d7e6b3a',
      id: 'f1d6a3a4-5b5e-4d2f-9a57-3b1f0a2d1c11',
      version: '42',
      openfda: { brand_name: ['BENLYSTA'], generic_name: ['BELIMUMAB'], manufacturer_name: ['GlaxoSmithKline LLC'], product_type: ['HUMAN PRESCRIPTION DRUG'], route: ['INTRAVENOUS', 'SUBCUTANEOUS'] },
    },
    {
      effective_time: '20190102',
      indications_and_usage: ['INDICATIONS & USAGE Hydroxychloroquine sulfate tablets are indicated for the treatment of chronic discoid lupus erythematosus and systemic lupus erythematosus in adults.'],
      set_id: '8d4f9d1e-1e4c-4a3f-8f2a-2f5f1c9a7e22',
      openfda: { generic_name: ['HYDROXYCHLOROQUINE SULFATE'] },
    },
    {
      effective_time: '20211130',
      indications_and_usage: ['Prednisone tablets are indicated in rheumatic disorders as adjunctive therapy.'],
      id: 'c2b1f3e4-aaaa-4bbb-8ccc-1234567890ab', // no set_id: the id is used
      openfda: {},
    },
  ],
};

const respond = (r: RecordedRequest): Reply =>
  r.path === '/drug/label.json' ? json(LABELS) : json({ error: { code: 'NOT_FOUND', message: 'No matches found!' } }, 404);

sourceAdapterContract('fda_labels', () => ({
  adapter: fdaLabelsAdapter,
  disease: testDisease(),
  question: QUESTION,
  basePath: BASE,
  respond,
  requestsPerRun: 1,
  expectedIds: ['6bd9fd4a-0d4c-4f2c-b5d7-8e0a0d7e6b3a', '8d4f9d1e-1e4c-4a3f-8f2a-2f5f1c9a7e22', 'c2b1f3e4-aaaa-4bbb-8ccc-1234567890ab'],
  corpus: JSON.stringify({ meta: LABELS.meta, results: LABELS.results.slice(1) }),
  corpusIds: ['8d4f9d1e-1e4c-4a3f-8f2a-2f5f1c9a7e22', 'c2b1f3e4-aaaa-4bbb-8ccc-1234567890ab'],
  malformed: json({ meta: LABELS.meta, results: 'none' }),
}));

describe('fda_labels adapter: openFDA label search', function () {
  const replay = replayEachTest(() => respond, BASE);
  const opts = replay.options;

  it('searches indications_and_usage for the configured terms, with limit', async function () {
    await runSource(fdaLabelsAdapter, request(testDisease(), QUESTION, { limit: 10 }), opts());
    const [r] = replay.server.requests;
    expect(r!.path).to.equal('/drug/label.json');
    expect(r!.query.get('search')).to.equal('indications_and_usage:("systemic lupus erythematosus" OR "lupus nephritis")');
    expect(r!.query.get('limit')).to.equal('10');
  });

  it('parses set id, names, generic names as drugs, indications text, effective date and the indication match', async function () {
    const { records } = await runSource(fdaLabelsAdapter, request(testDisease(), QUESTION), opts());
    const [benlysta, hcq, prednisone] = records;
    expect(benlysta).to.deep.include({
      source: 'fda_labels',
      nativeId: '6bd9fd4a-0d4c-4f2c-b5d7-8e0a0d7e6b3a',
      recordType: 'drug_label',
      title: 'BENLYSTA (BELIMUMAB) drug label',
      url: 'https://dailymed.nlm.nih.gov/dailymed/search.cfm?labeltype=all&query=6bd9fd4a-0d4c-4f2c-b5d7-8e0a0d7e6b3a',
      published: '2023-04-21',
      structured: { drugs: ['BELIMUMAB'], targets: [], pathways: [] },
      attributes: { indicationMatch: true },
    });
    expect(benlysta!.text).to.match(/^1 INDICATIONS AND USAGE BENLYSTA/);
    expect(hcq).to.deep.include({ title: 'HYDROXYCHLOROQUINE SULFATE drug label', published: '2019-01-02' });
    expect(prednisone).to.deep.include({ title: 'Drug label c2b1f3e4-aaaa-4bbb-8ccc-1234567890ab', attributes: { indicationMatch: false } });
    expect(prednisone!.structured.drugs).to.deep.equal([]);
  });

  it('a date filter becomes an effective_time range and is applied to the records', async function () {
    const { records } = await runSource(fdaLabelsAdapter, request(testDisease(), QUESTION, { dateFrom: '2020-01-01', dateTo: '2022-12-31' }), opts());
    expect(replay.server.requests[0]!.query.get('search')).to.equal(
      'indications_and_usage:("systemic lupus erythematosus" OR "lupus nephritis") AND effective_time:[20200101 TO 20221231]',
    );
    expect(records.map((r) => r.nativeId)).to.deep.equal(['c2b1f3e4-aaaa-4bbb-8ccc-1234567890ab']);
  });

  it("openFDA's 404 NOT_FOUND is no records, not an error", async function () {
    replay.server.setHandler(() => json({ error: { code: 'NOT_FOUND', message: 'No matches found!' } }, 404));
    const { status } = await runSource(fdaLabelsAdapter, request(testDisease(), QUESTION), opts());
    expect(status).to.include({ status: 'warning', warning: 'no records matched', retrieval_mode: 'live' });
  });
});

describe('fda_labels adapter: one label per active-ingredient set', function () {
  // openFDA label.json shape: the same adalimumab label from the originator and a repackager, and a biosimilar
  // whose substance_name is the same active ingredient.
  const label = (set_id: string, effective_time: string, generic: string, substance: string[]) => ({
    set_id, effective_time, indications_and_usage: ['indicated for systemic lupus erythematosus'],
    openfda: { generic_name: [generic], substance_name: substance },
  });
  const BODY = {
    meta: LABELS.meta,
    results: [
      label('00000000-0000-4000-8000-0000000000a1', '20200101', 'ADALIMUMAB', ['ADALIMUMAB']),
      label('00000000-0000-4000-8000-0000000000a2', '20230915', 'ADALIMUMAB-ATTO', ['ADALIMUMAB']),
      label('00000000-0000-4000-8000-0000000000a3', '20220101', 'ADALIMUMAB', ['ADALIMUMAB']),
      label('00000000-0000-4000-8000-0000000000b1', '20190101', 'TRIMETHOPRIM AND SULFAMETHOXAZOLE', ['TRIMETHOPRIM', 'SULFAMETHOXAZOLE']),
      label('00000000-0000-4000-8000-0000000000b2', '20180101', 'SULFAMETHOXAZOLE', ['SULFAMETHOXAZOLE']),
    ],
  };
  let server: ReplayServer;
  beforeEach(async function () {
    server = await ReplayServer.start(() => json(BODY));
  });
  afterEach(async function () {
    await server.close();
  });

  it('keeps the most recent label of each ingredient set and records the set', async function () {
    const { records } = await runSource(fdaLabelsAdapter, request(testDisease(), QUESTION), { mode: 'live', baseUrl: server.url('/'), minIntervalMs: 0 });
    expect(records.map((r) => [r.nativeId.slice(-2), r.attributes.activeIngredients])).to.deep.equal([
      ['a2', ['ADALIMUMAB']],
      ['b1', ['SULFAMETHOXAZOLE', 'TRIMETHOPRIM']],
      ['b2', ['SULFAMETHOXAZOLE']], // a different set: a combination is not its single ingredient
    ]);
  });
});
