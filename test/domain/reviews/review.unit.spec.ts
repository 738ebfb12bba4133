// A run's review history: every save is an event carrying the candidate's previous decision; only the
// run's owner reviews it, and a candidate keeps its kind (drug or target).
import { expect } from 'chai';
import { fold } from '../../../domain/shared/decider';
import { reviewDecider, ReviewEvent, ReviewInput, reviewStreamId, SaveReview, WithdrawReviews } from '../../../domain/reviews/review';
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

const withdraw = (overrides: Partial<WithdrawReviews> = {}): WithdrawReviews => ({
  type: 'WithdrawReviews', runId: 'r1', researcherId: 'alice', candidateIds: ['CHEMBL1'], reason: 'undo of the carry-over from run r0',
  at: '2026-01-07T10:00:00.000Z', ...overrides,
});

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

  it('undoes a save with a withdrawal event naming the withdrawn decision, never by changing the save', function () {
    const target = save({ candidateId: 'IFNAR1', candidateType: 'target', decision: 'reject' });
    given(reviewDecider, [saved(save(), null), saved(target, null)])
      .when(withdraw({ candidateIds: ['CHEMBL1', 'IFNAR1'] }))
      .then([
        { type: 'ReviewWithdrawn', data: { runId: 'r1', researcherId: 'alice', candidateId: 'CHEMBL1', candidateType: 'drug', previousDecision: 'pin', reason: 'undo of the carry-over from run r0', at: '2026-01-07T10:00:00.000Z' } },
        { type: 'ReviewWithdrawn', data: { runId: 'r1', researcherId: 'alice', candidateId: 'IFNAR1', candidateType: 'target', previousDecision: 'reject', reason: 'undo of the carry-over from run r0', at: '2026-01-07T10:00:00.000Z' } },
      ]);
  });

  it('folds a withdrawn candidate back to unreviewed, and a later save starts afresh', function () {
    const withdrawn: ReviewEvent = { type: 'ReviewWithdrawn', data: { runId: 'r1', researcherId: 'alice', candidateId: 'CHEMBL1', candidateType: 'drug', previousDecision: 'pin', reason: 'undo', at: '2026-01-07T10:00:00.000Z' } };
    expect(fold(reviewDecider, [saved(save(), null), withdrawn]).candidates).to.deep.equal({});
    const again = fold(reviewDecider, [saved(save(), null), withdrawn, saved(save({ decision: 'reject', at: '2026-01-08T10:00:00.000Z' }), null)]);
    expect(again.candidates.CHEMBL1).to.include({ decision: 'reject', saves: 1 });
  });

  it('refuses to withdraw a candidate with no current review, withdrawing none of the others', function () {
    given(reviewDecider, [saved(save(), null)]).when(withdraw({ candidateIds: ['CHEMBL1', 'IFNAR1'] })).thenFailsWith('not_reviewed');
    given(reviewDecider).when(withdraw({ candidateIds: [] })).thenFailsWith('nothing_to_withdraw');
  });

  it('refuses a withdrawal by anyone but the run\'s owner', function () {
    given(reviewDecider, [saved(save(), null)]).when(withdraw({ researcherId: 'bob' })).thenFailsWith('not_owner');
  });

  it('keeps a run\'s reviews in a stream named for the run', function () {
    expect(reviewStreamId('r1')).to.equal('review-r1');
  });
});
