// #alerts?unread=1&offset=20: the researcher's review reminders, newest first, with the unread count.
// Marking one read tells the navigation badge (alerts-changed) so both agree.
import './alerts.css';
import { api } from '../../core/api';
import { emptySection, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import { emit } from '../../core/events';
import { navigate, type ViewContext } from '../../core/router';
import { pager } from '../runs/pager';
import { offsetFrom } from '../runs/run-types';
import { alertItem } from './alert-item';
import { ALERTS_PAGE_SIZE, type AlertsPage } from './alert-types';

function alertsPath(unreadOnly: boolean, offset: number): string {
  const params = new URLSearchParams();
  if (unreadOnly) params.set('unread', '1');
  if (offset > 0) params.set('offset', String(offset));
  const qs = params.toString();
  return qs ? `alerts?${qs}` : 'alerts';
}

export async function alertsView({ outlet, query, signal }: ViewContext): Promise<void> {
  const unreadOnly = query.get('unread') === '1';
  const offset = offsetFrom(query);
  const unread = h('span', { 'data-testid': 'alerts-unread-count' });
  const filter = h('input', { type: 'checkbox', 'data-testid': 'alerts-unread-only', checked: unreadOnly, onchange: () => navigate(alertsPath(filter.checked, 0)) });
  const body = h('div', null, h('p', { class: 'muted' }, 'Loading alerts…'));
  replace(outlet,
    h('h1', null, 'Alerts'),
    h('div', { class: 'alerts-toolbar' }, h('strong', null, unread, ' unread'), h('label', null, filter, 'Unread only')),
    body);

  let page: AlertsPage;
  try {
    page = await api.get<AlertsPage>('/api/workspace/alerts', { query: { unread_only: unreadOnly || undefined, limit: ALERTS_PAGE_SIZE, offset }, signal });
  } catch (error) {
    if (!signal.aborted) replace(body, errorBox(error));
    return;
  }
  if (page.alerts.length === 0 && offset > 0) return navigate(alertsPath(unreadOnly, 0));
  let unreadCount = page.unread_count;
  replace(unread, String(unreadCount));
  if (page.alerts.length === 0) {
    replace(body, unreadOnly ? h('p', { class: 'muted', 'data-testid': 'alerts-none' }, 'No unread alerts.') : emptySection('no alerts yet'));
    return;
  }
  const onRead = () => {
    unreadCount = Math.max(0, unreadCount - 1);
    replace(unread, String(unreadCount));
    emit('alerts-changed', undefined);
  };
  replace(body,
    h('p', { class: 'muted' }, 'Reminders for candidates you reviewed whose evidence or metrics changed in a later run.'),
    h('ul', { class: 'alerts-list', 'data-testid': 'alerts-list' }, page.alerts.map((alert) => alertItem(alert, onRead))),
    pager(page, (next) => navigate(alertsPath(unreadOnly, next)), 'alerts-pager'));
}
