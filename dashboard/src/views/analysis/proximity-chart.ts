// Network proximity as a picture: one row per ranked compound, its z-score (closest distance d to the
// disease genes against degree-preserving random gene sets: z = (d − μ) / σ; Guney et al., Nat Commun
// 2016) as a dot on a shared axis, a line at 0 (as close as random) and a dashed one at −1.645 (one-sided
// 5 %); compounds with a known indication drawn filled. A compound whose random distances never varied
// has no z and is listed without a dot.
import { h, svg } from '../../core/dom';

export interface ProximityCandidate { rank: number; compound: { id: string; name: string }; known_indication: boolean; d: number | null; z: number | null }

const SHOWN = 25;
const ONE_SIDED_5 = -1.645;

export function proximityChart(candidates: readonly ProximityCandidate[]): HTMLElement {
  if (candidates.length === 0) return h('p', { class: 'muted', 'data-testid': 'proximity-empty' }, 'No compound scored.');
  const shown = candidates.slice(0, SHOWN);
  const zs = shown.map((c) => c.z).filter((z): z is number => z !== null);
  const lo = Math.min(-2, ...zs), hi = Math.max(1, ...zs);
  const rowH = 22, labelW = 200, plotW = 320, top = 20, width = labelW + plotW + 60;
  const height = top + shown.length * rowH + 26;
  const x = (z: number) => labelW + ((z - lo) / (hi - lo)) * plotW;
  const ticks = [Math.ceil(lo), 0, Math.floor(hi)].filter((v, i, all) => all.indexOf(v) === i);
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`, class: 'chart proximity-chart', role: 'img', 'data-testid': 'proximity-chart',
    'aria-label': `Network proximity z-scores of ${shown.length} compounds to the disease genes; negative is closer than random`,
  },
  ticks.map((t) => svg('text', { x: x(t), y: height - 6, class: 'tick', 'text-anchor': 'middle' }, String(t))),
  svg('line', { x1: x(0), x2: x(0), y1: top - 6, y2: height - 20, class: 'null-line' }),
  svg('line', { x1: x(ONE_SIDED_5), x2: x(ONE_SIDED_5), y1: top - 6, y2: height - 20, class: 'threshold' }),
  svg('text', { x: x(ONE_SIDED_5), y: top - 8, class: 'tick', 'text-anchor': 'middle' }, 'z = −1.645'),
  shown.map((c, i) => {
    const y = top + i * rowH;
    return svg('g', { 'data-testid': 'proximity-row', 'data-compound': c.compound.id, ...(c.z !== null ? { 'data-value': c.z.toFixed(4) } : {}) },
      svg('title', null, `${c.compound.name}: ${c.z === null ? 'no z (random distances never varied)' : `z ${c.z.toFixed(2)}`}, d ${c.d ?? '—'}${c.known_indication ? '; a known indication' : ''}`),
      svg('text', { x: labelW - 6, y: y + 15, class: 'label', 'text-anchor': 'end' }, `${c.rank}. ${c.compound.name.length > 26 ? `${c.compound.name.slice(0, 25)}…` : c.compound.name}`),
      c.z === null ? svg('text', { x: labelW + 4, y: y + 15, class: 'value' }, 'no z')
        : svg('circle', { cx: x(c.z), cy: y + rowH / 2, r: 5, class: c.known_indication ? 'point known' : 'point novel' }));
  }));
  return h('figure', { class: 'chart-figure' }, h('div', { class: 'chart-scroll', tabindex: 0, role: 'region', 'aria-label': 'Proximity chart (scrolls sideways on a narrow screen)' }, chart),
    h('figcaption', { class: 'muted small' },
      'Network proximity z (Guney et al. 2016): closest distance to the disease genes against degree-preserving random sets; left of 0 is closer than random, left of the dashed line one-sided p < 0.05 under a normal approximation. ',
      h('span', { class: 'legend known' }), ' known indication  ', h('span', { class: 'legend novel' }), ' not a known indication'));
}
