// Evidence added and removed between each pair of consecutive runs of the trends, overall and per candidate.
import { emptySection, formatDate, h } from '../../core/dom';
import { historyHref } from '../history/history-link';
import type { EvidenceLabel } from './evidence-titles';
import { runTime, type EvidenceChange, type TrendRun } from './trends-types';

const SHOWN_IDS = 12;

/** A record by its title and source id ("Study e3 · pubmed 123"); its internal id only when no dossier names it. */
function evidenceRef(id: string, labels: Map<string, EvidenceLabel>): HTMLElement {
  const label = labels.get(id);
  if (!label) return h('code', { class: 'tag', title: 'No dossier of these runs names this record' }, id);
  return h('span', { class: 'evidence-ref', 'data-testid': 'evidence-ref', title: id },
    label.title, ' ', h('span', { class: 'muted' }, `· ${label.source} ${label.native_id}`),
    label.synthetic ? h('span', { class: 'tag synthetic' }, 'synthetic example') : null);
}

function idList(ids: string[], labels: Map<string, EvidenceLabel>): HTMLElement {
  if (ids.length === 0) return h('span', { class: 'muted' }, 'none');
  const shown = ids.slice(0, SHOWN_IDS).map((id) => h('li', null, evidenceRef(id, labels)));
  return h('span', null, h('ul', { class: 'evidence-refs' }, shown), ids.length > SHOWN_IDS ? h('span', { class: 'muted' }, ` and ${ids.length - SHOWN_IDS} more`) : null);
}

export function evidenceChanges(changes: EvidenceChange[], runs: TrendRun[], labels: Map<string, EvidenceLabel> = new Map()): HTMLElement {
  if (changes.length === 0) return emptySection('fewer than two completed runs');
  const when = (runId: string) => {
    const run = runs.find((r) => r.run_id === runId);
    return run ? `${formatDate(runTime(run))} (${run.disease_id})` : runId;
  };
  return h('div', { 'data-testid': 'evidence-changes' }, changes.map((change) => h('div', { class: 'evidence-change' },
    h('h3', null, `${when(change.from_run_id)} → ${when(change.to_run_id)}`),
    change.same_disease ? null : h('p', { class: 'warning' }, 'Different diseases: these runs are not directly comparable.'),
    h('p', null, h('strong', null, `+${change.added_ids.length} added: `), idList(change.added_ids, labels)),
    h('p', null, h('strong', null, `−${change.removed_ids.length} removed: `), idList(change.removed_ids, labels)),
    change.candidates.length === 0
      ? h('p', { class: 'muted' }, 'No candidate gained or lost supporting evidence.')
      : h('div', { class: 'table-wrap' }, h('table', null,
        h('thead', null, h('tr', null, h('th', null, 'Candidate'), h('th', null, 'Evidence added'), h('th', null, 'Evidence removed'))),
        h('tbody', null, change.candidates.map((c) => h('tr', null,
          h('td', null, h('a', { href: historyHref(c.candidate_id, c.kind) }, c.label), ' ', h('span', { class: 'tag' }, c.kind)), h('td', null, idList(c.added, labels)), h('td', null, idList(c.removed, labels))))))),
  )));
}
