// Open Targets Platform (GraphQL) against a local server answering POST /api/v4/graphql in the
// Platform's response format: { data: { disease: { id, name, associatedTargets: { count, rows } } } },
// and { errors: [...] } for a failed query.
import { expect } from 'chai';
import { ASSOCIATED_TARGETS_QUERY, opentargetsAdapter } from '../../../infra/sources/adapters/opentargets';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, tempDir, testDisease, withoutSource, writeCorpus } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

const BASE = '/api/v4/';
const EFO = 'EFO_0002690';
const QUESTION = 'Which targets are most strongly associated with SLE?';

const disease = () => testDisease({ search: { ...testDisease().search, opentargets: { efo_id: EFO } } });

const row = (score: number, id: string, approvedSymbol: string, approvedName: string) => ({ score, target: { id, approvedSymbol, approvedName } });

/** An associatedTargets answer (the Platform returns rows by descending overall score). */
const ANSWER = {
  data: {
    disease: {
      id: EFO,
      name: 'systemic lupus erythematosus',
      associatedTargets: {
        count: 4803,
        rows: [
          row(0.8123456, 'ENSG00000128604', 'IRF5', 'interferon regulatory factor 5'),
          row(0.7710218, 'ENSG00000138378', 'STAT4', 'signal transducer and activator of transcription 4'),
          row(0.6958, 'ENSG00000102524', 'TNFSF13B', 'TNF superfamily member 13b'),
          row(0.05, 'ENSG00000169896', 'ITGAM', 'integrin subunit alpha M'),
        ],
      },
    },
  },
};
const IDS = ['ENSG00000128604', 'ENSG00000138378', 'ENSG00000102524', 'ENSG00000169896'].map((id) => `${EFO}/${id}`);

const CORPUS = {
  data: { disease: { id: EFO, name: 'systemic lupus erythematosus', associatedTargets: { count: 2, rows: [row(0.31, 'ENSG00000185507', 'IRF7', 'interferon regulatory factor 7'), row(0.64, 'ENSG00000096968', 'JAK2', 'Janus kinase 2')] } } },
};

function responder(r: RecordedRequest): Reply {
  if (r.method === 'POST' && r.path === `${BASE}graphql`) return json(ANSWER);
  return { status: 404, body: 'Not found' };
}

sourceAdapterContract('opentargets', () => ({
  adapter: opentargetsAdapter,
  disease: disease(),
  question: QUESTION,
  basePath: BASE,
  respond: responder,
  requestsPerRun: 1,
  expectedIds: IDS,
  corpus: JSON.stringify(CORPUS),
  corpusIds: [`${EFO}/ENSG00000096968`, `${EFO}/ENSG00000185507`],
  malformed: json({ data: { target: { id: 'ENSG00000128604' } } }),
}));

describe('opentargets adapter: the GraphQL request and the associatedTargets answer', function () {
  const replay = replayEachTest(() => responder, BASE, { retryBaseMs: 10 });
  const opts = replay.options;

  it('POSTs the associatedTargets query as JSON with the EFO id and the page size as variables', async function () {
    await runSource(opentargetsAdapter, request(disease(), QUESTION, { limit: 25 }), opts());
    expect(replay.server.requests).to.have.length(1);
    const [post] = replay.server.requests;
    expect(post!.method).to.equal('POST');
    expect(post!.path).to.equal(`${BASE}graphql`);
    expect(post!.headers['content-type']).to.equal('application/json');
    const body = JSON.parse(post!.body) as { query: string; variables: Record<string, unknown> };
    expect(body.query).to.equal(ASSOCIATED_TARGETS_QUERY);
    expect(body.query).to.match(/disease\(efoId: \$efoId\)/).and.match(/associatedTargets\(page: \{ index: 0, size: \$size \}\)/);
    expect(body.query).to.include('approvedSymbol').and.include('approvedName').and.include('score');
    expect(body.variables).to.deep.equal({ efoId: EFO, size: 25 });
  });

  it('the page size is bounded', async function () {
    await runSource(opentargetsAdapter, request(disease(), QUESTION, { limit: 5000 }), opts());
    expect((JSON.parse(replay.server.requests[0]!.body) as { variables: { size: number } }).variables.size).to.equal(500);
  });

  it('parses rows into target associations: id, evidence URL, approved symbol, association score, no date', async function () {
    const { records, status } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'ok', record_count: 4 });
    expect(status.query_terms).to.deep.equal([EFO]);
    const [first] = records;
    expect(first).to.deep.include({
      source: 'opentargets',
      nativeId: `${EFO}/ENSG00000128604`,
      recordType: 'target_association',
      title: 'IRF5 association with systemic lupus erythematosus (score 0.81)',
      url: `https://platform.opentargets.org/evidence/ENSG00000128604/${EFO}`,
      published: null,
      structured: { drugs: [], targets: ['IRF5'], pathways: [] },
      attributes: { associationScore: 0.8123456 },
    });
    expect(first!.text).to.include('interferon regulatory factor 5').and.include('0.812');
    expect(records.map((r) => r.attributes.associationScore)).to.deep.equal([0.8123456, 0.7710218, 0.6958, 0.05]);
  });

  it('a GraphQL errors array is an error with the first message, not retried', async function () {
    replay.server.setHandler(() =>
      json({
        data: { disease: null },
        errors: [
          { message: 'Internal server error', path: ['disease', 'associatedTargets'], locations: [{ line: 5, column: 5 }] },
          { message: 'second problem' },
        ],
      }),
    );
    const { records, status } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts());
    expect(records).to.deep.equal([]);
    expect(status.status).to.equal('error');
    expect(status.warning).to.equal('opentargets failed: provider error: Internal server error');
    expect(replay.server.requests).to.have.length(1);
  });

  it('an EFO id the Platform does not know (disease: null) is "no records matched"', async function () {
    replay.server.setHandler(() => json({ data: { disease: null } }));
    const { records, status } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts());
    expect(records).to.deep.equal([]);
    expect(status).to.include({ status: 'warning', warning: 'no records matched', retrieval_mode: 'live' });
  });

  it('a 404 is an error, not retried', async function () {
    replay.server.setHandler(() => ({ status: 404, body: '<html>Not Found</html>' }));
    const { status } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('HTTP 404');
    expect(replay.server.requests).to.have.length(1);
  });

  it('rows without a target id are skipped; a row without a symbol keeps the Ensembl id and no structured target', async function () {
    replay.server.setHandler(() => json({ data: { disease: { id: EFO, name: 'systemic lupus erythematosus', associatedTargets: { count: 2, rows: [{ score: 0.4, target: {} }, { score: 0.2, target: { id: 'ENSG00000000001' } }] } } } }));
    const { records } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts());
    expect(records.map((r) => r.nativeId)).to.deep.equal([`${EFO}/ENSG00000000001`]);
    expect(records[0]!.structured.targets).to.deep.equal([]);
    expect(records[0]!.title).to.match(/^ENSG00000000001 association/);
  });

  it('a disease without opentargets configuration is skipped; offline mode parses the corpus file', async function () {
    const skipped = await runSource(opentargetsAdapter, request(withoutSource(disease(), 'opentargets'), QUESTION), opts());
    expect(skipped.status.status).to.equal('skipped');
    const dir = tempDir('ot-corpus');
    writeCorpus(dir, opentargetsAdapter, 'sle', JSON.stringify(CORPUS));
    const { records, status } = await runSource(opentargetsAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'offline' });
    expect(records.map((r) => r.structured.targets[0])).to.deep.equal(['JAK2', 'IRF7']);
    expect(replay.server.requests).to.have.length(0);
  });
});
