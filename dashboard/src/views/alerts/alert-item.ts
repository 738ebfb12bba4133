// One review reminder: which candidate, why (trigger reasons with previous → current values), the run
// it came from, how its notifications went, and a mark-read button.
import { api } from '../../core/api';
import { formatDate, formatScore, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { Alert, MetricValues, TriggerReason } from './alert-types';

export function reasonText(reason: TriggerReason): string {
  if (reason.type === 'new_evidence') return `${reason.count ?? 0} new evidence record${reason.count === 1 ? '' : 's'} linked`;
  const what = { score_drop: 'Score dropped', rank_change: 'Rank changed', evidence_quality_change: 'Average evidence quality changed' }[reason.type];
  return `${what}: ${num(reason.previous)} → ${num(reason.current)} (change ${num(reason.change)}, threshold ${num(reason.threshold)})`;
}

function num(value: number | undefined | null): string {
  return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : '—';
}

function values(label: string, v: MetricValues | null | undefined): string {
  if (!v) return `${label}: not ranked`;
  return `${label}: rank ${v.rank ?? '—'}, score ${formatScore(v.score, 1)}, ${v.evidence_count ?? 0} evidence, quality ${formatScore(v.average_evidence_quality ?? null, 2)}`;
}

function deliveries(alert: Alert): HTMLElement | null {
  const parts = (['email', 'chat'] as const).flatMap((channel) => {
    const d = alert.deliveries?.[channel];
    return d ? [`${channel}: ${d.status}${d.last_error ? ` (${d.last_error})` : ''}`] : [];
  });
  return parts.length ? h('p', { class: 'muted' }, `Notifications — ${parts.join('; ')}`) : null;
}

export function alertItem(alert: Alert, onRead: (alert: Alert) => void): HTMLElement {
  const actions = h('div', { class: 'actions' });
  const item = h('li', { class: `panel alert alert-${alert.status}`, 'data-testid': 'alert-item', 'data-alert-id': alert.alert_id, 'data-status': alert.status },
    h('div', { class: 'alert-head' },
      h('strong', null, alert.label || alert.candidate_id),
      h('span', { class: 'tag' }, alert.candidate_type),
      alert.disease_id ? h('span', { class: 'tag' }, alert.disease_id) : null,
      h('span', { class: 'muted' }, formatDate(alert.created_at))),
    h('ul', { class: 'alert-reasons' }, alert.trigger_reasons.map((r) => h('li', null, reasonText(r)))),
    h('p', { class: 'muted' }, values('Before', alert.previous), h('br'), values('Now', alert.current)),
    deliveries(alert),
    h('p', null, h('a', { href: `#runs/${encodeURIComponent(alert.run_id)}` }, 'Open the run')),
    actions);
  const showState = () => {
    if (alert.status === 'read') replace(actions, h('span', { class: 'muted', 'data-testid': 'alert-read-at' }, `Read ${formatDate(alert.read_at)}`));
    else replace(actions, h('button', { type: 'button', 'data-testid': 'alert-mark-read', onclick: () => void markRead() }, 'Mark read'));
  };
  const markRead = async () => {
    actions.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    try {
      const updated = await api.post<Alert>(`/api/workspace/alerts/${encodeURIComponent(alert.alert_id)}/read`);
      alert.status = 'read';
      alert.read_at = updated.read_at ?? new Date().toISOString();
      item.classList.replace('alert-unread', 'alert-read');
      item.dataset.status = 'read';
      showState();
      onRead(alert);
    } catch (error) {
      showState();
      actions.appendChild(errorBox(error));
    }
  };
  showState();
  return item;
}
