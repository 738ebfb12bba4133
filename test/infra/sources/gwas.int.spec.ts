// GWAS Catalog REST API against a local server answering /efoTraits/{id}/associations in its HAL shape.
import { expect } from 'chai';
import { gwasAdapter } from '../../../infra/sources/adapters/gwas';
import { runSource, type RunSourceOptions } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, testDisease } from './source-adapter.contract';
import { json, ReplayServer, type RecordedRequest, type Reply } from './replay-server';

const BASE = '/gwas/rest/api/';
const QUESTION = 'Which genes are associated with SLE risk?';
const API = 'https://www.ebi.ac.uk/gwas/rest/api';

function association(id: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    riskFrequency: 'NR',
    pvalueDescription: null,
    multiSnpHaplotype: false,
    snpInteraction: false,
    standardError: null,
    range: '[NR]',
    description: null,
    betaNum: null,
    betaUnit: null,
    lastMappingDate: '2024-03-01T10:12:00.000+0000',
    ...fields,
    _links: {
      self: { href: `${API}/associations/${id}` },
      association: { href: `${API}/associations/${id}{?projection}`, templated: true },
      study: { href: `${API}/associations/${id}/study` },
      efoTraits: { href: `${API}/associations/${id}/efoTraits` },
    },
  };
}

const HAL = {
  _embedded: {
    associations: [
      association(16490, {
        pvalue: 2.0e-10, pvalueMantissa: 2, pvalueExponent: -10, orPerCopyNum: 1.2, riskFrequency: '0.35',
        loci: [{ haplotypeSnpCount: null, description: 'Single variant', strongestRiskAlleles: [{ riskAlleleName: 'rs7574865-T', genomeWide: false }], authorReportedGenes: [{ geneName: 'STAT4', entrezGeneIds: [{ entrezGeneId: '6775' }] }] }],
      }),
      association(24011, {
        pvalueMantissa: 3, pvalueExponent: -42, orPerCopyNum: null,
        loci: [{ strongestRiskAlleles: [{ riskAlleleName: 'rs1270942-G' }], authorReportedGenes: [{ geneName: 'HLA-DRB1' }, { geneName: 'intergenic' }, { geneName: 'C4A' }] }],
      }),
      association(30017, { pvalue: 5e-8, loci: [] }),
      { pvalue: 1e-9, loci: [] }, // no self link: cannot be cited
    ],
  },
  _links: { self: { href: `${API}/efoTraits/EFO_0002690/associations` } },
};

const respond = (r: RecordedRequest): Reply => (r.path === `${BASE}efoTraits/EFO_0002690/associations` ? json(HAL) : json({ status: 404, error: 'Not Found' }, 404));

sourceAdapterContract('gwas', () => ({
  adapter: gwasAdapter,
  disease: testDisease(),
  question: QUESTION,
  basePath: BASE,
  respond,
  requestsPerRun: 1,
  expectedIds: ['24011', '16490', '30017'], // strongest association first
  corpus: JSON.stringify(HAL),
  corpusIds: ['24011', '16490', '30017'],
  malformed: json({ _embedded: { associations: { '0': {} } } }),
}));

describe('gwas adapter: EFO trait associations', function () {
  let server: ReplayServer;
  beforeEach(async function () {
    server = await ReplayServer.start(respond);
  });
  afterEach(async function () {
    await server.close();
  });
  const opts = (): RunSourceOptions => ({ mode: 'live', baseUrl: server.url(BASE), minIntervalMs: 0 });

  it('asks the associations of each configured EFO trait; an unknown trait (404) has none', async function () {
    const disease = testDisease({ search: { ...testDisease().search, gwas: { efo_traits: ['EFO_0002690', 'EFO_9999999'] } } });
    const { records, status } = await runSource(gwasAdapter, request(disease, QUESTION), opts());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([
      `GET ${BASE}efoTraits/EFO_0002690/associations`,
      `GET ${BASE}efoTraits/EFO_9999999/associations`,
    ]);
    expect(status.query_terms).to.deep.equal(['EFO_0002690', 'EFO_9999999']);
    expect(records).to.have.length(3);
  });

  it('parses p-values (direct or mantissa/exponent), reported genes as targets, the self link as URL', async function () {
    const { records } = await runSource(gwasAdapter, request(testDisease(), QUESTION), opts());
    const [hla, stat4, bare] = records;
    expect(stat4).to.deep.equal({
      source: 'gwas',
      nativeId: '16490',
      recordType: 'gwas_association',
      title: 'rs7574865-T (STAT4) association with systemic lupus erythematosus (EFO_0002690), p = 2.0e-10',
      url: `${API}/associations/16490`,
      text: 'rs7574865-T associated with systemic lupus erythematosus (EFO_0002690); reported genes: STAT4; p = 2.0e-10; OR 1.2; risk allele frequency 0.35',
      published: null,
      structured: { drugs: [], targets: ['STAT4'], pathways: [] },
      attributes: { pValue: 2e-10 },
    });
    expect(hla!.structured.targets).to.deep.equal(['HLA-DRB1', 'C4A']);
    expect(hla!.attributes.pValue).to.be.closeTo(3e-42, 1e-50);
    expect(bare!.structured.targets).to.deep.equal([]);
  });

  it('a date filter keeps undated associations, and the limit keeps the strongest', async function () {
    const { records } = await runSource(gwasAdapter, request(testDisease(), QUESTION, { dateFrom: '2020-01-01', limit: 2 }), opts());
    expect(records.map((r) => r.nativeId)).to.deep.equal(['24011', '16490']);
  });

  it('an empty HAL result without _embedded is "no records matched"', async function () {
    server.setHandler(() => json({ _links: { self: { href: `${API}/efoTraits/EFO_0002690/associations` } } }));
    const { status } = await runSource(gwasAdapter, request(testDisease(), QUESTION), opts());
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
  });
});
