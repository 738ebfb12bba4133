// #runs: the researcher's saved runs, newest first, paged (#runs?offset=20). Pick two to compare.
import './runs.css';
import { api } from '../../core/api';
import { emptySection, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import { navigate, type ViewContext } from '../../core/router';
import { pager } from './pager';
import { runRow } from './run-row';
import { offsetFrom, RUNS_PAGE_SIZE, type RunsPage } from './run-types';

export async function runsView({ outlet, query, signal }: ViewContext): Promise<void> {
  const offset = offsetFrom(query);
  const body = h('div', { 'data-testid': 'runs-view' }, h('p', { class: 'muted' }, 'Loading runs…'));
  replace(outlet, h('h1', null, 'Saved runs'), body);
  let page: RunsPage;
  try {
    page = await api.get<RunsPage>('/api/workspace/runs', { query: { limit: RUNS_PAGE_SIZE, offset }, signal });
  } catch (error) {
    if (!signal.aborted) replace(body, errorBox(error));
    return;
  }
  if (page.runs.length === 0 && offset > 0) return navigate('runs');
  if (page.runs.length === 0) {
    replace(body, emptySection('no saved runs yet'), h('p', null, h('a', { href: '#ask' }, 'Ask a question'), ' to create one.'));
    return;
  }

  let total = page.total;
  const selected: string[] = [];
  const count = h('p', { class: 'muted', 'data-testid': 'runs-total' });
  const compareButton = h('button', { type: 'button', class: 'primary', 'data-testid': 'compare-selected', disabled: true }, 'Compare selected');
  const hint = h('span', { class: 'muted' });
  const sync = () => {
    replace(count, `${total} run${total === 1 ? '' : 's'}`);
    compareButton.disabled = selected.length !== 2;
    replace(hint, selected.length === 2 ? '' : `Select two runs to compare (${selected.length} selected).`);
  };
  compareButton.addEventListener('click', () => {
    const [left, right] = orderedPair(selected, page);
    navigate(`compare?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`);
  });
  const tbody = h('tbody', null, page.runs.map((run) => runRow(run, {
    onSelect(runId, on) {
      const at = selected.indexOf(runId);
      if (on && at < 0) selected.push(runId);
      if (!on && at >= 0) selected.splice(at, 1);
      // Keep at most two picked: the oldest pick is dropped (and unticked).
      while (selected.length > 2) untick(tbody, selected.shift()!);
      sync();
    },
    onDeleted(runId) {
      total -= 1;
      const at = selected.indexOf(runId);
      if (at >= 0) selected.splice(at, 1);
      sync();
      if (tbody.childElementCount === 0) navigate(offset > 0 ? `runs?offset=${Math.max(0, offset - RUNS_PAGE_SIZE)}` : 'runs');
    },
  })));
  replace(body,
    count,
    h('div', { class: 'table-wrap' }, h('table', { class: 'runs-table' },
      h('thead', null, h('tr', null, ['Compare', 'Question', 'Disease', 'Status', 'Requested', 'Evidence', ''].map((t) => h('th', null, t)))),
      tbody)),
    pager(page, (next) => navigate(next > 0 ? `runs?offset=${next}` : 'runs'), 'runs-pager'),
    h('div', { class: 'actions runs-select-bar' }, compareButton, hint),
  );
  sync();
}

/** The earlier run on the left (the baseline), the later on the right; the list is newest first. */
function orderedPair(ids: string[], page: RunsPage): [string, string] {
  const position = (id: string) => page.runs.findIndex((run) => run.run_id === id);
  const [a, b] = ids as [string, string];
  return position(a) > position(b) ? [a, b] : [b, a];
}

function untick(tbody: HTMLElement, runId: string): void {
  const box = tbody.querySelector<HTMLInputElement>(`tr[data-run-id="${CSS.escape(runId)}"] input[type="checkbox"]`);
  if (box) box.checked = false;
}
