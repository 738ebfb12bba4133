// The three parts of a candidate's history: score and rank per run, evidence added and removed between
// consecutive runs of a disease, and the caller's review saves.
import { emptySection, formatDate, formatScore, h } from '../../core/dom';
import type { CandidateHistory, EvidenceRef, HistoryRun } from './history-types';

const runHref = (runId: string) => `#runs/${encodeURIComponent(runId)}`;
const runWhen = (run: HistoryRun | undefined) => formatDate(run?.finished_at ?? run?.requested_at);

export function scoresTable(history: CandidateHistory): HTMLElement {
  if (history.runs.length === 0) return emptySection('no completed run ranks this candidate');
  return h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'history-runs' },
    h('caption', null, 'Oldest run first; runs of the same disease that do not rank the candidate show as not ranked.'),
    h('thead', null, h('tr', null, ['Run finished', 'Disease', 'Question', 'Score', 'Rank', 'Confidence', 'Evidence', 'Decision'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, history.runs.map((run) => h('tr', { class: run.present ? null : 'absent', 'data-testid': 'history-run', 'data-run-id': run.run_id },
      h('td', null, h('a', { href: runHref(run.run_id) }, runWhen(run))),
      h('td', null, run.disease_id),
      h('td', null, run.question ?? ''),
      h('td', { 'data-testid': 'history-score' }, run.present ? formatScore(run.score) : 'not ranked'),
      h('td', null, run.rank === null ? '—' : `#${run.rank}`),
      h('td', { class: run.confidence_band ? `tier-${run.confidence_band}` : null }, run.confidence_band ?? '—'),
      h('td', null, String(run.evidence_ids.length)),
      h('td', null, run.decision ? h('span', { class: `decision-${run.decision.decision}` }, run.decision.decision) : '—'))))));
}

function evidenceItems(items: EvidenceRef[]): HTMLElement {
  if (items.length === 0) return h('p', { class: 'muted' }, 'none');
  return h('ul', null, items.map((e) => h('li', null,
    e.title, ' ', h('span', { class: 'tag' }, e.source), h('span', { class: `tag tier-${e.quality_tier}` }, e.quality_tier), h('code', { class: 'muted' }, e.native_id))));
}

export function evidenceChangesList(history: CandidateHistory): HTMLElement {
  if (history.evidence_changes.length === 0) return emptySection('fewer than two runs of one disease rank it');
  const runOf = (id: string) => history.runs.find((r) => r.run_id === id);
  return h('div', { 'data-testid': 'history-evidence-changes' }, history.evidence_changes.map((change) => h('div', { class: 'history-change' },
    h('h3', null, h('a', { href: runHref(change.from_run_id) }, runWhen(runOf(change.from_run_id))), ' → ', h('a', { href: runHref(change.to_run_id) }, runWhen(runOf(change.to_run_id)))),
    h('h4', null, `Added (${change.added.length})`), evidenceItems(change.added),
    h('h4', null, `Removed (${change.removed.length})`), evidenceItems(change.removed))));
}

export function reviewsList(history: CandidateHistory): HTMLElement {
  if (history.reviews.length === 0) return h('p', { class: 'empty', 'data-testid': 'history-no-reviews' }, 'You have not reviewed this candidate.');
  return h('ol', { class: 'history-reviews', 'data-testid': 'history-reviews' }, history.reviews.map((review) => h('li', null,
    h('div', null,
      h('span', { class: `decision-${review.decision}` }, review.decision),
      review.previous_decision && review.previous_decision !== review.decision ? ` (was ${review.previous_decision})` : '',
      ' · ', formatDate(review.saved_at), ' · ', h('a', { href: runHref(review.run_id) }, 'run')),
    review.rationale ? h('div', null, h('strong', null, 'Rationale: '), review.rationale) : null,
    review.notes ? h('div', null, h('strong', null, 'Notes: '), review.notes) : null,
    review.changed_mind ? h('div', null, h('strong', null, 'What changed my mind: '), review.changed_mind) : null,
    review.tags && review.tags.length > 0 ? h('div', null, review.tags.map((t) => h('span', { class: 'tag' }, t))) : null)));
}
