// The results-aware classification of trials and the per-drug summary, case by case against the rules written
// in domain/trials/trial-outcomes.ts (each expected class worked out by hand from the rule it exercises).
import { expect } from 'chai';
import { classifyTrial, perDrug, stoppedForSafety } from '../../../domain/trials/trial-outcomes';

describe('trial outcome classification', () => {
  it('classifies by status, outcomeMet and the why-stopped text', () => {
    expect(classifyTrial({ status: 'WITHDRAWN', outcomeMet: true, whyStopped: null })).to.equal('excluded');
    expect(classifyTrial({ status: 'COMPLETED', outcomeMet: true, whyStopped: null })).to.equal('positive');
    expect(classifyTrial({ status: 'COMPLETED', outcomeMet: false, whyStopped: null })).to.equal('null');
    expect(classifyTrial({ status: 'COMPLETED', outcomeMet: null, whyStopped: null })).to.equal('unknown');
    expect(classifyTrial({ status: 'TERMINATED', outcomeMet: false, whyStopped: 'futility' })).to.equal('negative');
    expect(classifyTrial({ status: 'TERMINATED', outcomeMet: null, whyStopped: 'Unacceptable toxicity in cohort 2' })).to.equal('negative');
    expect(classifyTrial({ status: 'TERMINATED', outcomeMet: null, whyStopped: 'Sponsor decision, not related to safety' })).to.equal('unknown');
    expect(classifyTrial({ status: 'TERMINATED', outcomeMet: null, whyStopped: 'slow accrual' })).to.equal('unknown');
  });

  it('reads safety reasons, not their negations', () => {
    expect(stoppedForSafety('Safety concerns (hepatotoxicity)')).to.equal(true);
    expect(stoppedForSafety('serious adverse events')).to.equal(true);
    expect(stoppedForSafety('No safety concerns; business decision')).to.equal(false);
    expect(stoppedForSafety(null)).to.equal(false);
  });

  it('keeps the highest phase per drug and counts its outcomes, case-insensitively', () => {
    const rows = perDrug([
      { id: 'T1', phase: 'PHASE2', outcome: 'negative', drugs: ['Drug A'] },
      { id: 'T2', phase: 'PHASE3', outcome: 'positive', drugs: ['drug a', 'Drug B'] },
      { id: 'T3', phase: null, outcome: 'unknown', drugs: ['Drug C'] },
    ]);
    expect(rows.map((r) => [r.name, r.highest_phase, r.trials])).to.deep.equal([['Drug A', 'PHASE3', 2], ['Drug B', 'PHASE3', 1], ['Drug C', null, 1]]);
    expect(rows[0]!.outcomes).to.deep.equal({ positive: 1, null: 0, negative: 1, unknown: 0 });
    expect(rows[0]!.trial_ids).to.deep.equal(['T1', 'T2']);
  });
});
