import { expect } from 'chai';
import { europePmcPreprintQuery, pubmedTerm, trialQuery } from '../../../../domain/workspace/question/provider-queries';

describe('provider queries: the disease required, the question\'s entities one optional OR group', function () {
  it('PubMed: (disease tiab OR MeSH) AND (entities), phrases quoted, single tokens as written', function () {
    expect(pubmedTerm(['rheumatoid arthritis'], ['Arthritis, Rheumatoid'], ['JAK1', 'Janus kinase 1', 'TNF-alpha']))
      .to.equal('("rheumatoid arthritis"[tiab] OR "Arthritis, Rheumatoid"[mh]) AND (JAK1 OR "Janus kinase 1" OR TNF-alpha)');
  });
  it('PubMed: the disease alone when the question named no entity (never AND (promising))', function () {
    expect(pubmedTerm(['rheumatoid arthritis'], [], [])).to.equal('("rheumatoid arthritis"[tiab])');
  });
  it('PubMed: quotes cannot break out of a phrase', function () {
    expect(pubmedTerm(['a"b'], [], ['x "y'])).to.equal('("ab"[tiab]) AND ("x y")');
  });
  it('ClinicalTrials.gov: the condition in query.cond; drugs in query.intr, else other entities in query.term', function () {
    expect(trialQuery(['Rheumatoid Arthritis', 'RA'], ['tofacitinib', 'baricitinib'], ['tofacitinib', 'baricitinib', 'JAK1']))
      .to.deep.equal({ 'query.cond': '"Rheumatoid Arthritis" OR RA', 'query.intr': 'tofacitinib OR baricitinib' });
    expect(trialQuery(['Rheumatoid Arthritis'], [], ['JAK1', 'Janus kinase'])).to.deep.equal({ 'query.cond': '"Rheumatoid Arthritis"', 'query.term': 'JAK1 OR "Janus kinase"' });
    expect(trialQuery(['Rheumatoid Arthritis'], [], [])).to.deep.equal({ 'query.cond': '"Rheumatoid Arthritis"' });
  });
  it('Europe PMC: preprints (SRC:PPR) AND (disease) AND (entities), with a FIRST_PDATE range when dated', function () {
    expect(europePmcPreprintQuery(['rheumatoid arthritis'], ['JAK1', 'Janus kinase'], '2020-01-01', null))
      .to.equal('SRC:PPR AND ("rheumatoid arthritis") AND ("JAK1" OR "Janus kinase") AND FIRST_PDATE:[2020-01-01 TO 3000-12-31]');
    expect(europePmcPreprintQuery(['lupus', 'SLE'], [], null, null)).to.equal('SRC:PPR AND ("lupus" OR "SLE")');
  });
});
