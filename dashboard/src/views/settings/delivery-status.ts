// The latest email and chat delivery status the server returns with the settings.
import { formatDate, h } from '../../core/dom';
import type { ChannelStatus, NotificationSettings } from './settings-types';

function channelRow(name: string, status: ChannelStatus): HTMLElement {
  const state = !status.configured ? 'not configured' : status.available ? 'ready' : `unavailable${status.unavailable_reason ? `: ${status.unavailable_reason}` : ''}`;
  return h('tr', { 'data-testid': `delivery-${name.toLowerCase()}` },
    h('td', null, name),
    h('td', null, state),
    h('td', { class: status.last_status ? `status-${status.last_status === 'succeeded' ? 'ok' : status.last_status === 'failed' ? 'error' : ''}` : '' }, status.last_status ?? '—'),
    h('td', null, formatDate(status.last_attempt_at)),
    h('td', { class: 'delivery-error' }, status.last_error ?? ''));
}

export function deliveryStatus(settings: NotificationSettings): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': 'delivery-status' },
    h('h2', null, 'Delivery status'),
    h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, ['Channel', 'State', 'Last delivery', 'When', 'Last error'].map((t) => h('th', null, t)))),
      h('tbody', null, channelRow('Email', settings.delivery_status.email), channelRow('Chat', settings.delivery_status.chat)))),
    settings.notifications
      ? h('p', { class: 'muted' }, `Pending deliveries retried on save: ${settings.notifications.attempted} attempted, ${settings.notifications.delivered} delivered, ${settings.notifications.failed} failed.`)
      : null);
}
