import { runDecider, RunEvent } from '../../domain/workspace/run';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import { given } from '../support/decider-spec';

const request: ResearchRequest = {
  disease_id: 'sle', question: 'Which JAK inhibitors?', sources: ['pubmed'], date_from: null, date_to: null,
  candidate_type: 'both', max_evidence: 50, enable_llm: false,
};
const requested: RunEvent = { type: 'RunRequested', data: { runId: 'r1', researcherId: 'alice', request, at: 't0' } };
const summary = { fingerprint: 'f', evidence_count: 1, claim_count: 1, top_drugs: [], top_targets: [], warning_count: 0 };
const completed: RunEvent = { type: 'RunCompleted', data: { runId: 'r1', dossierHash: 'd', htmlHash: 'h', summary, at: 't1' } };

describe('A Workspace run', function () {
  it('is requested once', function () {
    given(runDecider, [requested]).when({ type: 'RequestRun', runId: 'r1', researcherId: 'alice', request, at: 't' }).thenFailsWith('run_exists');
  });

  it('completes once; a terminal run ignores later outcomes (immutable)', function () {
    given(runDecider, [requested]).when({ type: 'CompleteRun', dossierHash: 'd', htmlHash: 'h', summary, at: 't1' }).then([completed]);
    given(runDecider, [requested, completed]).when({ type: 'CompleteRun', dossierHash: 'other', htmlHash: 'h2', summary, at: 't2' }).then([]);
    given(runDecider, [requested, completed]).when({ type: 'FailRun', error: 'late', at: 't2' }).then([]);
  });

  it('is deleted only by its owner, and a deleted run is gone', function () {
    given(runDecider, [requested, completed]).when({ type: 'DeleteRun', researcherId: 'bob', at: 't2' }).thenFailsWith('run_not_found');
    given(runDecider, [requested, completed]).when({ type: 'DeleteRun', researcherId: 'alice', at: 't2' })
      .then([{ type: 'RunDeleted', data: { runId: 'r1', at: 't2' } }]);
    given(runDecider, [requested, completed, { type: 'RunDeleted', data: { runId: 'r1', at: 't2' } }])
      .when({ type: 'DeleteRun', researcherId: 'alice', at: 't3' }).thenFailsWith('run_not_found');
  });
});
