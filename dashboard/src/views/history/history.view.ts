// #history?candidate_id=..&candidate_type=..[&disease_id=..]: one candidate across the caller's runs
// (GET /api/workspace/candidate-history). Without a candidate in the fragment only the form shows.
import './history.css';
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { showFieldErrors } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { historyForm, validateHistoryQuery } from './history-form';
import { evidenceChangesList, reviewsList, scoresTable } from './history-sections';
import type { CandidateHistory } from './history-types';

/** The same runs in the trends chart (the trends take at most 100 runs; the history considers no more). */
function trendsLink(history: CandidateHistory): HTMLElement | null {
  const runIds = history.runs.map((r) => r.run_id).slice(-100);
  if (runIds.length < 2) return null;
  const query = new URLSearchParams();
  runIds.forEach((id) => query.append('run_ids', id));
  query.set('limit', '100');
  return h('p', null, h('a', { href: `#trends?${query.toString()}`, 'data-testid': 'history-trends-link' }, `These ${runIds.length} runs in the trends chart`));
}

export async function historyView({ query, outlet, signal }: ViewContext): Promise<void> {
  const general = h('div');
  const form = historyForm(query, general);
  const results = h('div', { 'data-testid': 'history-results', 'aria-live': 'polite' });
  replace(outlet, h('h1', null, 'Candidate history'), form, results);

  const candidateId = query.get('candidate_id')?.trim() ?? '';
  const candidateType = query.get('candidate_type') ?? '';
  const diseaseId = query.get('disease_id')?.trim() ?? '';
  if (!candidateId) {
    replace(results, h('p', { class: 'muted' }, 'Type a drug or target name (your runs\' candidates are offered as you type), or open one from a run or the trends.'));
    return;
  }
  const problems = validateHistoryQuery(candidateId, candidateType, diseaseId);
  if (Object.keys(problems).length > 0) {
    // The form shows the same checks next to its fields.
    form.requestSubmit();
    return;
  }
  replace(results, h('p', { class: 'muted' }, 'Loading history…'));
  let history: CandidateHistory;
  try {
    history = await api.get<CandidateHistory>('/api/workspace/candidate-history', {
      query: { candidate_id: candidateId, candidate_type: candidateType, disease_id: diseaseId || undefined }, signal,
    });
  } catch (error) {
    if (signal.aborted) return;
    replace(results);
    showFieldErrors(form, error, general);
    return;
  }
  if (signal.aborted) return;
  replace(results,
    h('h2', { 'data-testid': 'history-title' }, history.label ?? history.candidate_id, ' ',
      h('span', { class: 'tag' }, history.candidate_type), h('code', { class: 'muted' }, history.candidate_id)),
    history.disease_id ? h('p', { class: 'muted' }, `Only runs of ${history.disease_id}.`) : null,
    history.truncated ? h('p', { class: 'warning' }, 'Only your latest 100 completed runs were considered.') : null,
    trendsLink(history),
    h('section', { class: 'panel' }, h('h2', null, 'Score and rank per run'), scoresTable(history)),
    h('section', { class: 'panel' }, h('h2', null, 'Evidence added and removed'), evidenceChangesList(history)),
    h('section', { class: 'panel' }, h('h2', null, 'Your reviews'), reviewsList(history)));
}
