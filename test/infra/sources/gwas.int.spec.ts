// GWAS Catalog REST API v2 against a local server answering /v2/associations?efo_id=… in its paged HAL
// shape (snake_case fields as the Catalog returns them); the offline corpus may still be a v1
// /efoTraits/{id}/associations answer (the HAL below), which parses too.
import { expect } from 'chai';
import { effectDirection, gwasAdapter, parseAssociations, parseBeta } from '../../../infra/sources/adapters/gwas';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, testDisease } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

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

/** A v2 association as the Catalog returns it (fields of GET /v2/associations). */
function v2(id: number, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    association_id: id, risk_frequency: 'NR', pvalue_description: '', multi_snp_haplotype: false, snp_interaction: false, range: '-', beta: '-',
    efo_traits: [{ efo_id: 'EFO_0002690', efo_trait: 'systemic lupus erythematosus' }], reported_trait: ['Systemic lupus erythematosus'],
    accession_id: 'GCST003156', locations: [], bg_efo_traits: [], pubmed_id: '26502338', first_author: 'Bentham J',
    ...fields,
    _links: { self: { href: `${API}/v2/associations/${id}` } },
  };
}

const PAGE0 = {
  _embedded: {
    associations: [
      v2(24011, { p_value: 3e-42, pvalue_mantissa: 3, pvalue_exponent: -42, or_value: '2.36', snp_effect_allele: ['rs1270942-G'], snp_allele: [{ rs_id: 'rs1270942', effect_allele: 'G' }], mapped_genes: ['HLA-DRB1', 'C4A'], risk_frequency: '0.12' }),
      v2(16490, { p_value: 2e-10, pvalue_mantissa: 2, pvalue_exponent: -10, or_value: '1.2', snp_effect_allele: ['rs7574865-T'], mapped_genes: ['STAT4'], risk_frequency: '0.35' }),
    ],
  },
  _links: { next: { href: `${API}/v2/associations?efo_id=EFO_0002690&direction=asc&page=1&size=50&sort=p_value` } },
  page: { size: 50, totalElements: 4, totalPages: 2, number: 0 },
};
const PAGE1 = {
  _embedded: {
    associations: [
      v2(30017, { p_value: 5e-8, pvalue_mantissa: 5, pvalue_exponent: -8, or_value: '0.78', snp_effect_allele: ['rs2476601-A'], mapped_genes: ['PTPN22'] }),
      v2(30018, { p_value: 4e-8, pvalue_mantissa: 4, pvalue_exponent: -8, beta: '0.08 unit decrease', snp_effect_allele: ['rs9999-C'], mapped_genes: ['GENE1,GENE2'] }),
    ],
  },
  _links: {},
  page: { size: 50, totalElements: 4, totalPages: 2, number: 1 },
};

const respond = (r: RecordedRequest): Reply => {
  if (r.path !== `${BASE}v2/associations`) return json({ status: 404, error: 'Not Found' }, 404);
  if (r.query.get('efo_id') !== 'EFO_0002690') return json({ _links: {}, page: { size: 50, totalElements: 0, totalPages: 0, number: 0 } });
  return json(r.query.get('page') === '1' ? PAGE1 : PAGE0);
};

sourceAdapterContract('gwas', () => ({
  adapter: gwasAdapter,
  disease: testDisease(),
  question: QUESTION,
  basePath: BASE,
  respond,
  requestsPerRun: 2,
  expectedIds: ['24011', '16490', '30018', '30017'], // strongest association first, across both pages
  corpus: JSON.stringify(HAL),
  corpusIds: ['24011', '16490', '30017'],
  malformed: json({ _embedded: { associations: { '0': {} } } }),
}));

