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
});
