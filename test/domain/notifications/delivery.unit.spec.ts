// One alert delivery per channel: claimed before sending, exactly one success, a stale claim retaken.
import { deliveryDecider, DeliveryEvent } from '../../../domain/notifications/delivery';
import { given } from '../../support/decider-spec';

const ref = { alertId: 'a1', researcherId: 'alice', channel: 'email' as const };
const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
const attempted = (attempt: number, minute: number): DeliveryEvent => ({ type: 'AlertDeliveryAttempted', data: { ...ref, attempt, messageId: '<m>', at: at(minute) } });
const start = (minute: number) => ({ type: 'StartDelivery' as const, ...ref, messageId: '<m>', at: at(minute), staleAfterMs: 120_000 });

describe('Alert delivery decider', function () {
  it('claims a first attempt', function () {
    given(deliveryDecider).when(start(0)).then([attempted(1, 0)]);
  });
  it('refuses a second claim while the first is in flight, and takes over a stale one', function () {
    given(deliveryDecider, [attempted(1, 0)]).when(start(1)).thenFailsWith('in_flight');
    given(deliveryDecider, [attempted(1, 0)]).when(start(2)).then([attempted(2, 2)]);
  });
  it('retries after a failure', function () {
    const failed: DeliveryEvent = { type: 'AlertDeliveryFailed', data: { ...ref, attempt: 1, error: 'down', at: at(0) } };
    given(deliveryDecider, [attempted(1, 0), failed]).when(start(0)).then([attempted(2, 0)]);
  });
  it('records one success only, and never claims again after it', function () {
    const succeeded: DeliveryEvent = { type: 'AlertDeliverySucceeded', data: { ...ref, attempt: 1, messageId: '<m>', at: at(1) } };
    given(deliveryDecider, [attempted(1, 0)]).when({ type: 'RecordDeliverySucceeded', ...ref, attempt: 1, messageId: '<m>', at: at(1) }).then([succeeded]);
    given(deliveryDecider, [attempted(1, 0), succeeded]).when({ type: 'RecordDeliverySucceeded', ...ref, attempt: 1, messageId: '<m>', at: at(2) }).then([]);
    given(deliveryDecider, [attempted(1, 0), succeeded]).when(start(9)).thenFailsWith('already_delivered');
  });
  it('ignores the failure of an attempt that a newer claim replaced', function () {
    given(deliveryDecider, [attempted(1, 0), attempted(2, 3)]).when({ type: 'RecordDeliveryFailed', ...ref, attempt: 1, error: 'late', at: at(4) }).then([]);
  });
});
