// #biomed/snapshots[?resource=..]: every snapshot of the store with its active flag (GET /api/v1/snapshots),
// newest first per resource, each linking to its import report.
import { api } from '../../core/api';
import { emptySection, formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import { navigate, type ViewContext } from '../../core/router';
import { biomedPage, snapshotHref } from './biomed-page';
import type { Snapshot, SnapshotsResponse } from './biomed-types';
import { BIOMED_RESOURCES } from '../../../../domain/biomed/resources';

export async function snapshotsView({ query, outlet, signal }: ViewContext): Promise<void> {
  const resource = query.get('resource') ?? '';
  const select = h('select', { name: 'resource', 'data-testid': 'snapshot-resource' },
    h('option', { value: '' }, 'All resources'),
    BIOMED_RESOURCES.map((r) => h('option', { value: r, selected: r === resource }, r)));
  select.addEventListener('change', () => navigate(select.value ? `biomed/snapshots?resource=${encodeURIComponent(select.value)}` : 'biomed/snapshots'));
  const body = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading snapshots…'));
  const page = biomedPage('snapshots', 'Snapshots',
    h('div', { class: 'panel' }, h('label', { class: 'field inline-field', 'data-field': 'resource' }, 'Resource', select)),
    body);
  replace(outlet, page.element);
  try {
    const answer = await api.get<SnapshotsResponse>('/api/v1/snapshots', { query: { resource }, signal });
    if (signal.aborted) return;
    page.setDisclaimer(answer.disclaimer);
    replace(body, snapshotsTable(answer.snapshots));
  } catch (error) {
    if (!signal.aborted) replace(body, errorBox(error));
  }
}

function countsText(counts: Snapshot['counts']): string {
  if (!counts) return '—';
  const entries = Object.entries(counts).filter(([, n]) => typeof n === 'number' && n > 0);
  return entries.length === 0 ? 'nothing' : entries.map(([k, n]) => `${k.replace(/_/g, ' ')}: ${n.toLocaleString()}`).join(', ');
}

function snapshotsTable(snapshots: Snapshot[]): HTMLElement {
  if (snapshots.length === 0) return emptySection('no snapshots imported');
  return h('section', { class: 'panel' }, h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'snapshots-table' },
    h('thead', null, h('tr', null, ['Snapshot', 'Resource', 'Version', 'Status', 'Active', 'Imported', 'Rows', 'Report'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, snapshots.map((s) => h('tr', { 'data-testid': 'snapshot-row', 'data-snapshot-id': s.snapshot_id, class: s.active ? 'snapshot-active' : null },
      h('td', null, h('code', null, s.snapshot_id), s.forced ? h('div', null, h('span', { class: 'tag warn-tag' }, 'forced (unpinned)')) : null),
      h('td', null, s.resource),
      h('td', null, s.version ?? '—'),
      h('td', { class: `status-${s.status === 'completed' ? 'ok' : s.status === 'failed' ? 'error' : 'running'}` }, s.status, s.error ? h('div', { class: 'muted' }, s.error) : null),
      h('td', { 'data-testid': 'snapshot-active' }, s.active ? h('span', { class: 'tag active-tag' }, 'active') : h('span', { class: 'muted' }, s.deactivated_at ? `superseded ${formatDate(s.deactivated_at)}` : 'inactive')),
      h('td', null, formatDate(s.completed_at ?? s.created_at)),
      h('td', null, countsText(s.counts)),
      h('td', null, h('a', { href: snapshotHref(s.snapshot_id), 'data-testid': 'snapshot-report-link' }, 'Import report'))))))));
}
