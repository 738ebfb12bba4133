// A table a researcher can sort (click a column heading; aria-sort says which way) and filter (a select
// per facet with the values present, plus free text), redrawn in place. Rows are built once; sorting
// and filtering only reorder and hide them, so a review typed in a row is never lost.
import { Attrs, Child, h, replace } from './dom';

export interface Column<T> {
  label: string;
  cell: (row: T) => Child;
  /** Sort key; a column without one cannot be sorted. */
  sort?: (row: T) => string | number | null;
  className?: string;
}

export interface Facet<T> {
  key: string;
  label: string;
  value: (row: T) => string;
}

export interface TableSpec<T> {
  testId: string;
  caption: string;
  rows: T[];
  columns: Column<T>[];
  facets: Facet<T>[];
  /** Text the free-text filter searches. */
  text: (row: T) => string;
  rowAttrs: (row: T) => Attrs;
  /** Rows shown before "Show all" (all when absent). */
  pageSize?: number;
  /** Told the rows on screen, in their order, after every redraw (exports take exactly what is shown). */
  onShown?: (rows: T[]) => void;
}

interface State { sortBy: number | null; descending: boolean; facets: Map<string, string>; text: string; all: boolean }

export function dataTable<T>(spec: TableSpec<T>): HTMLElement {
  const state: State = { sortBy: null, descending: false, facets: new Map(), text: '', all: false };
  const built = spec.rows.map((row) => ({ row, tr: h('tr', spec.rowAttrs(row), spec.columns.map((c) => h('td', { class: c.className }, c.cell(row)))) }));
  const tbody = h('tbody');
  const count = h('p', { class: 'muted small', 'aria-live': 'polite', 'data-testid': `${spec.testId}-count` });
  const more = h('button', { type: 'button', class: 'link', 'data-testid': `${spec.testId}-all` }, 'Show all');
  more.addEventListener('click', () => { state.all = true; redraw(); });
  const heads = spec.columns.map((column, i) => sortHeading(column, i, state, () => redraw()));
  const redraw = () => {
    const shown = built.filter(({ row }) => matches(spec, row, state));
    if (state.sortBy !== null) {
      const key = spec.columns[state.sortBy]!.sort!;
      shown.sort((a, b) => compare(key(a.row), key(b.row), state.descending));
    }
    const limit = state.all || !spec.pageSize ? shown.length : spec.pageSize;
    replace(tbody, shown.slice(0, limit).map((s) => s.tr));
    spec.onShown?.(shown.slice(0, limit).map((s) => s.row));
    replace(count, `Showing ${Math.min(limit, shown.length)} of ${shown.length}${shown.length < built.length ? ` matching (${built.length} in all)` : ''}`);
    more.hidden = shown.length <= limit;
    heads.forEach((th, i) => th.setAttribute('aria-sort', state.sortBy === i ? (state.descending ? 'descending' : 'ascending') : 'none'));
  };
  const bar = filterBar(spec, state, redraw);
  redraw();
  return h('div', { class: 'data-table', 'data-testid': spec.testId },
    bar, count,
    h('div', { class: 'table-wrap' }, h('table', null, h('caption', { class: 'visually-hidden' }, spec.caption), h('thead', null, h('tr', null, heads)), tbody)),
    more);
}

function sortHeading<T>(column: Column<T>, index: number, state: State, redraw: () => void): HTMLTableCellElement {
  if (!column.sort) return h('th', { scope: 'col' }, column.label);
  const button = h('button', { type: 'button', class: 'sort', 'data-testid': `sort-${column.label.toLowerCase().replace(/\W+/g, '-')}` }, column.label);
  button.addEventListener('click', () => {
    state.descending = state.sortBy === index ? !state.descending : false;
    state.sortBy = index;
    redraw();
  });
  return h('th', { scope: 'col', 'aria-sort': 'none' }, button);
}

function filterBar<T>(spec: TableSpec<T>, state: State, redraw: () => void): HTMLElement {
  const selects = spec.facets.map((facet) => {
    const values = [...new Set(spec.rows.map(facet.value))].sort();
    const select = h('select', { name: facet.key, 'data-testid': `filter-${facet.key}` },
      h('option', { value: '' }, 'all'), values.map((v) => h('option', { value: v }, v)));
    select.addEventListener('change', () => { state.facets.set(facet.key, select.value); redraw(); });
    return h('label', { class: 'filter' }, facet.label, select);
  });
  const text = h('input', { type: 'search', name: 'text', placeholder: 'title, id, sentence…', 'data-testid': `filter-text` });
  text.addEventListener('input', () => { state.text = text.value.trim().toLowerCase(); redraw(); });
  return h('div', { class: 'filter-bar' }, selects, h('label', { class: 'filter' }, 'Contains', text));
}

function matches<T>(spec: TableSpec<T>, row: T, state: State): boolean {
  for (const facet of spec.facets) {
    const wanted = state.facets.get(facet.key);
    if (wanted && facet.value(row) !== wanted) return false;
  }
  return !state.text || spec.text(row).toLowerCase().includes(state.text);
}

/** Missing values last whichever the direction. */
function compare(a: string | number | null, b: string | number | null, descending: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return descending ? -order : order;
}
