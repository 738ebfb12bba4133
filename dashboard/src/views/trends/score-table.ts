// The accessible fallback under the trends chart: the same numbers as a table, one row per candidate and
// one column per run (score and rank), with a link to each candidate's history.
import { formatDate, formatScore, h } from '../../core/dom';
import { historyHref } from '../history/history-link';
import { runTime, type CandidateKind, type ScoreGrid } from './trends-types';

export function scoreTable(grid: ScoreGrid, kind: CandidateKind, caption: string): HTMLElement {
  const head = h('tr', null,
    h('th', { scope: 'col' }, kind === 'drug' ? 'Drug' : 'Target'),
    grid.runs.map((run) => h('th', { scope: 'col' }, h('a', { href: `#runs/${encodeURIComponent(run.run_id)}` }, formatDate(runTime(run))), h('div', { class: 'muted' }, run.disease_id))));
  const body = grid.rows.map((row) => h('tr', { 'data-testid': 'trend-row', 'data-candidate-id': row.candidateId },
    h('th', { scope: 'row' }, h('a', { href: historyHref(row.candidateId, kind) }, row.label)),
    row.points.map((p) => h('td', { 'data-testid': 'trend-cell' }, p ? [formatScore(p.score), h('span', { class: 'muted' }, ` #${p.rank}`)] : h('span', { class: 'muted' }, 'not ranked')))));
  return h('div', { class: 'table-wrap' },
    h('table', { 'data-testid': 'trend-table' }, h('caption', null, caption), h('thead', null, head), h('tbody', null, body)));
}
