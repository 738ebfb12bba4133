// Notification settings saves: partial updates over the defaults, and no event for a no-op save.
import { expect } from 'chai';
import { DEFAULT_SETTINGS, notificationSettingsDecider, NotificationSettingsEvent } from '../../../domain/notifications/settings';
import { fold } from '../../../domain/shared/decider';

describe('Notification settings decider', function () {
  const save = (patch: object) => ({ type: 'SaveNotificationSettings' as const, researcherId: 'alice', patch, at: '2026-01-01T00:00:00.000Z' });
  it('records the whole resulting settings and which fields changed', function () {
    const [event] = notificationSettingsDecider.decide(save({ scoreDropThreshold: 5 }), notificationSettingsDecider.initialState);
    expect(event!.data.settings).to.deep.equal({ ...DEFAULT_SETTINGS, scoreDropThreshold: 5 });
    expect(event!.data.changed).to.deep.equal(['scoreDropThreshold']);
  });
  it('keeps omitted fields and records nothing for a save that changes nothing', function () {
    const first = notificationSettingsDecider.decide(save({ email: 'a@example.org' }), notificationSettingsDecider.initialState);
    const state = fold(notificationSettingsDecider, first as NotificationSettingsEvent[]);
    expect(notificationSettingsDecider.decide(save({ email: 'a@example.org' }), state)).to.deep.equal([]);
    const [next] = notificationSettingsDecider.decide(save({ hour: 7 }), state);
    expect(next!.data.settings.email).to.equal('a@example.org');
  });
});
