// The alert stream: raised once per id, read only by its owner, reading twice is harmless.
import { alertDecider, AlertData, AlertEvent } from '../../../domain/alerts/alert';
import { given } from '../../support/decider-spec';

const data: AlertData = {
  alertId: 'a1', researcherId: 'alice', runId: 'r2', previousRunId: 'r1', diseaseId: 'sle', candidateId: 'drug_a', candidateType: 'drug',
  label: 'A', previous: null, current: { score: 1, rank: 1, average_evidence_quality: null, evidence_count: 0 },
  reasons: [{ type: 'new_evidence', new_evidence_ids: ['ev'], count: 1 }], newEvidenceIds: ['ev'], at: '2026-01-01T00:00:00.000Z',
};
const raised: AlertEvent = { type: 'AlertRaised', data };

describe('Alert decider', function () {
  it('raises a new alert', function () {
    given(alertDecider).when({ type: 'RaiseAlert', ...data }).then([raised]);
  });
  it('raises nothing on a redelivery', function () {
    given(alertDecider, [raised]).when({ type: 'RaiseAlert', ...data }).then([]);
  });
  it('lets the owner read it, once', function () {
    const read: AlertEvent = { type: 'AlertRead', data: { alertId: 'a1', researcherId: 'alice', at: '2026-01-02T00:00:00.000Z' } };
    given(alertDecider, [raised]).when({ type: 'MarkAlertRead', researcherId: 'alice', at: '2026-01-02T00:00:00.000Z' }).then([read]);
    given(alertDecider, [raised, read]).when({ type: 'MarkAlertRead', researcherId: 'alice', at: '2026-01-03T00:00:00.000Z' }).then([]);
  });
  it('answers another researcher, or a missing alert, as not found', function () {
    given(alertDecider, [raised]).when({ type: 'MarkAlertRead', researcherId: 'bob', at: 'x' }).thenFailsWith('alert_not_found');
    given(alertDecider).when({ type: 'MarkAlertRead', researcherId: 'alice', at: 'x' }).thenFailsWith('alert_not_found');
  });
});
