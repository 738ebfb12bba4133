// One prediction's SHAP waterfall: from the model's base value, each feature's SHAP value as a bar from
// where the sum stood to where it goes (up green, down red), the smallest grouped, to the prediction's
// log-odds and its probability. Plain SVG styled by classes (CSP); every bar carries its value.
import { probabilityOf, waterfallSteps } from '../../../../domain/charts/shap-waterfall';
import { h, svg } from '../../core/dom';

const SHOWN = 8;

export function shapWaterfall(base: number, shap: Readonly<Record<string, number>>, logOdds: number): HTMLElement {
  const steps = waterfallSteps(base, shap, SHOWN);
  const rowH = 22, labelW = 200, plotW = 300, top = 6, width = labelW + plotW + 70;
  const rows = steps.length + 2;
  const height = top + rows * rowH + 22;
  const values = [base, logOdds, ...steps.flatMap((s) => [s.start, s.end])];
  const lo = Math.min(...values), hi = Math.max(...values);
  const pad = (hi - lo) * 0.05 || 0.5;
  const x = (v: number) => labelW + ((v - (lo - pad)) / (hi - lo + 2 * pad)) * plotW;
  const rowY = (i: number) => top + i * rowH;
  const marker = (i: number, v: number, label: string, testId: string) => svg('g', { 'data-testid': testId, 'data-value': v.toFixed(4) },
    svg('text', { x: labelW - 6, y: rowY(i) + 15, class: 'label', 'text-anchor': 'end' }, label),
    svg('line', { x1: x(v), x2: x(v), y1: rowY(i) + 3, y2: rowY(i) + rowH - 3, class: 'marker' }),
    svg('text', { x: x(v) + 5, y: rowY(i) + 15, class: 'value' }, v.toFixed(2)));
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'chart shap-waterfall', role: 'img', 'data-testid': 'shap-waterfall',
    'aria-label': `SHAP waterfall: base value ${base.toFixed(2)} log-odds, ${steps.length} steps, prediction ${logOdds.toFixed(2)} log-odds (probability ${(probabilityOf(logOdds) * 100).toFixed(1)} %)`,
  },
  marker(0, base, 'base value (training mean)', 'waterfall-base'),
  steps.map((s, i) => {
    const y = rowY(i + 1);
    const [from, to] = s.contribution >= 0 ? [s.start, s.end] : [s.end, s.start];
    return svg('g', { 'data-testid': 'waterfall-step', 'data-value': s.contribution.toFixed(4) },
      svg('title', null, `${s.label}: ${s.contribution >= 0 ? '+' : ''}${s.contribution.toFixed(3)} log-odds (${s.start.toFixed(2)} → ${s.end.toFixed(2)})`),
      svg('text', { x: labelW - 6, y: y + 15, class: 'label', 'text-anchor': 'end' }, s.label.length > 30 ? `${s.label.slice(0, 29)}…` : s.label),
      svg('rect', { x: x(from), y: y + 4, width: Math.max(x(to) - x(from), 1), height: rowH - 8, class: s.contribution >= 0 ? 'bar up' : 'bar down' }),
      svg('text', { x: x(to) + 4, y: y + 15, class: 'value' }, `${s.contribution >= 0 ? '+' : ''}${s.contribution.toFixed(2)}`));
  }),
  marker(steps.length + 1, logOdds, `prediction (p = ${(probabilityOf(logOdds) * 100).toFixed(1)} %)`, 'waterfall-end'));
  return h('figure', { class: 'chart-figure' }, chart,
    h('figcaption', { class: 'muted small' }, 'Exact SHAP values in log-odds (Lundberg & Lee 2017): base value + Σ SHAP = the prediction\'s log-odds; red raises, blue lowers.'));
}
