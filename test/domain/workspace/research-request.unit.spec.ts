import { expect } from 'chai';
import { RequestValidationError, type ValidationDetail } from '../../../domain/shared/schema-validation';
import { parseResearchRequest, researchRequestBodySchema, researchRequestSchema } from '../../../domain/workspace/research-request';
import { validate } from '../../../domain/shared/schema-validation';

function detailsOf(body: unknown): ValidationDetail[] {
  try {
    parseResearchRequest(body);
  } catch (error) {
    expect(error).to.be.instanceOf(RequestValidationError);
    return (error as RequestValidationError).details;
  }
  expect.fail('expected a RequestValidationError');
}

function expectRejected(body: unknown, field: string, type?: string): ValidationDetail[] {
  const details = detailsOf(body);
  const hit = details.find((d) => d.loc[0] === 'body' && d.loc[1] === field && (!type || d.type === type));
  expect(hit, `a detail at body.${field}${type ? ` (${type})` : ''} in ${JSON.stringify(details)}`).to.not.equal(undefined);
  expect(hit!.msg).to.be.a('string').and.not.equal('');
  return details;
}

describe('ResearchRequest parsing (spec §2.1, §8)', function () {
  it('applies every default to a minimal body', function () {
    expect(parseResearchRequest({ question: 'Is belimumab useful?' })).to.deep.equal({
      disease_id: 'sle',
      question: 'Is belimumab useful?',
      sources: ['pubmed', 'clinical_trials'],
      date_from: null,
      date_to: null,
      candidate_type: 'both',
      max_evidence: 50,
      enable_llm: true,
    });
  });

  it('keeps explicit values', function () {
    const parsed = parseResearchRequest({
      disease_id: 'ra', question: 'JAK inhibitors?', sources: ['gwas', 'chembl'], date_from: '2015-01-01', date_to: '2020-12-31',
      candidate_type: 'targets', max_evidence: 200, enable_llm: false,
    });
    expect(parsed).to.deep.equal({
      disease_id: 'ra', question: 'JAK inhibitors?', sources: ['gwas', 'chembl'], date_from: '2015-01-01', date_to: '2020-12-31',
      candidate_type: 'targets', max_evidence: 200, enable_llm: false,
    });
  });

  it('does not share the default sources array between requests', function () {
    const a = parseResearchRequest({ question: 'first?' });
    a.sources.push('gwas');
    expect(parseResearchRequest({ question: 'second?' }).sources).to.deep.equal(['pubmed', 'clinical_trials']);
  });

  it('trims the question before checking its length', function () {
    expect(parseResearchRequest({ question: '   ab   ' }).question).to.equal('ab');
    expectRejected({ question: '  a  ' }, 'question', 'minLength');
    expectRejected({ question: '     ' }, 'question', 'minLength');
    const padded = `   ${'x'.repeat(500)}   `;
    expect(parseResearchRequest({ question: padded }).question).to.have.length(500);
    expectRejected({ question: 'x'.repeat(501) }, 'question', 'maxLength');
  });

  it('requires the question and a string question', function () {
    expectRejected({}, 'question', 'required');
    expectRejected({ question: 42 }, 'question', 'type');
  });

  it('accepts sources as a comma-separated string, trimmed, lower-cased, without empties', function () {
    expect(parseResearchRequest({ question: 'q?', sources: ' PubMed , gwas,,chembl , ' }).sources).to.deep.equal(['pubmed', 'gwas', 'chembl']);
    expect(parseResearchRequest({ question: 'q?', sources: ['Clinical_Trials', ' GTEX '] }).sources).to.deep.equal(['clinical_trials', 'gtex']);
  });

  it('rejects an unknown source name, empty sources and repeated sources', function () {
    const details = expectRejected({ question: 'q?', sources: ['pubmed', 'scopus'] }, 'sources', 'enum');
    expect(details[0]!.loc).to.deep.equal(['body', 'sources', 1]);
    expectRejected({ question: 'q?', sources: 'pubmed,scopus' }, 'sources', 'enum');
    expectRejected({ question: 'q?', sources: [] }, 'sources', 'minItems');
    expectRejected({ question: 'q?', sources: '' }, 'sources', 'minItems');
    expectRejected({ question: 'q?', sources: ' , ,' }, 'sources', 'minItems');
    expectRejected({ question: 'q?', sources: 'gwas, GWAS' }, 'sources', 'uniqueItems');
    expectRejected({ question: 'q?', sources: 7 }, 'sources', 'type');
  });

  it('rejects max_evidence 0, 201, non-integers and strings', function () {
    expectRejected({ question: 'q?', max_evidence: 0 }, 'max_evidence', 'minimum');
    expectRejected({ question: 'q?', max_evidence: 201 }, 'max_evidence', 'maximum');
    expectRejected({ question: 'q?', max_evidence: 2.5 }, 'max_evidence', 'type');
    expectRejected({ question: 'q?', max_evidence: '50' }, 'max_evidence', 'type');
    expect(parseResearchRequest({ question: 'q?', max_evidence: 1 }).max_evidence).to.equal(1);
    expect(parseResearchRequest({ question: 'q?', max_evidence: 200 }).max_evidence).to.equal(200);
  });

  it('rejects a bad candidate_type', function () {
    expectRejected({ question: 'q?', candidate_type: 'genes' }, 'candidate_type', 'enum');
  });

  it('rejects malformed and impossible dates, and accepts null', function () {
    expectRejected({ question: 'q?', date_from: '2020-13-01' }, 'date_from', 'format');
    expectRejected({ question: 'q?', date_from: '2021-02-29' }, 'date_from', 'format');
    expectRejected({ question: 'q?', date_to: '01/02/2020' }, 'date_to', 'format');
    expectRejected({ question: 'q?', date_to: 20200101 }, 'date_to', 'type');
    expect(parseResearchRequest({ question: 'q?', date_from: null, date_to: '2020-02-29' })).to.include({ date_from: null, date_to: '2020-02-29' });
  });

  it('rejects date_from after date_to at body.date_to, and accepts equal dates', function () {
    const details = expectRejected({ question: 'q?', date_from: '2021-01-02', date_to: '2021-01-01' }, 'date_to', 'date_order');
    expect(details.find((d) => d.type === 'date_order')!.loc).to.deep.equal(['body', 'date_to']);
    expect(parseResearchRequest({ question: 'q?', date_from: '2021-01-01', date_to: '2021-01-01' }).date_to).to.equal('2021-01-01');
  });

  it('rejects an unknown field, a bad disease id and a non-boolean enable_llm', function () {
    expectRejected({ question: 'q?', patient_name: 'x' }, 'patient_name', 'additionalProperties');
    expectRejected({ question: 'q?', disease_id: 'SLE!' }, 'disease_id', 'pattern');
    expectRejected({ question: 'q?', enable_llm: 'yes' }, 'enable_llm', 'type');
  });

  it('reports every violation at once', function () {
    const details = detailsOf({ question: 'a', sources: [], max_evidence: 0, candidate_type: 'x', extra: 1, date_from: 'nope' });
    const fields = new Set(details.map((d) => d.loc[1]));
    for (const field of ['question', 'sources', 'max_evidence', 'candidate_type', 'extra', 'date_from']) expect(fields, field).to.include(field);
  });

  it('rejects a body that is not an object', function () {
    for (const body of [null, [], 'text', 3]) {
      const details = detailsOf(body);
      expect(details[0]!.loc).to.deep.equal(['body']);
    }
  });

  it('does not modify the caller’s body', function () {
    const body = { question: '  q?  ', sources: 'pubmed' };
    parseResearchRequest(body);
    expect(body).to.deep.equal({ question: '  q?  ', sources: 'pubmed' });
  });

  it('has a wire schema that admits what the parser normalizes', function () {
    expect(validate(researchRequestBodySchema, { question: '  q?  ', sources: 'PubMed, gwas' }, 'body')).to.deep.equal([]);
    expect(validate(researchRequestBodySchema, { question: 'q?', unknown: 1 }, 'body')).to.have.length(1);
    expect(researchRequestSchema.additionalProperties).to.equal(false);
  });
});
