// #settings: notification channels, alert thresholds, the digest schedule, and how deliveries went.
import './settings.css';
import { api } from '../../core/api';
import { formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { deliveryStatus } from './delivery-status';
import { settingsForm } from './settings-form';
import type { NotificationSettings } from './settings-types';

export async function settingsView({ outlet, signal }: ViewContext): Promise<void> {
  const body = h('div', { 'data-testid': 'settings-view' }, h('p', { class: 'muted' }, 'Loading settings…'));
  replace(outlet, h('h1', null, 'Notifications'), body);
  let settings: NotificationSettings;
  try {
    settings = await api.get<NotificationSettings>('/api/workspace/notifications', { signal });
  } catch (error) {
    if (!signal.aborted) replace(body, errorBox(error));
    return;
  }
  const show = (current: NotificationSettings, justSaved: boolean) => {
    replace(body,
      justSaved ? h('p', { class: 'success', role: 'status', 'data-testid': 'settings-saved' }, `Saved ${formatDate(current.updated_at)}.`) : null,
      settingsForm(current, (saved) => show(saved, true), () => show(current, false)),
      deliveryStatus(current));
  };
  show(settings, false);
}
