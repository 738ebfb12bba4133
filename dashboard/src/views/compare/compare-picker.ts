// Two selects over the researcher's latest runs (the hash query's runs preselected); choosing sends the
// pair to #compare?left=..&right=.. so a comparison is a link that can be shared or reloaded.
import { api } from '../../core/api';
import { formatDate, h } from '../../core/dom';
import { showClientErrors } from '../../core/errors';
import { navigate } from '../../core/router';
import type { RunsPage, RunSummary } from '../runs/run-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function comparePicker(left: string, right: string, signal: AbortSignal): Promise<HTMLElement> {
  const general = h('div');
  let runs: RunSummary[] = [];
  try {
    runs = (await api.get<RunsPage>('/api/workspace/runs', { query: { limit: 200 }, signal })).runs;
  } catch {
    // The selects stay usable with whatever the hash named; the comparison itself reports errors.
  }
  const select = (name: 'left' | 'right', label: string, value: string) => {
    const options = runs.map((run) => h('option', { value: run.run_id }, `${run.question} — ${run.disease_id}, ${formatDate(run.requested_at)}${run.status === 'completed' ? '' : ` (${run.status})`}`));
    if (value && !runs.some((run) => run.run_id === value)) options.unshift(h('option', { value }, value));
    const element = h('select', { name, 'data-testid': `compare-${name}` }, h('option', { value: '' }, 'Choose a run…'), options);
    element.value = value;
    return h('label', { class: 'field', 'data-field': name }, label, element);
  };
  const form = h('form', { class: 'panel compare-picker', 'data-testid': 'compare-picker' },
    h('div', { class: 'row' }, select('left', 'Left run (baseline)', left), select('right', 'Right run (compared)', right)),
    general,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', 'data-testid': 'compare-submit' }, 'Compare')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const chosen = { left: String(data.get('left') ?? ''), right: String(data.get('right') ?? '') };
    // Mirrors the route's schema: both required, both run ids (uuid).
    const errors: Record<string, string> = {};
    for (const side of ['left', 'right'] as const) {
      if (!chosen[side]) errors[side] = 'choose a run';
      else if (!UUID.test(chosen[side])) errors[side] = 'is not a run id';
    }
    if (!showClientErrors(form, errors, general)) return;
    navigate(`compare?left=${encodeURIComponent(chosen.left)}&right=${encodeURIComponent(chosen.right)}`);
  });
  return form;
}
