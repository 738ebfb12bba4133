// Past digest deliveries: status, attempts and retries, and the bounded failure text.
import { emptySection, formatDate, h } from '../../core/dom';
import type { DeliveryRecord } from './digest-types';

export function deliveryHistory(deliveries: DeliveryRecord[], highlight?: string): HTMLElement {
  if (deliveries.length === 0) return h('section', { class: 'panel', 'data-testid': 'digest-history' }, h('h2', null, 'Delivery history'), emptySection('no digest sent yet'));
  return h('section', { class: 'panel', 'data-testid': 'digest-history' },
    h('h2', null, 'Delivery history'),
    h('div', { class: 'table-wrap' }, h('table', null,
      h('thead', null, h('tr', null, ['Week', 'Status', 'Trigger', 'Round', 'Attempts', 'Retries', 'Channels', 'Last attempt', 'Next attempt', 'Error'].map((t) => h('th', null, t)))),
      h('tbody', null, deliveries.map((d) => h('tr', { 'data-testid': 'digest-history-row', 'data-period': d.period, class: d.period === highlight ? 'highlight' : '' },
        h('td', null, d.period),
        h('td', { class: `status-${d.status === 'delivered' ? 'ok' : d.status === 'failed' ? 'error' : ''}` }, d.status),
        h('td', null, `${d.trigger ?? ''}${d.forced ? ' (again)' : ''}`),
        h('td', null, d.round ?? '—'),
        h('td', null, d.attempts),
        h('td', null, d.retries),
        h('td', null, (d.channels ?? []).join(', ') || '—'),
        h('td', null, formatDate(d.last_attempt_at)),
        h('td', null, formatDate(d.next_attempt_at)),
        h('td', { class: 'digest-error' }, d.last_error ?? '')))))));
}
