import { expect } from 'chai';
import { cleanSourceRuns, dedupeLabelsByIngredient } from '../../../domain/workspace/record-hygiene';
import { buildDossier } from '../../../domain/workspace/build-dossier';
import { SLE, record, request, run, sleGraph } from './workspace-fixtures';

const article = (id: string, attributes = {}) => record({ source: 'pubmed', nativeId: id, recordType: 'article', title: `Article ${id}`, attributes });
const label = (id: string, drugs: string[], published: string, activeIngredients?: string[]) =>
  record({ source: 'fda_labels', nativeId: id, recordType: 'drug_label', published, structured: { drugs, targets: [], pathways: [] }, attributes: activeIngredients ? { activeIngredients } : {} });

describe('record hygiene before normalization', function () {
  it('drops retracted articles with a warning', function () {
    const { runs, warnings } = cleanSourceRuns([run('pubmed', [article('1', { retracted: true }), article('2')])]);
    expect(runs[0]!.records.map((r) => r.nativeId)).to.deep.equal(['2']);
    expect(warnings).to.deep.equal(['pubmed: 1 dropped: retracted publication ("Article 1")']);
  });

  it('drops a preprint whose published version is among the records (DOI compared case-insensitively)', function () {
    const preprint = record({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.000001', recordType: 'preprint', attributes: { publishedDoi: '10.1000/ABC.1' } });
    const other = record({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.000002', recordType: 'preprint', attributes: { publishedDoi: '10.1000/not-here' } });
    const { runs, warnings } = cleanSourceRuns([run('pubmed', [article('7', { doi: '10.1000/abc.1' })]), run('biorxiv', [preprint, other])]);
    expect(runs[1]!.records.map((r) => r.nativeId)).to.deep.equal(['10.1101/2020.01.01.000002']);
    expect(warnings).to.deep.equal(['biorxiv: preprint 10.1101/2020.01.01.000001 dropped: its published version (doi 10.1000/ABC.1) is among the evidence']);
  });

  it('keeps one label per active-ingredient set, the most recent', function () {
    const labels = [
      label('a', ['ADALIMUMAB'], '2020-01-01'),
      label('b', ['adalimumab'], '2023-09-15'),
      label('c', ['ADALIMUMAB-ATTO'], '2022-01-01', ['ADALIMUMAB']),
      label('d', ['METHOTREXATE'], '2019-01-01'),
    ];
    expect(dedupeLabelsByIngredient(labels).kept.map((r) => r.nativeId)).to.deep.equal(['b', 'd']);
    const { warnings } = cleanSourceRuns([run('fda_labels', labels)]);
    expect(warnings).to.deep.equal([
      'fda_labels: label a dropped: a more recent label has the same active ingredients (ADALIMUMAB)',
      'fda_labels: label c dropped: a more recent label has the same active ingredients (ADALIMUMAB)',
    ]);
  });

  it('runs inside buildDossier: the dropped records are not evidence and the warnings are in the dossier', function () {
    const dossier = buildDossier({
      request: request({ sources: ['pubmed'] }), disease: SLE, graph: sleGraph(), runId: 'r', startedAt: '2026-01-01T00:00:00Z', completedAt: '2026-01-01T00:00:01Z',
      llm: { status: 'disabled', model: null, warnings: [] },
      sourceRuns: [run('pubmed', [article('1', { retracted: true }), article('2')])],
    });
    expect(dossier.evidence.map((e) => e.native_id)).to.deep.equal(['2']);
    expect(dossier.warnings).to.include('pubmed: 1 dropped: retracted publication ("Article 1")');
    expect(dossier.source_statuses[0]!.record_count).to.equal(2);
  });

  describe('a record about another disease (issue 28)', function () {
    const asthma = { id: 'asthma', name: 'asthma', synonyms: ['bronchial asthma', 'allergic asthma'] };
    const others = [
      asthma,
      { id: 'copd', name: 'chronic obstructive pulmonary disease', synonyms: ['COPD', 'chronic obstructive lung disease'] },
      { id: 'psa', name: 'psoriatic arthritis', synonyms: ['PsA'] },
      { id: 'pd', name: "Parkinson's disease", synonyms: ['PD'] },
    ];
    const titled = (id: string, title: string) => record({ source: 'pubmed', nativeId: id, recordType: 'article', title });

    it('leaves out a record whose title names another disease of the service and not the question\'s, with a warning', function () {
      // PMC4694692 was an asthma record: a COPD trial whose abstract mentions asthma among its exclusions.
      const copdTrial = titled('PMC4694692', 'Efficacy and safety of fluticasone furoate/vilanterol or tiotropium in subjects with COPD at cardiovascular risk');
      const both = titled('2', 'Tiotropium in patients with asthma and COPD overlap');
      const neither = titled('3', 'Inhaled steroid/long-acting β2 agonist combination products provide 24 hours improvement in lung function in adult asthmatic patients');
      const { runs, warnings } = cleanSourceRuns([run('pubmed', [copdTrial, both, neither])], { disease: asthma, others });
      expect(runs[0]!.records.map((r) => r.nativeId)).to.deep.equal(['2', '3']);
      expect(warnings).to.deep.equal(['pubmed: PMC4694692 dropped: its title is about chronic obstructive pulmonary disease, not the question\'s disease ("Efficacy and safety of fluticasone furoate/vilanterol or tiotropium in subjects with COPD at cardiovascular risk")']);
    });

    it('reads a two-letter abbreviation as no disease ("PD" is pharmacodynamics as often as Parkinson\'s), and keeps everything without a scope', function () {
      const pk = titled('4', 'PK/PD of inhaled budesonide in children');
      expect(cleanSourceRuns([run('pubmed', [pk])], { disease: asthma, others }).runs[0]!.records).to.have.length(1);
      const copdTrial = titled('5', 'Tiotropium in COPD');
      expect(cleanSourceRuns([run('pubmed', [copdTrial])]).runs[0]!.records).to.have.length(1);
    });

    it('reads a psoriatic arthritis trial as not about psoriasis (GO-REVEAL was golimumab\'s psoriasis record)', function () {
      const pso = { id: 'pso', name: 'psoriasis', synonyms: ['plaque psoriasis', 'PsO'] };
      const goReveal = titled('PMC5066795', 'Radiographic Progression of Patients With Psoriatic Arthritis Who Achieve Minimal Disease Activity in Response to Golimumab Therapy: Results Through 5 Years');
      expect(cleanSourceRuns([run('pubmed', [goReveal])], { disease: pso, others: [...others, pso] }).runs[0]!.records).to.deep.equal([]);
    });
  });
});

