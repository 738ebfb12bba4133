// FAERS disproportionality of one drug as a forest plot: one row per reported event (MedDRA PT), PRR
// (circle) and ROR (square) each with its 95% CI whisker on a log axis, a solid line at 1 (no
// disproportion) and a dashed one at PRR 2; rows meeting Evans' criteria (PRR ≥ 2, χ² ≥ 4, n ≥ 3) are
// shaded and marked "signal". Plain SVG styled by classes (CSP); each marker carries its drawn value.
import { logDomain, logScale, logTicks, truncate } from '../../../../domain/charts/chart-scales';
import { h, svg } from '../../core/dom';
import './analysis.css';

export interface RatioWithCi { value: number; ci_lower: number; ci_upper: number }
export interface FaersEvent { term: string; reports: number; prr: RatioWithCi | null; ror: RatioWithCi | null; chi_square_yates: number | null; evans_signal: boolean }

export const FOREST_MAX_ROWS = 25;
const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ci = (r: RatioWithCi | null) => (r ? `${fmt(r.value)} (${fmt(r.ci_lower)}–${fmt(r.ci_upper)})` : 'n/a');

export function faersForestPlot(drugName: string, events: readonly FaersEvent[]): HTMLElement {
  const drawable = events.filter((e) => e.prr || e.ror);
  if (drawable.length === 0) return h('p', { class: 'muted', 'data-testid': 'forest-empty' }, `No FAERS event of ${drugName} has a 2×2 table to compute PRR or ROR from.`);
  const shown = drawable.slice(0, FOREST_MAX_ROWS);
  const rowH = 26, labelW = 215, plotW = 320, valueW = 200, top = 30, width = labelW + plotW + valueW;
  const height = top + shown.length * rowH + 30;
  const [lo, hi] = logDomain(shown.flatMap((e) => [e.prr, e.ror].flatMap((r) => (r ? [r.ci_lower, r.ci_upper] : []))).concat(2));
  const x = logScale(lo, hi, labelW + 8, labelW + plotW - 8);
  const signals = shown.filter((e) => e.evans_signal).length;
  const marker = (r: RatioWithCi | null, y: number, measure: 'prr' | 'ror') => r && svg('g', { class: `forest-${measure}` },
    svg('line', { x1: x(r.ci_lower), x2: x(r.ci_upper), y1: y, y2: y, class: 'whisker' }),
    svg('line', { x1: x(r.ci_lower), x2: x(r.ci_lower), y1: y - 3, y2: y + 3, class: 'whisker' }),
    svg('line', { x1: x(r.ci_upper), x2: x(r.ci_upper), y1: y - 3, y2: y + 3, class: 'whisker' }),
    measure === 'prr'
      ? svg('circle', { cx: x(r.value), cy: y, r: 4, class: 'point', 'data-testid': 'forest-point', 'data-measure': measure, 'data-value': r.value, 'data-ci-lower': r.ci_lower, 'data-ci-upper': r.ci_upper })
      : svg('rect', { x: x(r.value) - 3.5, y: y - 3.5, width: 7, height: 7, class: 'point', 'data-testid': 'forest-point', 'data-measure': measure, 'data-value': r.value, 'data-ci-lower': r.ci_lower, 'data-ci-upper': r.ci_upper }));
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'chart forest-plot', role: 'img', 'data-testid': 'faers-forest-plot',
    'aria-label': `FAERS forest plot for ${drugName}: PRR and ROR with 95% confidence intervals of ${shown.length} reported events on a log scale; ${signals} meet the Evans signal criteria`,
  },
  logTicks(lo, hi).map((t) => svg('g', null,
    svg('line', { x1: x(t), x2: x(t), y1: top - 6, y2: height - 24, class: 'grid' }),
    svg('text', { x: x(t), y: height - 8, class: 'tick', 'text-anchor': 'middle' }, String(t)))),
  svg('text', { x: labelW - 6, y: top - 12, class: 'tick', 'text-anchor': 'end' }, 'Event (reports)'),
  svg('text', { x: labelW + plotW + 6, y: top - 12, class: 'tick' }, 'PRR · ROR (95% CI)'),
  shown.map((e, i) => {
    const y = top + i * rowH;
    return svg('g', { 'data-testid': 'forest-row', 'data-term': e.term, 'data-signal': String(e.evans_signal) },
      svg('title', null, `${e.term}: ${e.reports} reports; PRR ${ci(e.prr)}; ROR ${ci(e.ror)}; χ² (Yates) ${e.chi_square_yates === null ? 'n/a' : e.chi_square_yates.toFixed(2)}${e.evans_signal ? '; Evans signal' : ''}`),
      e.evans_signal ? svg('rect', { x: 0, y, width, height: rowH, class: 'signal-row' }) : null,
      svg('text', { x: labelW - 6, y: y + 17, class: e.evans_signal ? 'label signal' : 'label', 'text-anchor': 'end' }, `${e.evans_signal ? '▲ ' : ''}${truncate(e.term, 20)} (${e.reports})`),
      marker(e.prr, y + 9, 'prr'), marker(e.ror, y + 18, 'ror'),
      svg('text', { x: labelW + plotW + 6, y: y + 12, class: 'value' }, `PRR ${ci(e.prr)}`),
      svg('text', { x: labelW + plotW + 6, y: y + 23, class: 'value' }, `ROR ${ci(e.ror)}`));
  }),
  svg('line', { x1: x(1), x2: x(1), y1: top - 6, y2: height - 24, class: 'null-line' }),
  svg('line', { x1: x(2), x2: x(2), y1: top - 6, y2: height - 24, class: 'threshold' }));
  return h('figure', { class: 'chart-figure', 'data-testid': 'faers-forest' }, h('div', { class: 'chart-scroll', tabindex: 0, role: 'region', 'aria-label': `FAERS forest plot (scrolls sideways on a narrow screen)` }, chart),
    h('figcaption', { class: 'muted small' },
      `${drugName}: FAERS disproportionality from openFDA report counts — proportional reporting ratio (PRR, Evans et al. 2001) and reporting odds ratio `
      + '(ROR, Rothman et al. 2004) with 95% CIs, log scale. ',
      h('span', { class: 'legend forest-prr' }), ' PRR  ', h('span', { class: 'legend forest-ror' }), ' ROR; solid line: 1 (no disproportion); dashed: PRR 2; ',
      '▲ shaded rows meet the Evans criteria (PRR ≥ 2, Yates χ² ≥ 4, ≥ 3 reports).',
      drawable.length > shown.length ? ` First ${shown.length} of ${drawable.length} events (most reported first).` : ''));
}
