// The cross-disease overlap as a heatmap: the compared registry diseases on both axes, each cell the
// Jaccard index of the two diseases' GWAS gene sets (|A ∩ B| / |A ∪ B|) on a sequential light-to-dark
// blue scale from 0 to the largest value drawn. The result lists only pairs that share genes, so an
// unlisted pair of two compared diseases shares none: Jaccard 0. The diagonal (a disease with itself) is
// not computed and drawn grey. Values are written in the cells in black or white, whichever contrasts more.
import { SEQUENTIAL_STOPS, sequentialColour, textOn, truncate } from '../../../../domain/charts/chart-scales';
import { h, svg } from '../../core/dom';

export interface ComparedDisease { curie: string; label: string; module_id: string; genes?: number }
export interface OverlapPair { a: { curie: string }; b: { curie: string }; shared_genes: number; gene_jaccard: number; fdr: number | null }

export const CROSS_DISEASE_MAX = 20;

export function crossDiseaseHeatmap(compared: readonly ComparedDisease[], pairs: readonly OverlapPair[]): HTMLElement {
  if (compared.length < 2) return h('p', { class: 'muted', 'data-testid': 'cross-disease-empty' }, 'Fewer than two diseases compared: nothing to draw.');
  const shown = compared.slice(0, CROSS_DISEASE_MAX);
  const byPair = new Map<string, OverlapPair>();
  for (const p of pairs) { byPair.set(`${p.a.curie}|${p.b.curie}`, p); byPair.set(`${p.b.curie}|${p.a.curie}`, p); }
  const values = shown.flatMap((a) => shown.filter((b) => b !== a).map((b) => byPair.get(`${a.curie}|${b.curie}`)?.gene_jaccard ?? 0));
  const max = Math.max(...values, 1e-9);
  const cell = 34, labelW = 130, top = 130, left = labelW;
  const width = left + shown.length * cell + 80, height = top + shown.length * cell + 6;
  const gradient = 'cross-disease-scale';
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, width, height, class: 'chart heatmap cross-disease-heatmap', role: 'img', 'data-testid': 'cross-disease-heatmap',
    'aria-label': `Gene-set Jaccard index of every pair of ${shown.length} registry diseases, from 0 to ${max.toFixed(3)}`,
  },
  shown.map((d, j) => svg('text', { x: 0, y: 0, class: 'label', transform: `translate(${left + j * cell + cell / 2 + 4} ${top - 6}) rotate(-60)` },
    svg('title', null, `${d.label} (${d.curie})`), truncate(d.label, 20))),
  shown.map((a, i) => svg('g', { 'data-testid': 'cross-disease-row', 'data-disease': a.curie },
    svg('text', { x: left - 4, y: top + i * cell + cell / 2 + 4, class: 'label', 'text-anchor': 'end' }, svg('title', null, `${a.label} (${a.curie})`), truncate(a.label, 20)),
    shown.map((b, j) => {
      const x = left + j * cell, y = top + i * cell;
      if (a === b) return svg('rect', { x, y, width: cell - 1, height: cell - 1, class: 'cell self' }, svg('title', null, `${a.label} with itself (not computed)`));
      const pair = byPair.get(`${a.curie}|${b.curie}`);
      const value = pair?.gene_jaccard ?? 0;
      const fill = sequentialColour(value / max);
      return svg('g', null,
        svg('rect', { x, y, width: cell - 1, height: cell - 1, fill, class: 'cell', 'data-testid': 'cross-disease-cell', 'data-a': a.curie, 'data-b': b.curie, 'data-value': value },
          svg('title', null, pair
            ? `${a.label} × ${b.label}: gene Jaccard ${value.toFixed(3)}, ${pair.shared_genes} shared genes${pair.fdr === null ? '' : `, FDR ${pair.fdr.toPrecision(3)}`}`
            : `${a.label} × ${b.label}: no shared GWAS gene (Jaccard 0)`)),
        svg('text', { x: x + cell / 2, y: y + cell / 2 + 3, fill: textOn(fill), class: 'cell-value', 'text-anchor': 'middle' }, value === 0 ? '0' : value.toFixed(3).replace(/^0/, '')));
    }))));
  const legend = svg('svg', { viewBox: '0 0 220 34', class: 'chart legend-scale', role: 'img', 'aria-label': `Colour scale: gene Jaccard index from 0 (lightest) to ${max.toFixed(3)} (darkest)` },
    svg('defs', null, svg('linearGradient', { id: gradient }, SEQUENTIAL_STOPS.map((c, k) => svg('stop', { offset: `${(k / (SEQUENTIAL_STOPS.length - 1)) * 100}%`, 'stop-color': c })))),
    svg('rect', { x: 10, y: 2, width: 200, height: 12, fill: `url(#${gradient})`, class: 'scale-bar' }),
    svg('text', { x: 10, y: 28, class: 'tick', 'text-anchor': 'start' }, '0'),
    svg('text', { x: 210, y: 28, class: 'tick', 'text-anchor': 'end' }, max.toFixed(3)));
  return h('figure', { class: 'chart-figure', 'data-testid': 'cross-disease-figure' }, h('div', { class: 'chart-scroll', tabindex: 0, role: 'region', 'aria-label': `Cross-disease heatmap (scrolls sideways on a narrow screen)` }, chart), legend,
    h('figcaption', { class: 'muted small' },
      'Gene-set similarity of the registry diseases: Jaccard index of their GWAS genes (|A ∩ B| / |A ∪ B|), light (0) to dark (the largest drawn); '
      + 'pairs without a shared gene are 0; the diagonal is not computed. ',
      compared.length > shown.length ? `First ${shown.length} of ${compared.length} diseases in registry order.` : `All ${shown.length} compared diseases.`));
}
