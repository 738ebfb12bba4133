// One claim per posted outcome on a real ClinicalTrials.gov v2 record (../shared/data/responses/clinicaltrials),
// read by the adapter's own parser. Expected values were read by hand from NCT02552212.json
// (resultsSection.outcomeMeasuresModule): 11 PRIMARY measures, of which 2 carry an analysis (ASDAS-MI: OR 15.231,
// 95% CI 7.336–31.623, p <0.001; ASAS40 at week 12: OR 7.436, 4.127–13.401, p <0.001), 9 plasma concentrations
// without one; 21 SECONDARY measures, of which 10 carry an analysis, all significant except anterior uveitis
// (OR 0.484, 0.142–1.653, p =0.247). Every analysis compares OG000 "Placebo (FAS)" with OG001 "CZP 200 mg Q2W (FAS)".
import fs from 'node:fs';
import { expect } from 'chai';
import { parseStudyDocument } from '../../../infra/sources/adapters/clinical_trials';
import { diseaseEntity, extractClaims } from '../../../domain/workspace/claims';
import { normalizeEvidence } from '../../../domain/workspace/normalize';
import { drugEvidence } from '../../../domain/workspace/candidate-evidence';
import { requireSharedData, shared } from '../../biomed/support/biomed-env';
import { run, SLE, sleGraph } from './workspace-fixtures';

const FILE = 'responses/clinicaltrials/NCT02552212.json';

describe('one claim per posted outcome on a real ClinicalTrials.gov record (NCT02552212, schema 1.6)', function () {
  before(function () {
    requireSharedData(this, FILE);
  });

  function claims() {
    const [parsed] = parseStudyDocument(JSON.parse(fs.readFileSync(shared(FILE), 'utf8')));
    // The disease module is a fixture; the drug is the trial's own (a test of the reading, not of the linking).
    const record = { ...parsed!, structured: { ...parsed!.structured, drugs: ['Belimumab'] } };
    const graph = sleGraph();
    const evidence = normalizeEvidence([run('clinical_trials', [record])], { dateFrom: null, dateTo: null, maxEvidence: 50, citation: { efoId: SLE.efo_id } }, graph).evidence;
    return { evidence, claims: extractClaims(evidence, { disease: diseaseEntity(SLE), graph }) };
  }

  it('the first primary analysis decides the claim the ranking counts; the other primary and ten secondary outcomes are claims of their own', function () {
    const { claims: all } = claims();
    // Before: one claim for the drug (the record's verdict), no outcome named.
    const deciding = all.filter((c) => c.outcome_reading === 'deciding');
    expect(deciding).to.have.length(1);
    expect(deciding[0]!.relationship).to.equal('supports');
    const [primary] = deciding[0]!.outcomes!;
    expect(primary!.rank).to.equal('primary');
    expect(primary!.outcome!.startsWith('Percentage of Subjects With Ankylosing Spondylitis Disease Activity Score Major Improvement')).to.equal(true);
    expect(primary!.statistics).to.deep.equal(['Odds Ratio (OR) 15.231', '95% CI 7.336 to 31.623', 'p <0.001']);
    expect(primary!.arms).to.deep.equal(['Placebo (FAS)', 'CZP 200 mg Q2W (FAS)']);
    expect(primary!.direction).to.equal('increased'); // OR 15.2 > 1

    const others = all.filter((c) => c.outcome_reading === 'other_outcome');
    expect(others.map((c) => c.outcomes![0]!.rank)).to.deep.equal(['primary', ...Array(10).fill('secondary')]);
    expect(new Set(all.map((c) => c.claim_id)).size).to.equal(12);
    // ASAS40, the second primary: OR 7.436 (4.127–13.401), p <0.001, higher response is better.
    expect(others[0]!.outcomes![0]).to.deep.include({ direction: 'increased', favourability: 'favourable' });
    expect(others[0]!.outcomes![0]!.statistics).to.deep.equal(['Odds Ratio (OR) 7.436', '95% CI 4.127 to 13.401', 'p <0.001']);
  });

  it('reads each secondary outcome by its own analysis: a null uveitis result contradicts, a lower ASQoL score is favourable', function () {
    const others = claims().claims.filter((c) => c.outcome_reading === 'other_outcome');
    const byTitle = (start: string) => others.find((c) => c.outcomes![0]!.outcome!.startsWith(start))!;
    const uveitis = byTitle('Number of Subjects With Anterior Uveitis');
    expect(uveitis.relationship).to.equal('contradicts');
    expect(uveitis.outcomes![0]).to.deep.include({ direction: 'no_difference', favourability: 'null' });
    expect(uveitis.outcomes![0]!.statistics).to.deep.equal(['Odds Ratio (OR) 0.484', '95% CI 0.142 to 1.653', 'p =0.247']);
    expect(uveitis.qualifier).to.equal(undefined);
    // ASQoL: difference −0.183 (−0.250 to −0.117), p <0.001; ASQoL scores 0–18, higher = poorer quality of life
    // (Doward 2003), so a decrease is favourable. Before: "quality of life" read it as significantly worse.
    const asqol = byTitle('Change From Baseline in Ankylosing Spondylitis Quality of Life (ASQoL) at Week 52');
    expect(asqol.relationship).to.equal('supports');
    expect(asqol.outcomes![0]).to.deep.include({ direction: 'decreased', favourability: 'favourable' });
    expect(asqol.statement).to.contain('another outcome (secondary)');
  });

  it('the ranking counts the record once, by its deciding claim: the null uveitis outcome does not pull it down', function () {
    const { evidence, claims: all } = claims();
    const read = drugEvidence('drug:belimumab', all, new Map(evidence.map((ne) => [ne.item.evidence_id, ne])));
    expect(read.counted).to.have.length(1);
    expect(read.counted[0]!.pull).to.equal('favourable');
    expect(read.supportingClaims.map((c) => c.outcome_reading)).to.deep.equal(['deciding']);
    expect(read.contradictingClaims).to.deep.equal([]);
  });
});
