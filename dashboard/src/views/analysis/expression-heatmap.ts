// The expression profile as a heatmap: the disease's genes (rows, most over-expression calls first) ×
// the listed tissues (columns, smallest enrichment p first), each cell the gene's Bgee call there —
// over-expressed (warm), under-expressed (cool), present only (neutral green), no call (blank). Bgee's
// calls are categorical, so the scale is a two-sided palette around a neutral, not a graded one. Capped to
// EXPRESSION_MAX_GENES × EXPRESSION_MAX_TISSUES, said in the caption. Plain SVG, classes only (CSP).
import { truncate } from '../../../../domain/charts/chart-scales';
import { h, svg } from '../../core/dom';

export type ExpressionCall = 'over' | 'under' | 'present' | null;
export interface ExpressionTissue { id: string; label: string; fdr: number }
export interface ExpressionGene { id: string; symbol: string; over_in: number; listed_tissue_calls?: ExpressionCall[] }

export const EXPRESSION_MAX_GENES = 30;
export const EXPRESSION_MAX_TISSUES = 20;
const CALL_TEXT: Record<string, string> = { over: 'over-expressed', under: 'under-expressed', present: 'present (no differential call)', none: 'no call' };

export function expressionHeatmap(tissues: readonly ExpressionTissue[], genes: readonly ExpressionGene[]): HTMLElement {
  const withCalls = genes.filter((g) => (g.listed_tissue_calls ?? []).some((c) => c !== null));
  if (tissues.length === 0 || withCalls.length === 0) return h('p', { class: 'muted', 'data-testid': 'expression-empty' }, 'No Bgee call of the disease\'s genes in the listed tissues.');
  const cols = tissues.slice(0, EXPRESSION_MAX_TISSUES);
  const rows = withCalls.slice(0, EXPRESSION_MAX_GENES);
  const cell = 18, labelW = 90, top = 150, left = labelW;
  const width = left + cols.length * cell + 80, height = top + rows.length * cell + 6;
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, width, height, class: 'chart heatmap expression-heatmap', role: 'img', 'data-testid': 'expression-heatmap',
    'aria-label': `Bgee calls of ${rows.length} disease genes in ${cols.length} tissues: over-expressed, under-expressed, present only or no call`,
  },
  cols.map((t, j) => svg('text', { x: 0, y: 0, class: 'label', transform: `translate(${left + j * cell + cell / 2 + 4} ${top - 6}) rotate(-60)` },
    svg('title', null, `${t.label} (${t.id}), enrichment FDR ${t.fdr.toPrecision(3)}`), truncate(t.label, 24))),
  rows.map((g, i) => svg('g', { 'data-testid': 'expression-row', 'data-gene': g.id },
    svg('text', { x: left - 4, y: top + i * cell + 13, class: 'label', 'text-anchor': 'end' }, svg('title', null, `${g.symbol} (${g.id})`), truncate(g.symbol, 12)),
    cols.map((t, j) => {
      const call = g.listed_tissue_calls?.[j] ?? null;
      return svg('rect', { x: left + j * cell, y: top + i * cell, width: cell - 1, height: cell - 1, class: `cell call-${call ?? 'none'}`,
        'data-testid': 'expression-cell', 'data-tissue': t.id, 'data-value': call ?? 'none' },
      svg('title', null, `${g.symbol} in ${t.label}: ${CALL_TEXT[call ?? 'none']}`));
    }))));
  const capped = [withCalls.length > rows.length ? `the first ${rows.length} of ${withCalls.length} genes with a call` : null,
    tissues.length > cols.length ? `the first ${cols.length} of ${tissues.length} tissues` : null].filter(Boolean);
  return h('figure', { class: 'chart-figure', 'data-testid': 'expression-figure' }, h('div', { class: 'chart-scroll', tabindex: 0, role: 'region', 'aria-label': `Expression heatmap (scrolls sideways on a narrow screen)` }, chart),
    h('figcaption', { class: 'muted small' },
      'Bgee presence and differential-expression calls of the disease\'s GWAS genes per anatomy term (tissues ordered by the hypergeometric '
      + 'enrichment p of over-expressed genes). ',
      h('span', { class: 'legend call-over' }), ' over-expressed  ', h('span', { class: 'legend call-under' }), ' under-expressed  ',
      h('span', { class: 'legend call-present' }), ' present only  ', h('span', { class: 'legend call-none' }), ' no call. ',
      `Showing ${capped.length > 0 ? capped.join(' and ') : `all ${rows.length} genes with a call and all ${cols.length} listed tissues`} `
      + `(at most ${EXPRESSION_MAX_GENES} genes × ${EXPRESSION_MAX_TISSUES} tissues).`));
}
