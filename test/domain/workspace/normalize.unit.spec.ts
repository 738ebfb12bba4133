import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { evidenceId, isoDate, makeSnippet, normalizeEvidence, type NormalizeOptions } from '../../../domain/workspace/normalize';
import { assessQuality, QUALITY_RULES, trialPhaseNumber } from '../../../domain/workspace/quality';
import { canonicalUrl, citationFor, normalizeDoi } from '../../../domain/workspace/citations';
import { record, run, sleGraph } from './workspace-fixtures';

const options = (overrides: Partial<NormalizeOptions> = {}): NormalizeOptions => ({
  dateFrom: null, dateTo: null, maxEvidence: 50, citation: { efoId: 'EFO_0002690' }, ...overrides,
});

describe('Evidence quality rules', function () {
  const q = (r: Parameters<typeof record>[0]) => assessQuality(record(r));

  it('rates meta-analyses, RCTs, completed phase 3–4 trials, genome-wide GWAS hits and matching labels high', function () {
    expect(q({ source: 'pubmed', nativeId: '1', recordType: 'article', attributes: { publicationTypes: ['Meta-Analysis'] } })).to.include({ tier: 'high', rule: 'article-meta-analysis' });
    expect(q({ source: 'pubmed', nativeId: '1', recordType: 'article', attributes: { publicationTypes: ['Randomized Controlled Trial'] } })).to.include({ tier: 'high', rule: 'article-rct' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE4', status: 'COMPLETED', hasResults: true } })).to.include({ tier: 'high', rule: 'trial-phase3-results' });
    // Completed without posted results: nothing is known of its outcome yet.
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE4', status: 'COMPLETED', hasResults: false } })).to.include({ tier: 'moderate', rule: 'trial-phase3-no-results' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE2/PHASE3', status: 'COMPLETED', hasResults: true } })).to.include({ tier: 'high' });
    expect(q({ source: 'gwas', nativeId: 'g', recordType: 'gwas_association', attributes: { pValue: 4.9e-8 } })).to.include({ tier: 'high', rule: 'gwas-genome-wide' });
    expect(q({ source: 'fda_labels', nativeId: 'l', recordType: 'drug_label', attributes: { indicationMatch: true } })).to.include({ tier: 'high', rule: 'label-indication' });
  });

  it('rates cohorts, phase 2, ongoing phase 3, OT ≥ 0.5 and pChEMBL ≥ 7 moderate', function () {
    expect(q({ source: 'pubmed', nativeId: '1', recordType: 'article', attributes: { publicationTypes: ['Observational Study'] } })).to.include({ tier: 'moderate', rule: 'article-cohort' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE2', status: 'COMPLETED' } })).to.include({ tier: 'moderate', rule: 'trial-phase2' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE3', status: 'RECRUITING' } })).to.include({ tier: 'moderate', rule: 'trial-phase3-no-results' });
    expect(q({ source: 'opentargets', nativeId: 'o', recordType: 'target_association', attributes: { associationScore: 0.5 } })).to.include({ tier: 'moderate', rule: 'ot-strong' });
    expect(q({ source: 'chembl', nativeId: 'c', recordType: 'bioactivity', attributes: { pchembl: 7 } })).to.include({ tier: 'moderate', rule: 'chembl-mechanism' });
    // An antibody's curated mechanism has no pChEMBL and is graded the same.
    expect(q({ source: 'chembl', nativeId: 'c', recordType: 'bioactivity', attributes: {} })).to.include({ tier: 'moderate', score: 0.7, rule: 'chembl-mechanism' });
    expect(q({ source: 'gwas', nativeId: 'g', recordType: 'gwas_association', attributes: { pValue: 5e-8 } })).to.include({ tier: 'moderate', rule: 'gwas-suggestive' });
  });

  it('rates preprints, case reports, withdrawn and terminated trials low', function () {
    expect(q({ source: 'biorxiv', nativeId: '10.1101/x', recordType: 'preprint' })).to.include({ tier: 'low', rule: 'preprint' });
    expect(q({ source: 'pubmed', nativeId: '1', recordType: 'article', attributes: { publicationTypes: ['Case Reports'] } })).to.include({ tier: 'low', rule: 'article-case-report' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE3', status: 'WITHDRAWN' } })).to.include({ tier: 'low', rule: 'trial-withdrawn' });
    expect(q({ source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', attributes: { phase: 'PHASE3', status: 'TERMINATED' } })).to.include({ tier: 'low', rule: 'trial-terminated' });
    expect(q({ source: 'pubmed', nativeId: '1', recordType: 'article', attributes: { publicationTypes: ['Randomized Controlled Trial', 'Retracted Publication'] } })).to.include({ tier: 'low', rule: 'publication-retracted' });
    expect(q({ source: 'opentargets', nativeId: 'o', recordType: 'target_association', attributes: { associationScore: 0.49 } })).to.include({ tier: 'low' });
    expect(q({ source: 'gtex', nativeId: 'x', recordType: 'expression', attributes: { medianTpm: 2 } })).to.include({ tier: 'low', rule: 'gtex-low' });
  });

  it('names the rule that fired in the rationale and keeps scores within their tiers', function () {
    const a = q({ source: 'gwas', nativeId: 'g', recordType: 'gwas_association', attributes: { pValue: 1e-9 } });
    expect(a.rationale).to.contain('gwas-genome-wide').and.contain('p < 5e-8');
    for (const r of QUALITY_RULES) {
      expect(r.score).to.be.within(0, 1);
      if (r.tier === 'high') expect(r.score).to.be.at.least(0.75);
      if (r.tier === 'low') expect(r.score).to.be.below(0.45);
    }
  });

  it('reads trial phases', function () {
    expect(trialPhaseNumber('PHASE3')).to.equal(3);
    expect(trialPhaseNumber('PHASE2/PHASE3')).to.equal(3);
    expect(trialPhaseNumber('Phase 2')).to.equal(2);
    expect(trialPhaseNumber('EARLY_PHASE1')).to.equal(0.5);
    expect(trialPhaseNumber('NA')).to.equal(null);
    expect(trialPhaseNumber(undefined)).to.equal(null);
  });
});

describe('Evidence normalization', function () {
  const graph = sleGraph();

  it('derives the evidence id from SHA-256 of "<source>:<nativeId>"', function () {
    const expected = 'ev_' + createHash('sha256').update('pubmed:123').digest('hex').slice(0, 16);
    expect(evidenceId('pubmed', '123')).to.equal(expected);
    expect(evidenceId('pubmed', '123')).to.match(/^ev_[0-9a-f]{16}$/);
    expect(evidenceId('biorxiv', '123')).to.not.equal(expected);
  });

  it('collapses whitespace and cuts snippets at a word, within 300 characters', function () {
    expect(makeSnippet('  a \n\n b\tc  ')).to.equal('a b c');
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const snippet = makeSnippet(long);
    expect(snippet.length).to.be.at.most(300);
    expect(snippet.endsWith('…')).to.equal(true);
    expect(long.startsWith(snippet.slice(0, -1))).to.equal(true);
    expect(long.charAt(snippet.length - 1)).to.equal(' ');
    expect(makeSnippet('x'.repeat(400))).to.have.length(300);
  });

  it('builds canonical URLs and citations', function () {
    expect(canonicalUrl(record({ source: 'pubmed', nativeId: '123', recordType: 'article', url: 'http://www.ncbi.nlm.nih.gov/pubmed/123' }))).to.equal('https://pubmed.ncbi.nlm.nih.gov/123/');
    expect(canonicalUrl(record({ source: 'clinical_trials', nativeId: 'nct01234567', recordType: 'clinical_trial' }))).to.equal('https://clinicaltrials.gov/study/NCT01234567');
    expect(canonicalUrl(record({ source: 'gwas', nativeId: 'x', recordType: 'gwas_association', url: 'https://www.ebi.ac.uk/gwas/a#frag' }))).to.equal('https://www.ebi.ac.uk/gwas/a');
    expect(canonicalUrl(record({ source: 'gwas', nativeId: 'x', recordType: 'gwas_association', url: 'javascript:alert(1)' }))).to.equal('');
    expect(canonicalUrl(record({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.123456', recordType: 'preprint' }))).to.equal('https://doi.org/10.1101/2020.01.01.123456');
    const ctx = { efoId: 'EFO_0002690' };
    expect(citationFor(record({ source: 'pubmed', nativeId: '123', recordType: 'article' }), ctx)).to.equal('PMID:123');
    // a PMC article of the local mirror known only by its PMCID was cited as "PMID:PMC2871176"
    expect(citationFor(record({ source: 'pubmed', nativeId: 'PMC2871176', recordType: 'article', url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC2871176/' }), ctx)).to.equal('PMCID:PMC2871176');
    expect(canonicalUrl(record({ source: 'pubmed', nativeId: 'PMC2871176', recordType: 'article', url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC2871176/' }))).to.equal('https://pmc.ncbi.nlm.nih.gov/articles/PMC2871176/');
    expect(citationFor(record({ source: 'clinical_trials', nativeId: 'NCT01234567', recordType: 'clinical_trial' }), ctx)).to.equal('NCT01234567');
    expect(citationFor(record({ source: 'gwas', nativeId: 'GCST1', recordType: 'gwas_association' }), ctx)).to.equal('GWAS:GCST1');
    expect(citationFor(record({ source: 'fda_labels', nativeId: 'set-1', recordType: 'drug_label' }), ctx)).to.equal('openFDA:set-1');
    expect(citationFor(record({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.1', recordType: 'preprint' }), ctx)).to.equal('doi:10.1101/2020.01.01.1');
    expect(citationFor(record({ source: 'chembl', nativeId: 'CHEMBL1', recordType: 'bioactivity' }), ctx)).to.equal('ChEMBL:CHEMBL1');
    expect(citationFor(record({ source: 'opentargets', nativeId: 'x', recordType: 'target_association', structured: { drugs: [], targets: ['TLR7'], pathways: [] } }), ctx)).to.equal('OpenTargets:EFO_0002690/TLR7');
    expect(citationFor(record({ source: 'gtex', nativeId: 'x', recordType: 'expression', structured: { drugs: [], targets: ['TLR7'], pathways: [] }, attributes: { tissue: 'Whole Blood' } }), ctx)).to.equal('GTEx:TLR7/Whole Blood');
    expect(normalizeDoi('https://www.biorxiv.org/content/10.1101/2020.01.01.123456v2.full')).to.equal('10.1101/2020.01.01.123456');
  });

  it('fills every field of an evidence item', function () {
    const { evidence } = normalizeEvidence([run('pubmed', [record({
      source: 'pubmed', nativeId: '555', recordType: 'article', published: '2020-02-03T00:00:00Z', title: ' Belimumab  and  BAFF ',
      text: 'Belimumab blocks BAFF.', attributes: { publicationTypes: ['Review'] },
    })])], options(), graph);
    expect(evidence).to.have.length(1);
    const item = evidence[0]!.item;
    expect(item).to.deep.include({
      source: 'pubmed', native_id: '555', also_found_in: [], url: 'https://pubmed.ncbi.nlm.nih.gov/555/', title: 'Belimumab and BAFF',
      snippet: 'Belimumab blocks BAFF.', published: '2020-02-03', evidence_type: 'article', quality_tier: 'moderate', quality_score: 0.55,
      query_context: ['pubmed systemic lupus erythematosus'], retrieval_mode: 'offline', retrieved_at: '2026-01-05T10:00:00Z',
    });
    expect(item.quality_rationale).to.contain('article-review');
    expect(item.entities).to.deep.equal({ drugs: ['drug:belimumab'], targets: ['target:TNFSF13B'] });
  });

  it('resolves structured names through the graph and keeps unknown names under a namespaced id', function () {
    const { evidence } = normalizeEvidence([run('clinical_trials', [record({
      source: 'clinical_trials', nativeId: 'NCT00000009', recordType: 'clinical_trial',
      title: 'Study mentioning Belimumab in the title only', structured: { drugs: ['Plaquenil', 'Tabalumab (LY2127399)', ' '], targets: [], pathways: [] },
    })])], options(), graph);
    // Trials take entities from structured fields only, never from their text.
    expect(evidence[0]!.item.entities.drugs).to.deep.equal(['drug:hydroxychloroquine', 'drug:tabalumab_ly2127399']);
    expect(evidence[0]!.drugs.map((d) => d.label)).to.deep.equal(['Hydroxychloroquine', 'Tabalumab (LY2127399)']);
  });

  it('applies the date filter inclusively and keeps undated records', function () {
    const records = ['2019-12-31', '2020-01-01', '2020-06-30', '2020-07-01', null].map((published, i) => record({
      source: 'pubmed', nativeId: String(100 + i), recordType: 'article', published,
    }));
    const { evidence, stats } = normalizeEvidence([run('pubmed', records)], options({ dateFrom: '2020-01-01', dateTo: '2020-06-30' }), graph);
    expect(evidence.map((e) => e.item.published)).to.deep.equal(['2020-06-30', '2020-01-01', null]);
    expect(stats).to.include({ excludedByDate: 2, undatedKept: 1 });
  });

  it('orders by quality, then date, then id, and applies max_evidence', function () {
    const records = [
      record({ source: 'pubmed', nativeId: '1', recordType: 'article', published: '2010-01-01', attributes: { publicationTypes: ['Case Reports'] } }),
      record({ source: 'pubmed', nativeId: '2', recordType: 'article', published: '2011-01-01', attributes: { publicationTypes: ['Meta-Analysis'] } }),
      record({ source: 'pubmed', nativeId: '3', recordType: 'article', published: '2015-01-01', attributes: { publicationTypes: ['Meta-Analysis'] } }),
      record({ source: 'pubmed', nativeId: '4', recordType: 'article', published: null, attributes: { publicationTypes: ['Meta-Analysis'] } }),
      record({ source: 'pubmed', nativeId: '5', recordType: 'article', published: '2015-01-01', attributes: { publicationTypes: ['Meta-Analysis'] } }),
    ];
    const all = normalizeEvidence([run('pubmed', records)], options(), graph).evidence.map((e) => e.item.native_id);
    const [id3, id5] = [evidenceId('pubmed', '3'), evidenceId('pubmed', '5')];
    const tie = id3 < id5 ? ['3', '5'] : ['5', '3'];
    expect(all).to.deep.equal([...tie, '2', '4', '1']);
    const { evidence, stats } = normalizeEvidence([run('pubmed', [...records].reverse())], options({ maxEvidence: 2 }), graph);
    expect(evidence.map((e) => e.item.native_id)).to.deep.equal(tie);
    expect(stats.truncated).to.equal(3);
  });

  it('merges the same trial found through two sources and records where else it was found', function () {
    const trial = record({ source: 'clinical_trials', nativeId: 'NCT00000001', recordType: 'clinical_trial', attributes: { phase: 'PHASE3', status: 'COMPLETED' }, structured: { drugs: ['Belimumab'], targets: [], pathways: [] } });
    const ot = record({ source: 'opentargets', nativeId: 'NCT00000001', recordType: 'target_association', url: 'https://platform.opentargets.org/x', structured: { drugs: [], targets: ['BAFF'], pathways: [] }, attributes: { associationScore: 0.6 } });
    const { evidence, stats } = normalizeEvidence([run('opentargets', [ot]), run('clinical_trials', [trial])], options(), graph);
    expect(evidence).to.have.length(1);
    const kept = evidence[0]!;
    expect(kept.item.source).to.equal('clinical_trials');
    expect(kept.item.also_found_in).to.deep.equal([{ source: 'opentargets', native_id: 'NCT00000001', url: 'https://platform.opentargets.org/x' }]);
    expect(kept.citations).to.deep.equal(['NCT00000001', 'OpenTargets:EFO_0002690/BAFF']);
    expect(kept.item.entities).to.deep.equal({ drugs: ['drug:belimumab'], targets: ['target:TNFSF13B'] });
    expect(kept.item.query_context).to.deep.equal(['clinical_trials systemic lupus erythematosus', 'opentargets systemic lupus erythematosus']);
    expect(stats.duplicatesMerged).to.equal(1);
  });

  it('merges by DOI (preprint versions) and by PMID, and collapses exact repeats', function () {
    const preprint = record({ source: 'biorxiv', nativeId: '10.1101/2020.01.01.123456', recordType: 'preprint', published: '2020-01-01' });
    const viaUrl = record({ source: 'pubmed', nativeId: '999', recordType: 'article', url: 'https://www.biorxiv.org/content/10.1101/2020.01.01.123456v2', attributes: { publicationTypes: ['Journal Article'] } });
    const otLiterature = record({ source: 'opentargets', nativeId: 'PMID:999', recordType: 'target_association' });
    const repeat = record({ source: 'pubmed', nativeId: '999', recordType: 'article', attributes: { publicationTypes: ['Journal Article'] } });
    const { evidence, stats } = normalizeEvidence([run('biorxiv', [preprint]), run('pubmed', [viaUrl, repeat]), run('opentargets', [otLiterature])], options(), graph);
    expect(evidence).to.have.length(1);
    expect(evidence[0]!.item.source).to.equal('pubmed');
    expect(evidence[0]!.item.also_found_in.map((a) => a.source)).to.deep.equal(['biorxiv', 'opentargets']);
    expect(stats.duplicatesMerged).to.equal(3);
  });

  it('does not merge an article that merely cites a trial in its text', function () {
    const trial = record({ source: 'clinical_trials', nativeId: 'NCT00000001', recordType: 'clinical_trial' });
    const article = record({ source: 'pubmed', nativeId: '77', recordType: 'article', text: 'Results of NCT00000001 are reported.' });
    expect(normalizeEvidence([run('clinical_trials', [trial]), run('pubmed', [article])], options(), graph).evidence).to.have.length(2);
  });

  it('reads ISO dates only', function () {
    expect(isoDate('2020-01-02')).to.equal('2020-01-02');
    expect(isoDate('2020-01-02T03:04:05Z')).to.equal('2020-01-02');
    expect(isoDate('2020')).to.equal(null);
    expect(isoDate(null)).to.equal(null);
  });
});
