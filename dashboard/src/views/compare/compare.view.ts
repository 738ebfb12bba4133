// #compare?left=..&right=..: pick two runs, then the server's comparison of them. A 404 (not the
// researcher's run) or 409 (no dossier yet) is shown with the server's own text.
import './compare.css';
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { comparePicker } from './compare-picker';
import { comparisonView } from './compare-result';
import type { Comparison } from './compare-types';

export async function compareView({ outlet, query, signal }: ViewContext): Promise<void> {
  const left = query.get('left') ?? '';
  const right = query.get('right') ?? '';
  const result = h('div', { 'data-testid': 'compare-output' });
  replace(outlet, h('h1', null, 'Compare two runs'), h('div', { class: 'muted' }, 'Loading runs…'), result);
  const picker = await comparePicker(left, right, signal);
  if (signal.aborted) return;
  outlet.children[1]?.replaceWith(picker);
  if (!left || !right) {
    replace(result, h('p', { class: 'muted' }, 'Choose two runs: the left one is the baseline, the right one is compared against it.'));
    return;
  }
  replace(result, h('p', { class: 'muted' }, 'Comparing…'));
  try {
    const comparison = await api.get<Comparison>('/api/workspace/compare', { query: { left, right }, signal });
    replace(result, comparisonView(comparison));
  } catch (error) {
    if (!signal.aborted) replace(result, errorBox(error));
  }
}
