// What the digest of the previous completed UTC week would contain.
import { emptySection, formatDate, h } from '../../core/dom';
import type { DigestPreview } from './digest-types';

function count(list: unknown[], total: number | undefined): string {
  const n = total ?? list.length;
  return n > list.length ? `${list.length} of ${n}` : String(n);
}

export function digestPreview(digest: DigestPreview): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': 'digest-preview' },
    h('h2', null, `Preview: week ${digest.period}`),
    h('p', { class: 'muted' }, `${formatDate(digest.window_start)} to ${formatDate(digest.window_end)} (UTC week, end exclusive)`),
    digest.suppressed ? h('p', { class: 'warning', 'data-testid': 'digest-suppressed' }, 'Nothing to report this week: a digest would not be sent.') : null,
    h('h3', null, `New evidence (${count(digest.new_evidence, digest.new_evidence_count)})`),
    digest.new_evidence.length === 0 ? emptySection() : h('ul', { class: 'digest-list', 'data-testid': 'digest-new-evidence' }, digest.new_evidence.map((e) =>
      h('li', null, e.title || e.evidence_id, ' ', h('a', { href: `#runs/${encodeURIComponent(e.run_id)}` }, 'run')))),
    h('h3', null, `Unresolved reminders (${count(digest.unresolved_reminders, digest.unresolved_reminder_count)})`),
    digest.unresolved_reminders.length === 0 ? emptySection() : h('ul', { class: 'digest-list', 'data-testid': 'digest-reminders' }, digest.unresolved_reminders.map((r) =>
      h('li', null, r.label || r.alert_id))),
    digest.unresolved_reminders.length === 0 ? null : h('p', null, h('a', { href: '#alerts?unread=1' }, 'Open unread alerts')),
    h('h3', null, `Changed decisions (${count(digest.changed_decisions, digest.changed_decision_count)})`),
    digest.changed_decisions.length === 0 ? emptySection() : h('ul', { class: 'digest-list', 'data-testid': 'digest-decisions' }, digest.changed_decisions.map((d) =>
      h('li', null, `${d.candidate_id}: ${d.previous_decision} → ${d.decision} `, h('a', { href: `#runs/${encodeURIComponent(d.run_id)}` }, 'run')))),
    digest.latest_run_id ? h('p', null, h('a', { href: `#runs/${encodeURIComponent(digest.latest_run_id)}`, 'data-testid': 'digest-latest-run' }, 'Open the latest run of the week')) : null);
}
