// GTEx Portal API v2 against a local server answering /api/v2/reference/gene and
// /api/v2/expression/medianGeneExpression in GTEx's paginated format ({ data: [...], paging_info }).
import { expect } from 'chai';
import { gtexAdapter } from '../../../infra/sources/adapters/gtex';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, tempDir, testDisease, withoutSource, writeCorpus } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

const BASE = '/api/v2/';
const QUESTION = 'Is JAK1 expressed in blood and spleen?';
const JAK1 = 'ENSG00000162434.11';
const TLR7 = 'ENSG00000196664.4';

const disease = (genes = ['JAK1', 'TLR7']) => testDisease({ search: { ...testDisease().search, gtex: { tissues: ['Whole_Blood', 'Spleen'], genes } } });

const paging = (n: number) => ({ numberOfPages: 1, page: 0, maxItemsPerPage: 250, totalNumberOfItems: n });

const gene = (gencodeId: string, geneSymbol: string, description: string, chromosome: string, start: number, end: number, strand: string, entrezGeneId: number) => ({
  chromosome,
  dataSource: 'HAVANA',
  description,
  end,
  entrezGeneId,
  gencodeId,
  gencodeVersion: 'v26',
  geneStatus: 'KNOWN',
  geneSymbol,
  geneSymbolUpper: geneSymbol.toUpperCase(),
  geneType: 'protein coding',
  genomeBuild: 'GRCh38/hg38',
  start,
  strand,
  tss: strand === '-' ? end : start,
});

const GENES = {
  data: [
    gene(JAK1, 'JAK1', 'Janus kinase 1 [Source:HGNC Symbol;Acc:HGNC:6190]', 'chr1', 64833229, 65067754, '-', 3716),
    gene(TLR7, 'TLR7', 'toll like receptor 7 [Source:HGNC Symbol;Acc:HGNC:15631]', 'chrX', 12867072, 12890361, '+', 51284),
  ],
  paging_info: paging(2),
};

const median = (m: number, tissueSiteDetailId: string, ontologyId: string, gencodeId: string, geneSymbol: string) => ({ median: m, tissueSiteDetailId, ontologyId, datasetId: 'gtex_v8', gencodeId, geneSymbol, unit: 'TPM' });

const MEDIANS = {
  data: [
    median(71.4012, 'Spleen', 'UBERON:0002106', JAK1, 'JAK1'),
    median(98.3456, 'Whole_Blood', 'UBERON:0013756', JAK1, 'JAK1'),
    median(24.91, 'Spleen', 'UBERON:0002106', TLR7, 'TLR7'),
    median(1.2, 'Whole_Blood', 'UBERON:0013756', TLR7, 'TLR7'),
  ],
  paging_info: paging(4),
};
const IDS = [`${JAK1}/Whole_Blood`, `${JAK1}/Spleen`, `${TLR7}/Spleen`, `${TLR7}/Whole_Blood`];

const CORPUS = { data: [median(3.5, 'Kidney_Cortex', 'UBERON:0001225', TLR7, 'TLR7'), median(40.2, 'Kidney_Cortex', 'UBERON:0001225', JAK1, 'JAK1')], paging_info: paging(2) };

function responder(r: RecordedRequest): Reply {
  if (r.path === `${BASE}reference/gene`) return json(GENES);
  if (r.path === `${BASE}expression/medianGeneExpression`) return json(MEDIANS);
  return { status: 404, body: JSON.stringify({ detail: 'Not Found' }) };
}

sourceAdapterContract('gtex', () => ({
  adapter: gtexAdapter,
  disease: disease(),
  question: QUESTION,
  basePath: BASE,
  respond: responder,
  requestsPerRun: 2,
  expectedIds: IDS,
  corpus: JSON.stringify(CORPUS),
  corpusIds: [`${JAK1}/Kidney_Cortex`, `${TLR7}/Kidney_Cortex`],
  malformed: json({ genes: [{ gencodeId: JAK1 }] }),
}));

