// #analysis: every analysis module the server lists (GET /api/system/modules), each with its title,
// what it computes, and a link to its page where it can be run.
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { NOT_ON_ANALYSIS_PAGES, type ModulesAnswer } from './analysis-types';
import './analysis.css';

export async function analysisListView({ outlet, signal }: ViewContext): Promise<void> {
  replace(outlet, h('h1', null, 'Analysis modules'), h('p', { class: 'muted' }, 'Loading…'));
  let answer: ModulesAnswer;
  try {
    answer = await api.get<ModulesAnswer>('/api/system/modules', { signal });
  } catch (error) {
    if (!signal.aborted) replace(outlet, h('h1', null, 'Analysis modules'), errorBox(error));
    return;
  }
  const modules = answer.modules.filter((m) => !NOT_ON_ANALYSIS_PAGES.has(m.id));
  replace(outlet, h('h1', null, 'Analysis modules'),
    h('p', { class: 'muted' }, 'Each module runs as a job on the imported knowledge; results name their method, parameters and snapshots.'),
    h('p', null, h('a', { href: '#analysis/run-all', 'data-testid': 'run-all-link' }, 'Run all modules'), ' — the default set in one job, with each module\'s outcome.'),
    h('ul', { class: 'module-list', 'data-testid': 'module-list' }, modules.map((m) => h('li', { class: 'panel' },
      h('h2', null, h('a', { href: `#analysis/${encodeURIComponent(m.id)}`, 'data-testid': `module-${m.id}` }, m.title)),
      h('p', { class: 'small' }, m.description)))));
}
