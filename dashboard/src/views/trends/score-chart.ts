// The line chart of candidate scores across runs (chart.js, canvas). Only the parts a line chart with a
// category x axis, a legend and tooltips needs are registered, so the bundle stays small. Chart.js sizes
// its canvas through CSSOM (element.style), which the enforced CSP allows; the box's height is in CSS.
import {
  CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import { formatScore, h } from '../../core/dom';
import { runTime, type ScoreGrid } from './trends-types';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

/** Distinguishable line colours (colour-blind friendly first); repeated with dashes past their count. */
const PALETTE = ['#2457a6', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#7a5195', '#a32020', '#1f7a3d', '#5b6675', '#8a5a00', '#003f5c'];

/** Short axis labels (the table under the chart has the full times). */
function shortTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export interface ScoreChart {
  element: HTMLElement;
  destroy(): void;
}

export function scoreChart(grid: ScoreGrid, caption: string): ScoreChart {
  const canvas = h('canvas', { role: 'img', 'aria-label': `${caption}. The table below lists the same scores.`, 'data-testid': 'trend-chart' });
  const element = h('div', { class: 'trend-chart-box' }, canvas);
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: grid.runs.map((run) => shortTime(runTime(run))),
      datasets: grid.rows.map((row, i) => ({
        label: row.label,
        data: row.points.map((p) => (p ? p.score : null)),
        borderColor: PALETTE[i % PALETTE.length],
        backgroundColor: PALETTE[i % PALETTE.length],
        borderDash: i >= PALETTE.length ? [6, 4] : [],
        spanGaps: false,
        tension: 0.15,
        pointRadius: 3,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        y: { title: { display: true, text: 'Score' }, beginAtZero: true },
        x: { title: { display: true, text: 'Run finished' } },
      },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) => {
              const point = grid.rows[item.datasetIndex]?.points[item.dataIndex];
              return point ? `${item.dataset.label}: ${formatScore(point.score)} (rank ${point.rank})` : `${item.dataset.label}: not ranked`;
            },
          },
        },
      },
    },
  });
  return { element, destroy: () => chart.destroy() };
}
