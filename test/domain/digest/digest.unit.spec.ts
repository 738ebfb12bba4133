// The digest stream: queued once per period, force re-queues a delivered one, attempts are claimed,
// failures back off exponentially and the digest is abandoned after 5 retries.
import { expect } from 'chai';
import { backoffDelayMs, DIGEST_RETRY_POLICY, digestDecider, DigestEvent } from '../../../domain/digest/digest';
import { fold } from '../../../domain/shared/decider';
import { given } from '../../support/decider-spec';

const queue = { type: 'QueueDigest' as const, researcherId: 'alice', period: '2026-W12', windowStart: 's', windowEnd: 'e', trigger: 'schedule' as const, force: false, at: '2026-03-23T09:00:00.000Z' };
const { type: _type, ...queueData } = queue;
const queued: DigestEvent = { type: 'DigestQueued', data: { ...queueData, round: 1 } };

describe('Digest decider', function () {
  it('queues a period once', function () {
    given(digestDecider).when(queue).then([queued]);
    given(digestDecider, [queued]).when(queue).then([]);
  });

  it('re-queues a delivered period only with force (a new round)', function () {
    const started: DigestEvent = { type: 'DigestAttemptStarted', data: { round: 1, attempt: 1, at: 't' } };
    const delivered: DigestEvent = { type: 'DigestDelivered', data: { round: 1, attempt: 1, at: 't', channels: ['email'] } };
    given(digestDecider, [queued, started, delivered]).when({ ...queue, trigger: 'manual' }).then([]);
    const [again] = digestDecider.decide({ ...queue, trigger: 'manual', force: true }, fold(digestDecider, [queued, started, delivered]));
    expect(again).to.deep.include({ type: 'DigestQueued' });
    expect((again!.data as { round: number }).round).to.equal(2);
  });

  it('claims one attempt at a time', function () {
    const state = fold(digestDecider, [queued]);
    const [started] = digestDecider.decide({ type: 'StartDigestAttempt', at: '2026-03-23T09:00:00.000Z', staleAfterMs: 60_000 }, state);
    given(digestDecider, [queued, started!]).when({ type: 'StartDigestAttempt', at: '2026-03-23T09:00:30.000Z', staleAfterMs: 60_000 }).thenFailsWith('not_pending');
  });

  it('backs off 1, 2, 4, 8, 16 minutes and gives up after 5 retries', function () {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, DIGEST_RETRY_POLICY) / 60_000)).to.deep.equal([1, 2, 4, 8, 16]);
    let events: DigestEvent[] = [queued];
    const nextAt: string[] = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const at = new Date(Date.parse('2026-03-23T09:00:00Z') + attempt * 3_600_000).toISOString();
      events = [...events, ...digestDecider.decide({ type: 'StartDigestAttempt', at, staleAfterMs: 60_000 }, fold(digestDecider, events))];
      const outcome = digestDecider.decide({ type: 'FailDigestAttempt', error: 'smtp down', at, policy: DIGEST_RETRY_POLICY }, fold(digestDecider, events));
      events = [...events, ...outcome];
      const last = outcome[0]!;
      if (attempt < 6) {
        expect(last.type).to.equal('DigestAttemptFailed');
        nextAt.push(String((Date.parse((last.data as { nextAttemptAt: string }).nextAttemptAt) - Date.parse(at)) / 60_000));
      } else {
        expect(last.type).to.equal('DigestAbandoned');
      }
    }
    expect(nextAt).to.deep.equal(['1', '2', '4', '8', '16']);
    expect(fold(digestDecider, events).status).to.equal('failed');
  });

  it('records each channel once per round and completes as delivered or suppressed', function () {
    const started: DigestEvent = { type: 'DigestAttemptStarted', data: { round: 1, attempt: 1, at: 't' } };
    const emailed: DigestEvent = { type: 'DigestChannelDelivered', data: { round: 1, attempt: 1, at: 't', channel: 'email', messageId: 'm' } };
    given(digestDecider, [queued, started, emailed]).when({ type: 'RecordDigestChannel', channel: 'email', messageId: 'm', at: 't' }).then([]);
    given(digestDecider, [queued, started, emailed]).when({ type: 'CompleteDigest', suppressed: false, at: 't' })
      .then([{ type: 'DigestDelivered', data: { round: 1, attempt: 1, at: 't', channels: ['email'] } }]);
    given(digestDecider, [queued, started]).when({ type: 'CompleteDigest', suppressed: true, at: 't' })
      .then([{ type: 'DigestSuppressed', data: { round: 1, attempt: 1, at: 't' } }]);
  });
});
