// Which runs the trends cover: the latest completed runs (of one disease, at most `limit`), or the runs
// named in the fragment (#trends?run_ids=..&run_ids=..). Checks mirror the server's trendsQuery schema.
import { h } from '../../core/dom';
import { showClientErrors } from '../../core/errors';
import { navigate } from '../../core/router';

export const TRENDS_LIMIT = { min: 1, max: 100, default: 20 } as const;

export function validateTrendsQuery(diseaseId: string, limit: string, hasRunIds: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const n = Number(limit);
  if (limit !== '' && (!Number.isInteger(n) || n < TRENDS_LIMIT.min || n > TRENDS_LIMIT.max)) errors.limit = `must be a whole number from ${TRENDS_LIMIT.min} to ${TRENDS_LIMIT.max}`;
  if (diseaseId.length > 100) errors.disease_id = 'must be at most 100 characters';
  if (diseaseId !== '' && hasRunIds) errors.disease_id = 'cannot be combined with chosen runs; clear the chosen runs first';
  return errors;
}

export function trendsForm(query: URLSearchParams, general: HTMLElement): HTMLFormElement {
  const runIds = query.getAll('run_ids');
  const form = h('form', { class: 'panel', 'data-testid': 'trends-form', novalidate: true },
    h('div', { class: 'row' },
      h('label', { class: 'field', 'data-field': 'disease_id' }, 'Disease (optional)',
        h('input', { name: 'disease_id', value: query.get('disease_id') ?? '', maxlength: 100, placeholder: 'e.g. sle' })),
      h('label', { class: 'field', 'data-field': 'limit' }, `Runs (latest, ${TRENDS_LIMIT.min}–${TRENDS_LIMIT.max})`,
        h('input', { name: 'limit', type: 'number', min: TRENDS_LIMIT.min, max: TRENDS_LIMIT.max, step: 1, value: query.get('limit') ?? String(TRENDS_LIMIT.default) }))),
    runIds.length > 0
      ? h('p', { class: 'muted' }, `Showing ${runIds.length} chosen run(s). `, h('a', { href: '#trends' }, 'Show my latest runs instead'))
      : null,
    general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Show trends')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const diseaseId = String(data.get('disease_id') ?? '').trim();
    const limit = String(data.get('limit') ?? '').trim();
    if (!showClientErrors(form, validateTrendsQuery(diseaseId, limit, runIds.length > 0), general)) return;
    const next = new URLSearchParams();
    runIds.forEach((id) => next.append('run_ids', id));
    if (diseaseId) next.set('disease_id', diseaseId);
    if (limit) next.set('limit', limit);
    navigate(`trends?${next.toString()}`);
  });
  return form;
}
