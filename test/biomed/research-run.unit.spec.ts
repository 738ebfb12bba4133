// The research-run decider: one ComparisonRecorded per run, then terminal (any further command refused).
import { expect } from 'chai';
import { fold } from '../../domain/shared/decider';
import { RecordComparison, researchRunDecider, researchRunStreamId } from '../../domain/biomed/research-run';

describe('biomed: research-run decider', () => {
  const command: RecordComparison = {
    type: 'RecordComparison', runId: 'r1', leftCurie: 'A:1', rightCurie: 'B:2', snapshots: [], result: { x: 1 }, at: '2026-11-21T00:00:00.000Z',
  };

  it('records a comparison once, then refuses any change to the terminal run', () => {
    const events = researchRunDecider.decide(command, researchRunDecider.initialState);
    expect(events).to.deep.equal([{ type: 'ComparisonRecorded', data: {
      run_id: 'r1', left_curie: 'A:1', right_curie: 'B:2', snapshots: [], result: { x: 1 }, recorded_at: '2026-11-21T00:00:00.000Z',
    } }]);
    const state = fold(researchRunDecider, events);
    expect(state).to.deep.equal({ status: 'completed', runId: 'r1' });
    expect(() => researchRunDecider.decide({ ...command, result: { x: 2 } }, state)).to.throw(/terminal/);
    expect(researchRunStreamId('r1')).to.equal('biomed-run-r1');
  });
});