describe('gwas adapter: EFO trait associations', function () {
  const replay = replayEachTest(() => respond, BASE);
  const opts = replay.options;

  it('pages through /v2/associations of each configured EFO trait, sorted by p-value; an unknown trait has none', async function () {
    const disease = testDisease({ search: { ...testDisease().search, gwas: { efo_traits: ['EFO_0002690', 'EFO_9999999'] } } });
    const { records, status } = await runSource(gwasAdapter, request(disease, QUESTION), opts());
    expect(replay.server.requests.map((r) => `${r.path}?${r.query.toString()}`)).to.deep.equal([
      `${BASE}v2/associations?efo_id=EFO_0002690&sort=p_value&direction=asc&size=50&page=0`,
      `${BASE}v2/associations?efo_id=EFO_0002690&sort=p_value&direction=asc&size=50&page=1`,
      `${BASE}v2/associations?efo_id=EFO_9999999&sort=p_value&direction=asc&size=50&page=0`,
    ]);
    expect(status.query_terms).to.deep.equal(['EFO_0002690', 'EFO_9999999']);
    expect(records).to.have.length(4);
  });

  it('stops paging once the limit is reached', async function () {
    await runSource(gwasAdapter, request(testDisease(), QUESTION, { limit: 2 }), opts());
    expect(replay.server.requests).to.have.length(1);
    expect(replay.server.requests[0]!.query.get('size')).to.equal('2');
  });

  it('keeps the effect allele, OR or beta and the direction: OR < 1 and a beta decrease are protective', async function () {
    const { records } = await runSource(gwasAdapter, request(testDisease(), QUESTION), opts());
    const byId = new Map(records.map((r) => [r.nativeId, r]));
    expect(byId.get('16490')).to.deep.equal({
      source: 'gwas',
      nativeId: '16490',
      recordType: 'gwas_association',
      title: 'rs7574865-T (STAT4) association with systemic lupus erythematosus (EFO_0002690), p = 2.0e-10',
      url: `${API}/v2/associations/16490`,
      text: 'rs7574865-T associated with systemic lupus erythematosus (EFO_0002690); mapped genes: STAT4; p = 2.0e-10; OR 1.2; risk allele frequency 0.35',
      published: null,
      structured: { drugs: [], targets: ['STAT4'], pathways: [] },
      attributes: { pValue: 2e-10, riskAllele: 'rs7574865-T', oddsRatio: 1.2, effectDirection: 'risk', mappedGenes: ['STAT4'] },
    });
    const ptpn22 = byId.get('30017')!;
    expect(ptpn22.attributes).to.deep.include({ oddsRatio: 0.78, effectDirection: 'protective', riskAllele: 'rs2476601-A' });
    expect(ptpn22.title).to.equal('rs2476601-A (PTPN22) protective association with systemic lupus erythematosus (EFO_0002690), p = 5.0e-8');
    expect(ptpn22.text).to.include('OR 0.78 (protective: the allele lowers risk)');
    const decrease = byId.get('30018')!;
    expect(decrease.attributes).to.deep.include({ beta: -0.08, betaUnit: 'unit', effectDirection: 'protective', mappedGenes: ['GENE1', 'GENE2'] });
    expect(byId.get('24011')!.structured.targets).to.deep.equal(['HLA-DRB1', 'C4A']);
  });

  it('a v1 answer (the offline corpus format) still parses, with its direction', function () {
    const records = parseAssociations(HAL, 'EFO_0002690', 'systemic lupus erythematosus');
    expect(records.map((r) => [r.nativeId, r.structured.targets, r.attributes.effectDirection])).to.deep.equal([
      ['16490', ['STAT4'], 'risk'],
      ['24011', ['HLA-DRB1', 'C4A'], 'unknown'],
      ['30017', [], 'unknown'],
    ]);
    expect(records[0]!.text).to.equal('rs7574865-T associated with systemic lupus erythematosus (EFO_0002690); reported genes: STAT4; p = 2.0e-10; OR 1.2; risk allele frequency 0.35');
  });

  it('a date filter keeps undated associations, and the limit keeps the strongest', async function () {
    const { records } = await runSource(gwasAdapter, request(testDisease(), QUESTION, { dateFrom: '2020-01-01', limit: 2 }), opts());
    expect(records.map((r) => r.nativeId)).to.deep.equal(['24011', '16490']);
  });

  it('an empty HAL result without _embedded is "no records matched"', async function () {
    replay.server.setHandler(() => json({ _links: { self: { href: `${API}/v2/associations?efo_id=EFO_0002690` } }, page: { size: 50, totalElements: 0, totalPages: 0, number: 0 } }));
    const { status } = await runSource(gwasAdapter, request(testDisease(), QUESTION), opts());
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
  });
});

describe('gwas effect direction rules', function () {
  it('OR above 1 is risk, below 1 protective, 1 or none unknown; a beta decrease is negative and protective', function () {
    expect([effectDirection({ oddsRatio: 1.63 }), effectDirection({ oddsRatio: 0.61 }), effectDirection({ oddsRatio: 1 }), effectDirection({})]).to.deep.equal(['risk', 'protective', 'unknown', 'unknown']);
    expect(parseBeta('0.17416422 mmHg decrease')).to.deep.equal({ beta: -0.17416422, betaUnit: 'mmHg' });
    expect(parseBeta('2.5 unit increase')).to.deep.equal({ beta: 2.5, betaUnit: 'unit' });
    expect(parseBeta('-')).to.deep.equal({});
    expect(effectDirection({ beta: -0.17 })).to.equal('protective');
  });
});
