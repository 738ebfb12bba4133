// #biomed/snapshots/{snapshot_id}: one snapshot and its import report (GET /api/v1/snapshots/{id}/report):
// counts, artifacts with their checksums and pins, forced flag, warnings, timings, importer details.
import { api } from '../../core/api';
import { emptySection, formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { biomedPage } from './biomed-page';
import type { Snapshot, SnapshotReportResponse } from './biomed-types';

export async function snapshotReportView({ params, outlet, signal }: ViewContext): Promise<void> {
  const snapshotId = params.snapshot_id ?? '';
  const body = h('div', { 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading import report…'));
  const page = biomedPage('snapshots', `Snapshot ${snapshotId}`, h('p', null, h('a', { href: '#biomed/snapshots' }, '← All snapshots')), body);
  replace(outlet, page.element);
  try {
    const answer = await api.get<SnapshotReportResponse>(`/api/v1/snapshots/${encodeURIComponent(snapshotId)}/report`, { signal });
    if (signal.aborted) return;
    page.setDisclaimer(answer.disclaimer);
    replace(body, snapshotFacts(answer.snapshot), reportSection(answer.report));
  } catch (error) {
    if (!signal.aborted) replace(body, errorBox(error));
  }
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return /^\d{4}-\d\d-\d\dT/.test(value) ? formatDate(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function facts(entries: [string, unknown][]): HTMLElement {
  return h('dl', { class: 'facts' }, entries.map(([k, v]) => [h('dt', null, k.replace(/_/g, ' ')), h('dd', null, text(v))]));
}

function snapshotFacts(s: Snapshot): HTMLElement {
  return h('section', { class: 'panel', 'data-testid': 'snapshot-facts' },
    h('h2', null, 'Snapshot'),
    h('p', null, s.active ? h('span', { class: 'tag active-tag', 'data-testid': 'snapshot-active' }, 'active') : h('span', { class: 'muted', 'data-testid': 'snapshot-active' }, 'not active'),
      s.forced ? h('span', { class: 'tag warn-tag' }, 'forced: imported without a pinned checksum') : null),
    facts([['resource', s.resource], ['version', s.version], ['status', s.status], ['error', s.error], ['artifact_sha256', s.artifact_sha256],
      ['bytes', s.bytes], ['created_at', s.created_at], ['completed_at', s.completed_at], ['activated_at', s.activated_at], ['deactivated_at', s.deactivated_at]]));
}

/** Renders the known parts of a report as tables and lists, and any other field as text. */
function reportSection(report: Record<string, unknown> | null): HTMLElement {
  const section = h('section', { class: 'panel', 'data-testid': 'snapshot-report' }, h('h2', null, 'Import report'));
  if (!report) {
    section.append(emptySection('this snapshot has no import report'));
    return section;
  }
  const { counts, artifacts, warnings, details, ...rest } = report;
  const scalars = Object.entries(rest).filter(([, v]) => v === null || typeof v !== 'object');
  section.append(facts(scalars));
  section.append(h('h3', null, 'Counts'));
  const countEntries = counts && typeof counts === 'object' ? Object.entries(counts as Record<string, unknown>) : [];
  section.append(countEntries.length === 0 ? emptySection('no counts') : h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'report-counts' },
    h('tbody', null, countEntries.map(([k, n]) => h('tr', null, h('th', { scope: 'row' }, k.replace(/_/g, ' ')), h('td', null, text(n))))))));
  section.append(h('h3', null, 'Artifacts'));
  section.append(artifactsTable(Array.isArray(artifacts) ? (artifacts as Record<string, unknown>[]) : []));
  section.append(h('h3', null, 'Warnings'));
  const warningList = Array.isArray(warnings) ? warnings.map(text) : [];
  section.append(warningList.length === 0 ? h('p', { class: 'muted' }, 'No warnings.') : h('ul', null, warningList.map((w) => h('li', { class: 'warning' }, w))));
  if (details !== undefined && details !== null) {
    section.append(h('details', null, h('summary', null, 'Importer details'), h('pre', null, JSON.stringify(details, null, 2))));
  }
  return section;
}

function artifactsTable(artifacts: Record<string, unknown>[]): HTMLElement {
  if (artifacts.length === 0) return emptySection('no artifacts recorded');
  const columns = [...new Set(artifacts.flatMap((a) => Object.keys(a)))];
  return h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'report-artifacts' },
    h('thead', null, h('tr', null, columns.map((c) => h('th', { scope: 'col' }, c.replace(/_/g, ' '))))),
    h('tbody', null, artifacts.map((a) => h('tr', null, columns.map((c) => h('td', { class: c.includes('sha') ? 'hash' : null }, text(a[c]))))))));
}
