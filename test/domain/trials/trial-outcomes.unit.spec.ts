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
