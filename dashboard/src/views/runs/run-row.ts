// One run in the runs list: link to its dossier, a checkbox to pick it for comparison, and delete with
// an in-row confirmation (no blocking dialog; the row goes away once the server has deleted the run).
import { api } from '../../core/api';
import { h, formatDate, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { RunSummary } from './run-types';

export interface RunRowHandlers {
  onSelect(runId: string, selected: boolean): void;
  onDeleted(runId: string): void;
}

export function runRow(run: RunSummary, handlers: RunRowHandlers): HTMLTableRowElement {
  const actions = h('div', { class: 'row-actions' });
  const checkbox = h('input', {
    type: 'checkbox', 'aria-label': `Select run for comparison: ${run.question}`, 'data-testid': 'run-select',
    onchange: () => handlers.onSelect(run.run_id, checkbox.checked),
  });
  const row = h('tr', { 'data-testid': 'run-row', 'data-run-id': run.run_id },
    h('td', { 'data-label': 'Compare' }, checkbox),
    h('td', { class: 'question' }, h('a', { href: `#runs/${encodeURIComponent(run.run_id)}`, 'data-testid': 'run-link' }, run.question)),
    h('td', { 'data-label': 'Disease' }, run.disease_id),
    h('td', { 'data-label': 'Status' }, h('span', { class: `status-${run.status}` }, run.status)),
    h('td', { class: 'when', 'data-label': 'Requested' }, formatDate(run.requested_at)),
    h('td', { 'data-label': 'Evidence' }, run.summary?.evidence_count ?? '—'),
    h('td', null, actions),
  );

  const showDelete = () => {
    row.classList.remove('confirming');
    replace(actions, h('button', { type: 'button', class: 'danger', 'data-testid': 'run-delete', onclick: showConfirm }, 'Delete'));
  };
  const showConfirm = () => {
    row.classList.add('confirming');
    replace(actions,
      h('span', null, 'Delete this run and its reviews?'),
      h('button', { type: 'button', class: 'danger', 'data-testid': 'run-delete-confirm', onclick: () => void remove() }, 'Delete'),
      h('button', { type: 'button', 'data-testid': 'run-delete-cancel', onclick: showDelete }, 'Cancel'));
  };
  const remove = async () => {
    actions.querySelectorAll('button').forEach((b) => { b.disabled = true; });
    try {
      await api.delete(`/api/workspace/runs/${encodeURIComponent(run.run_id)}`);
      row.remove();
      handlers.onDeleted(run.run_id);
    } catch (error) {
      showDelete();
      actions.appendChild(errorBox(error));
    }
  };
  showDelete();
  return row;
}
