// The results-aware classification of trials and the per-drug summary, case by case against the rules written
// in domain/trials/trial-outcomes.ts (each expected class worked out by hand from the rule it exercises).
import { expect } from 'chai';
import { perDrug } from '../../../domain/trials/trial-outcomes';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { classifyTrialOutcome } from '../../../domain/workspace/trial-outcome';

describe('trial outcome classification', () => {
  it('classifies each trial as the dossier does: results, stop reasons, withdrawn excluded', () => {
    const trial = (attributes: SourceRecord['attributes']): SourceRecord => ({
      source: 'clinical_trials', nativeId: 'NCT1', recordType: 'clinical_trial', title: 't', url: '', text: '', published: null,
      structured: { drugs: ['Drug A'], targets: [], pathways: [] }, attributes,
    });
    expect(classifyTrialOutcome(trial({ status: 'WITHDRAWN', outcomeMet: true })).class).to.equal('excluded');
    expect(classifyTrialOutcome(trial({ status: 'COMPLETED', outcomeMet: true })).class).to.equal('positive');
    expect(classifyTrialOutcome(trial({ status: 'COMPLETED', outcomeMet: false })).class).to.equal('negative');
    expect(classifyTrialOutcome(trial({ status: 'COMPLETED', hasResults: true, primaryAnalyses: [{ outcome: 'ACR20', pValue: '0.31' }] })).class).to.equal('null');
    expect(classifyTrialOutcome(trial({ status: 'COMPLETED' })).class).to.equal('unknown');
    expect(classifyTrialOutcome(trial({ status: 'TERMINATED', whyStopped: 'futility' })).class).to.equal('negative');
    expect(classifyTrialOutcome(trial({ status: 'TERMINATED', whyStopped: 'Unacceptable toxicity in cohort 2' })).class).to.equal('harm');
    expect(classifyTrialOutcome(trial({ status: 'TERMINATED', whyStopped: 'Sponsor decision, not related to safety' })).class).to.equal('unknown');
    expect(classifyTrialOutcome(trial({ status: 'TERMINATED', whyStopped: 'slow accrual' })).class).to.equal('unknown');
  });

  it('keeps the highest phase per drug and counts its outcomes, case-insensitively', () => {
    const rows = perDrug([
      { id: 'T1', phase: 'PHASE2', outcome: 'negative', drugs: ['Drug A'] },
      { id: 'T2', phase: 'PHASE3', outcome: 'positive', drugs: ['drug a', 'Drug B'] },
      { id: 'T3', phase: null, outcome: 'unknown', drugs: ['Drug C'] },
    ]);
    expect(rows.map((r) => [r.name, r.highest_phase, r.trials])).to.deep.equal([['Drug A', 'PHASE3', 2], ['Drug B', 'PHASE3', 1], ['Drug C', null, 1]]);
    expect(rows[0]!.outcomes).to.deep.equal({ positive: 1, null: 0, negative: 1, harm: 0, unknown: 0 });
    expect(rows[0]!.trial_ids).to.deep.equal(['T1', 'T2']);
  });
});

describe('trial outcome: posted analyses read for benefit or harm (issue 27)', () => {
  const trial = (primaryAnalyses: NonNullable<SourceRecord['attributes']['primaryAnalyses']>): SourceRecord => ({
    source: 'clinical_trials', nativeId: 'NCT2', recordType: 'clinical_trial', title: 't', url: '', text: '', published: null,
    structured: { drugs: ['Drug A'], targets: [], pathways: [] }, attributes: { status: 'COMPLETED', hasResults: true, primaryAnalyses },
  });

  it('a significantly worse posted primary result is negative, not "supports" (OR 1.8 for mortality, p = 0.004)', () => {
    // Odds ratio 1.8 > 1 on a lower-is-better outcome (mortality), p < 0.05: significantly more deaths.
    expect(classifyTrialOutcome(trial([{ outcome: 'All-cause mortality', paramType: 'Odds Ratio (OR)', paramValue: 1.8, ciLower: 1.2, ciUpper: 2.7, pValue: '0.004' }])).class).to.equal('negative');
    // The same figures for remission (higher is better) stay positive.
    expect(classifyTrialOutcome(trial([{ outcome: 'Clinical remission', paramType: 'Odds Ratio (OR)', paramValue: 1.8, ciLower: 1.2, ciUpper: 2.7, pValue: '0.004' }])).class).to.equal('positive');
  });

  it('a non-inferiority interval without a p-value is not read as "not significant" (its margin decides)', () => {
    // Difference -0.5 (95% CI -2.0 to 1.0) crosses 0, but a non-inferiority margin of, say, -4 would be met.
    const read = classifyTrialOutcome(trial([{ outcome: 'HbA1c change', paramType: 'Mean Difference', paramValue: -0.5, ciLower: -2, ciUpper: 1, nonInferiorityType: 'NON_INFERIORITY' }]));
    expect(read.class).to.not.equal('null');
  });
});
