// The target–disease association heatmap by data type, as the Open Targets Platform draws it (Ochoa et al.,
// Nucleic Acids Res 2023;51:D1353): one row per ranked target, one column per data type, each cell the
// dossier's own per-data-type score of that target (its component scores, 0–100: the harmonic sums of
// docs/scoring.md — nothing is recomputed here). A data type with no evidence for the target is blank
// ("no evidence"): absence, not a low score. Expression and pathways are not data types of a dossier (they
// are module results: expression profile, pathway enrichment) and the caption says so. Under it the same
// numbers as a table with TSV/JSON of what is shown, and "API query": the exact request they come from.
import { sequentialColour, textOn, truncate } from '../../../../domain/charts/chart-scales';
import { h, svg } from '../../core/dom';
import { tableExports } from '../analysis/table-export';
import type { Ranking } from './dossier-model';

/** Open Targets' data-type names for the dossier's component scores, in their column order. */
export const DATA_TYPES: readonly { key: string; label: string }[] = [
  { key: 'genetic_association', label: 'GWAS / genetics' },
  { key: 'literature', label: 'Literature' },
  { key: 'clinical', label: 'Trials' },
  { key: 'mechanism', label: 'Drugs (mechanism)' },
  { key: 'graph_support', label: 'Knowledge graph' },
];
const MAX_ROWS = 30;

export function associationHeatmap(runId: string, targets: readonly Ranking[]): HTMLElement | null {
  if (targets.length === 0) return null;
  const shown = targets.slice(0, MAX_ROWS);
  const value = (t: Ranking, key: string): number | null => {
    const v = t.component_scores[key];
    return typeof v === 'number' && v > 0 ? v : null;
  };
  const cellW = 70, cellH = 26, left = 150, top = 92;
  const width = left + DATA_TYPES.length * cellW + 4, height = top + shown.length * cellH + 4;
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, width, height, class: 'chart heatmap association-heatmap', role: 'img', 'data-testid': 'association-heatmap',
    'aria-label': `Association scores (0 to 100) of ${shown.length} ranked targets by data type: ${DATA_TYPES.map((d) => d.label).join(', ')}; blank where a data type has no evidence`,
  },
  DATA_TYPES.map((d, j) => svg('text', { x: 0, y: 0, class: 'label', transform: `translate(${left + j * cellW + cellW / 2} ${top - 6}) rotate(-40)` }, d.label)),
  shown.map((t, i) => svg('g', { 'data-testid': 'association-row', 'data-target': t.candidate_id },
    svg('text', { x: left - 6, y: top + i * cellH + cellH / 2 + 4, class: 'label', 'text-anchor': 'end' }, svg('title', null, `${t.label} (${t.candidate_id})`), truncate(t.label, 22)),
    DATA_TYPES.map((d, j) => {
      const v = value(t, d.key);
      const fill = v === null ? '#f4f6f9' : sequentialColour(v / 100);
      const x = left + j * cellW, y = top + i * cellH;
      return svg('g', null,
        svg('rect', { x, y, width: cellW - 2, height: cellH - 2, fill, class: 'cell', 'data-testid': 'association-cell', 'data-type': d.key, 'data-value': v === null ? 'none' : String(v) },
          svg('title', null, `${t.label} · ${d.label}: ${v === null ? 'no evidence' : v.toFixed(1)}`)),
        svg('text', { x: x + cellW / 2 - 1, y: y + cellH / 2 + 3, fill: v === null ? '#4b5563' : textOn(fill), class: 'cell-value', 'text-anchor': 'middle' }, v === null ? '—' : v.toFixed(0)));
    }))));
  const caption = h('figcaption', { class: 'small muted' },
    `Each cell is the dossier's score of the target for one data type (0–100; harmonic sum of that type's records, docs/scoring.md), `
    + `darker is higher; "—" is no evidence of that type (absence, not a low score). Expression and pathways are module results, not dossier data types: `,
    h('a', { href: '#analysis/expression-profile' }, 'expression profile'), ', ', h('a', { href: '#analysis/pathway-enrichment' }, 'pathway enrichment'), '.',
    targets.length > shown.length ? ` Showing the first ${shown.length} of ${targets.length} targets.` : '');
  const columns = ['target', 'id', ...DATA_TYPES.map((d) => d.key)];
  const rows = shown.map((t) => Object.fromEntries([['target', t.label], ['id', t.candidate_id], ...DATA_TYPES.map((d) => [d.key, value(t, d.key)?.toFixed(1) ?? ''])]) as Record<string, string>);
  const table = h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'association-table' },
    h('caption', { class: 'visually-hidden' }, 'Association scores by data type'),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Target'), DATA_TYPES.map((d) => h('th', { scope: 'col' }, d.label)))),
    h('tbody', null, rows.map((r) => h('tr', null, h('th', { scope: 'row' }, r.target), DATA_TYPES.map((d) => h('td', null, r[d.key] || '—')))))));
  const path = `/api/workspace/runs/${encodeURIComponent(runId)}`;
  const query = h('details', { class: 'api-query', 'data-testid': 'api-query' }, h('summary', null, 'API query'),
    h('p', { class: 'small' }, 'These numbers are target_rankings[].component_scores of:'),
    h('pre', { 'data-testid': 'api-query-request' }, `GET ${path}`),
    h('pre', { class: 'small' }, `curl -H 'X-Researcher-ID: <you>' -H 'X-API-Key: <key>' '${location.origin}${path}'`));
  return h('section', { class: 'panel', id: 'dossier-associations', 'data-testid': 'dossier-associations' },
    h('h2', null, 'Target–disease association by data type'),
    h('figure', { class: 'chart-figure' }, h('div', { class: 'chart-scroll' }, chart), caption),
    h('details', null, h('summary', null, 'The scores as a table'), table, tableExports(() => ({ columns, rows }), `associations-${runId}`)),
    query);
}
