// "Download TSV" and "Download JSON" of a table: exactly the rows on screen (filtered, sorted, the page
// shown) and its columns as the cells read them, so a file never holds more or other than the researcher saw.
// Both open with what the numbers rest on (the result's banner): "# " lines atop the TSV, `rests_on` in the JSON.
import { saveBlob } from '../../core/api';
import { h } from '../../core/dom';
import { restsOnTsvHead, type RestsOnLine } from './rests-on';

export interface ShownTable { columns: string[]; rows: Record<string, string>[] }

/** Tabs and line breaks inside a value would break the TSV's grid: they become spaces. */
export function toTsv({ columns, rows }: ShownTable): string {
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ');
  return [columns.map(clean).join('\t'), ...rows.map((r) => columns.map((c) => clean(r[c] ?? '')).join('\t'))].join('\n') + '\n';
}

export function tableExports(shown: () => ShownTable, name: string, restsOn: readonly RestsOnLine[] = []): HTMLElement {
  const tsv = h('button', { type: 'button', 'data-testid': 'table-export-tsv' }, 'Download TSV (as shown)');
  tsv.addEventListener('click', () => saveBlob(new Blob([restsOnTsvHead(restsOn) + toTsv(shown())], { type: 'text/tab-separated-values' }), `${name}.tsv`));
  const json = h('button', { type: 'button', 'data-testid': 'table-export-json' }, 'Download JSON (as shown)');
  json.addEventListener('click', () => {
    const { columns, rows } = shown();
    const body = { rests_on: restsOn.map((l) => ({ kind: l.kind, text: l.text })), columns, rows };
    saveBlob(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }), `${name}.json`);
  });
  return h('div', { class: 'actions' }, tsv, json);
}
