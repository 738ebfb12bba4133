// #trends: the caller's runs over time (GET /api/workspace/trends): run summaries, a line chart of
// candidate scores per run (drugs or targets) with the same numbers as a table under it, and the
// evidence added and removed between consecutive runs.
import './trends.css';
import { api, type Query } from '../../core/api';
import { emptySection, formatDate, h, replace } from '../../core/dom';
import { showFieldErrors } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { evidenceChanges } from './evidence-changes';
import { evidenceTitles } from './evidence-titles';
import { scoreChart, type ScoreChart } from './score-chart';
import { scoreTable } from './score-table';
import { trendsForm } from './trends-form';
import { runTime, scoreGrid, type CandidateKind, type TrendRun, type TrendsResponse } from './trends-types';

/** More lines than this make the chart unreadable; the rest are one click away. */
const CHART_LINES = 10;

export async function trendsView({ query, outlet, signal }: ViewContext): Promise<void> {
  const general = h('div');
  const results = h('div', { 'data-testid': 'trends-results', 'aria-live': 'polite' }, h('p', { class: 'muted' }, 'Loading trends…'));
  const form = trendsForm(query, general);
  replace(outlet, h('h1', null, 'Trends across runs'), form, results);

  const request: Query = { run_ids: query.getAll('run_ids'), disease_id: query.get('disease_id'), limit: query.get('limit') };
  let trends: TrendsResponse;
  try {
    trends = await api.get<TrendsResponse>('/api/workspace/trends', { query: request, signal });
  } catch (error) {
    if (signal.aborted) return;
    // 422 details go next to the field they concern; anything else (e.g. 404 for a run) above the button.
    replace(results);
    showFieldErrors(form, error, general);
    return;
  }
  if (signal.aborted) return;
  const changesPanel = h('section', { class: 'panel', 'data-testid': 'evidence-changes-panel' }, h('h2', null, 'Evidence changes between runs'), evidenceChanges(trends.evidence_changes, trends.runs));
  replace(results,
    trends.truncated ? h('p', { class: 'warning' }, `More runs matched; showing the latest ${trends.limit}.`) : null,
    h('section', { class: 'panel' }, h('h2', null, 'Runs'), runsTable(trends.runs)),
    scoresPanel(trends, signal),
    changesPanel);
  // Titles come from the runs' dossiers: the lists show ids for a moment, then what each record is.
  const labels = await evidenceTitles(trends.evidence_changes, signal).catch(() => undefined);
  if (signal.aborted || !labels) return;
  replace(changesPanel, h('h2', null, 'Evidence changes between runs'), evidenceChanges(trends.evidence_changes, trends.runs, labels));
}

function runsTable(runs: TrendRun[]): HTMLElement {
  if (runs.length === 0) return emptySection('no completed runs yet');
  return h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'trend-runs' },
    h('thead', null, h('tr', null, ['Finished', 'Disease', 'Question', 'Status', 'Evidence', 'Claims', 'Warnings'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, runs.map((run) => h('tr', null,
      h('td', null, h('a', { href: `#runs/${encodeURIComponent(run.run_id)}` }, formatDate(runTime(run)))),
      h('td', null, run.disease_id),
      h('td', null, run.question),
      h('td', { class: `status-${run.status}` }, run.status),
      h('td', null, String(run.evidence_count ?? '—')),
      h('td', null, String(run.claim_count ?? '—')),
      h('td', null, String(run.warning_count ?? '—')))))));
}

/** The chart and its table, for drugs or targets; rebuilt on each toggle, destroyed on navigation. */
function scoresPanel(trends: TrendsResponse, signal: AbortSignal): HTMLElement {
  let kind: CandidateKind = Object.keys(trends.drug_series).length === 0 && Object.keys(trends.target_series).length > 0 ? 'target' : 'drug';
  let showAll = false;
  let chart: ScoreChart | undefined;
  signal.addEventListener('abort', () => chart?.destroy());
  const body = h('div');
  const buttons = (['drug', 'target'] as const).map((k) => h('button', {
    type: 'button', 'data-testid': `trend-kind-${k}`, onclick: () => { kind = k; showAll = false; draw(); },
  }, k === 'drug' ? 'Drugs' : 'Targets'));

  const draw = () => {
    chart?.destroy();
    chart = undefined;
    buttons.forEach((b, i) => b.setAttribute('aria-pressed', String((i === 0 ? 'drug' : 'target') === kind)));
    const grid = scoreGrid(trends, kind);
    if (grid.rows.length === 0) {
      replace(body, emptySection(`no ${kind} rankings in these runs`));
      return;
    }
    const hidden = showAll ? 0 : Math.max(0, grid.rows.length - CHART_LINES);
    const shown = { ...grid, rows: grid.rows.slice(0, grid.rows.length - hidden) };
    const caption = `${kind === 'drug' ? 'Drug' : 'Target'} candidate scores per run (score, then rank), oldest run first`;
    chart = scoreChart(shown, caption);
    replace(body,
      chart.element,
      hidden > 0 || showAll
        ? h('p', { class: 'muted' }, showAll ? `All ${grid.rows.length} candidates shown. ` : `The ${shown.rows.length} best-ranked of ${grid.rows.length} candidates shown. `,
          h('button', { type: 'button', class: 'link', 'data-testid': 'trend-show-all', onclick: () => { showAll = !showAll; draw(); } }, showAll ? 'Show fewer' : 'Show all'))
        : null,
      scoreTable(shown, kind, caption));
  };
  draw();
  return h('section', { class: 'panel', 'data-testid': 'trend-scores' },
    h('h2', null, 'Candidate scores'),
    h('div', { class: 'trend-toggle', role: 'group', 'aria-label': 'Candidate type' }, buttons),
    body);
}
