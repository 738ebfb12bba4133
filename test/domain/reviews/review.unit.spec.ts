// A run's review history: every save is an event carrying the candidate's previous decision; only the
// run's owner reviews it, and a candidate keeps its kind (drug or target).
import { expect } from 'chai';
import { fold } from '../../../domain/shared/decider';
import { reviewDecider, ReviewEvent, ReviewInput, reviewStreamId, SaveReview } from '../../../domain/reviews/review';
import { given } from '../../support/decider-spec';

const input: ReviewInput = {
  candidateId: 'CHEMBL1', candidateType: 'drug', decision: 'pin', rationale: 'Phase 3 data', notes: '', tags: ['lupus'], changedMind: null,
};
const save = (overrides: Partial<SaveReview> = {}): SaveReview => ({
  type: 'SaveReview', runId: 'r1', researcherId: 'alice', at: '2026-01-05T10:00:00.000Z', ...input, ...overrides,
});
const saved = (command: SaveReview, previousDecision: ReviewEvent['data']['previousDecision']): ReviewEvent => {
  const { type: _type, ...data } = command;
  return { type: 'ReviewSaved', data: { ...data, previousDecision } };
};

describe('Review decider', function () {
  it('records the first save of a candidate with no previous decision', function () {
    given(reviewDecider).when(save()).then([saved(save(), null)]);
  });

  it('records a change of mind with the decision it replaces', function () {
    const first = saved(save(), null);
    const second = save({ decision: 'reject', changedMind: 'the trial was stopped', at: '2026-01-06T10:00:00.000Z' });
    given(reviewDecider, [first]).when(second).then([saved(second, 'pin')]);
  });

  it('records a repeated save of the same decision too (the history is every save)', function () {
    given(reviewDecider, [saved(save(), null)]).when(save({ notes: 'rechecked' })).then([saved(save({ notes: 'rechecked' }), 'pin')]);
  });

  it('takes each candidate\'s previous decision from that candidate only', function () {
    const target = save({ candidateId: 'IFNAR1', candidateType: 'target', decision: 'reject' });
    given(reviewDecider, [saved(save(), null)]).when(target).then([saved(target, null)]);
  });

  it('refuses a save by anyone but the run\'s owner', function () {
    given(reviewDecider, [saved(save(), null)]).when(save({ researcherId: 'bob' })).thenFailsWith('not_owner');
  });

  it('refuses to change a candidate\'s kind', function () {
    given(reviewDecider, [saved(save(), null)]).when(save({ candidateType: 'target' })).thenFailsWith('candidate_type_mismatch');
  });

  it('folds to each candidate\'s latest review with its save count', function () {
    const second = save({ decision: 'reject', changedMind: 'safety signal', at: '2026-01-06T10:00:00.000Z' });
    const state = fold(reviewDecider, [saved(save(), null), saved(second, 'pin')]);
    expect(state).to.deep.equal({
      runId: 'r1', researcherId: 'alice',
      candidates: { CHEMBL1: { ...input, decision: 'reject', changedMind: 'safety signal', updatedAt: '2026-01-06T10:00:00.000Z', saves: 2 } },
    });
  });

  it('keeps a run\'s reviews in a stream named for the run', function () {
    expect(reviewStreamId('r1')).to.equal('review-r1');
  });
});