describe('gtex adapter: gene resolution, median expression and its records', function () {
  const replay = replayEachTest(() => responder, BASE, { retryBaseMs: 10 });
  const opts = replay.options;

  it('resolves the gene symbols with /reference/gene, then asks medianGeneExpression for those GENCODE ids in the tissues (gtex_v8)', async function () {
    await runSource(gtexAdapter, request(disease(), QUESTION), opts());
    expect(replay.server.requests).to.have.length(2);
    const [genes, medians] = replay.server.requests;
    expect(genes!.method).to.equal('GET');
    expect(genes!.path).to.equal(`${BASE}reference/gene`);
    expect(genes!.query.getAll('geneId')).to.deep.equal(['JAK1', 'TLR7']);
    expect(genes!.query.get('gencodeVersion')).to.equal('v26');
    expect(genes!.query.get('genomeBuild')).to.equal('GRCh38/hg38');
    expect(medians!.path).to.equal(`${BASE}expression/medianGeneExpression`);
    expect(medians!.query.getAll('gencodeId')).to.deep.equal([JAK1, TLR7]);
    expect(medians!.query.getAll('tissueSiteDetailId')).to.deep.equal(['Whole_Blood', 'Spleen']);
    expect(medians!.query.get('datasetId')).to.equal('gtex_v8');
  });

  it('genes configured as versioned GENCODE ids need no resolution', async function () {
    const { status } = await runSource(gtexAdapter, request(disease([JAK1, TLR7]), QUESTION), opts());
    expect(status.status).to.equal('ok');
    expect(replay.server.requests.map((r) => r.path)).to.deep.equal([`${BASE}expression/medianGeneExpression`]);
    expect(replay.server.requests[0]!.query.getAll('gencodeId')).to.deep.equal([JAK1, TLR7]);
  });

  it('parses one expression record per gene and tissue: id, gene page URL, gene symbol, median TPM and tissue, highest first', async function () {
    const { records, status } = await runSource(gtexAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'ok', record_count: 4 });
    expect(status.query_terms).to.deep.equal(['JAK1', 'TLR7', 'Whole_Blood', 'Spleen']);
    expect(records[0]).to.deep.include({
      source: 'gtex',
      nativeId: `${JAK1}/Whole_Blood`,
      recordType: 'expression',
      title: 'JAK1 expression in Whole Blood: median 98.35 TPM (GTEx)',
      url: 'https://gtexportal.org/home/gene/JAK1',
      published: null,
      structured: { drugs: [], targets: ['JAK1'], pathways: [] },
      attributes: { medianTpm: 98.3456, tissue: 'Whole_Blood' },
    });
    expect(records[0]!.text).to.include(JAK1).and.include('UBERON:0013756').and.include('gtex_v8');
    expect(records[3]).to.deep.include({ nativeId: `${TLR7}/Whole_Blood`, url: 'https://gtexportal.org/home/gene/TLR7', attributes: { medianTpm: 1.2, tissue: 'Whole_Blood' } });
  });

  it('genes GTEx does not know give "no records matched" without an expression request', async function () {
    replay.server.setHandler(() => json({ data: [], paging_info: paging(0) }));
    const { records, status } = await runSource(gtexAdapter, request(disease(['NOTAGENE1']), QUESTION), opts());
    expect(records).to.deep.equal([]);
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
    expect(replay.server.requests).to.have.length(1);
  });

  it('a 404 (or a 422 for a tissue GTEx rejects) is an error, not retried', async function () {
    replay.server.setHandler(() => ({ status: 404, body: JSON.stringify({ detail: 'Not Found' }) }));
    const notFound = await runSource(gtexAdapter, request(disease(), QUESTION), opts());
    expect(notFound.status.status).to.equal('error');
    expect(notFound.status.warning).to.include('HTTP 404');
    expect(replay.server.requests).to.have.length(1);

    replay.server.setHandler((r) => (r.path.endsWith('medianGeneExpression') ? { status: 422, body: JSON.stringify({ detail: [{ loc: ['query', 'tissueSiteDetailId', 0], msg: 'value is not a valid enumeration member' }] }) } : json(GENES)));
    const rejected = await runSource(gtexAdapter, request(disease(), QUESTION), opts());
    expect(rejected.status.warning).to.include('HTTP 422');
    expect(replay.server.requests).to.have.length(3);
  });

  it('a medianGeneExpression body without data is malformed', async function () {
    replay.server.setHandler((r) => (r.path.endsWith('medianGeneExpression') ? json({ detail: 'oops' }) : json(GENES)));
    const { status } = await runSource(gtexAdapter, request(disease(), QUESTION), opts());
    expect(status.status).to.equal('error');
    expect(status.warning).to.include('malformed response');
  });

  it('a disease without gtex configuration is skipped; offline mode parses the corpus file', async function () {
    const skipped = await runSource(gtexAdapter, request(withoutSource(disease(), 'gtex'), QUESTION), opts());
    expect(skipped.status.status).to.equal('skipped');
    const dir = tempDir('gtex-corpus');
    writeCorpus(dir, gtexAdapter, 'sle', JSON.stringify(CORPUS));
    const { records, status } = await runSource(gtexAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'offline' });
    expect(records.map((r) => [r.structured.targets[0], r.attributes.medianTpm, r.attributes.tissue])).to.deep.equal([
      ['JAK1', 40.2, 'Kidney_Cortex'],
      ['TLR7', 3.5, 'Kidney_Cortex'],
    ]);
    expect(replay.server.requests).to.have.length(0);
  });
});
