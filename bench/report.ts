// Medians, the results table and the final ratio line.
import type { ScenarioTimes } from './workload';

export type ScenarioKey = 'append' | 'batch' | 'readall' | 'projection';

export interface ScenarioRow {
  key: ScenarioKey;
  label: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function formatRate(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

export interface Report {
  table: string;
  ratios: Record<ScenarioKey, number>;
  finalLine: string;
}

export function buildReport(rows: readonly ScenarioRow[], ours: readonly ScenarioTimes[], emmett: readonly ScenarioTimes[]): Report {
  const header = ['scenario', 'ours ev/s', 'emmett ev/s', 'ratio', 'ours runs', 'emmett runs'];
  const body = rows.map(({ key, label }) => {
    const o = median(ours.map((t) => t[key]));
    const e = median(emmett.map((t) => t[key]));
    return {
      key,
      ratio: o / e,
      cells: [
        label,
        formatRate(o),
        formatRate(e),
        (o / e).toFixed(2),
        ours.map((t) => formatRate(t[key])).join(' / '),
        emmett.map((t) => formatRate(t[key])).join(' / '),
      ],
    };
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r.cells[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!, i > 0 && i < 4)).join(' | ')} |`;
  const table = [
    line(header),
    `|${widths.map((w, i) => (i > 0 && i < 4 ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`,
    ...body.map((r) => line(r.cells)),
  ].join('\n');
  const ratios = Object.fromEntries(body.map((r) => [r.key, r.ratio])) as Record<ScenarioKey, number>;
  // The bench's figure line (bench/smoke.ts): ours / emmett per scenario, higher is better for ours.
  const finalLine = `event-store: ratio_append=${ratios.append.toFixed(2)} ratio_batch=${ratios.batch.toFixed(2)} ratio_readall=${ratios.readall.toFixed(2)} ratio_projection=${ratios.projection.toFixed(2)}`;
  return { table, ratios, finalLine };
}
