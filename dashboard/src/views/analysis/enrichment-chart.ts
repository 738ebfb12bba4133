// Pathway enrichment as a picture: one horizontal bar per pathway of −log10 FDR (Benjamini–Hochberg),
// with the uncorrected −log10 p as a lighter bar behind it and a dashed line at the significance
// threshold (−log10 max_fdr). Plain SVG drawn here (no chart library), styled by classes (CSP).
import { h, svg } from '../../core/dom';

export interface EnrichedPathway { id: string; name: string; k: number; k_genes?: number; pathway_size: number; p: number; fdr: number; fold_enrichment: number }

const mlog10 = (x: number) => (x > 0 ? -Math.log10(x) : 0);

export function enrichmentChart(pathways: EnrichedPathway[], maxFdr: number): HTMLElement {
  if (pathways.length === 0) return h('p', { class: 'muted', 'data-testid': 'enrichment-empty' }, 'No pathway listed at this FDR.');
  const shown = pathways.slice(0, 25);
  const rowH = 24, labelW = 260, plotW = 360, top = 24, width = labelW + plotW + 70;
  const threshold = mlog10(maxFdr);
  const max = Math.max(threshold, ...shown.map((p) => mlog10(p.p)), 1);
  const x = (v: number) => labelW + (v / max) * plotW;
  const height = top + shown.length * rowH + 28;
  const ticks = [0, max / 2, max].map((v) => svg('g', null,
    svg('line', { x1: x(v), x2: x(v), y1: top - 4, y2: height - 24, class: 'grid' }),
    svg('text', { x: x(v), y: height - 8, class: 'tick', 'text-anchor': 'middle' }, v.toFixed(1))));
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart enrichment-chart', role: 'img', 'data-testid': 'enrichment-chart',
    'aria-label': `−log10 FDR of ${shown.length} pathways; dashed line at FDR ${maxFdr}` },
    ticks,
    shown.map((p, i) => {
      const y = top + i * rowH;
      return svg('g', { 'data-testid': 'enrichment-bar' },
        svg('title', null, `${p.name}: FDR ${p.fdr.toPrecision(3)}, p ${p.p.toPrecision(3)}, ${p.k} GWAS loci (${p.k_genes ?? p.k} genes) of ${p.pathway_size} genes, fold ${p.fold_enrichment.toFixed(2)}`),
        svg('text', { x: labelW - 6, y: y + 15, class: 'label', 'text-anchor': 'end' }, p.name.length > 40 ? `${p.name.slice(0, 39)}…` : p.name),
        svg('rect', { x: labelW, y: y + 4, width: Math.max(x(mlog10(p.p)) - labelW, 0), height: rowH - 8, class: 'bar p' }),
        svg('rect', { x: labelW, y: y + 4, width: Math.max(x(mlog10(p.fdr)) - labelW, 0), height: rowH - 8, class: 'bar fdr', 'data-value': mlog10(p.fdr).toFixed(3) }),
        svg('text', { x: x(Math.max(mlog10(p.p), mlog10(p.fdr))) + 4, y: y + 15, class: 'value' }, mlog10(p.fdr).toFixed(2)));
    }),
    svg('line', { x1: x(threshold), x2: x(threshold), y1: top - 8, y2: height - 24, class: 'threshold' }),
    svg('text', { x: x(threshold), y: top - 10, class: 'tick', 'text-anchor': 'middle' }, `FDR ${maxFdr}`));
  return h('figure', { class: 'chart-figure' }, chart,
    h('figcaption', { class: 'muted small' },
      h('span', { class: 'legend fdr' }), ' −log10 FDR (Benjamini–Hochberg)  ', h('span', { class: 'legend p' }), ' −log10 p (uncorrected); dashed: threshold.'));
}
