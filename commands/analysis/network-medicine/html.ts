// Small HTML helpers for the network-medicine reports: every value from data goes through escapeHtml.
import { ANALYSIS_DISCLAIMER } from '../../../domain/analysis/result-envelope';
import { escapeHtml } from '../../../domain/workspace/render-html';

export { escapeHtml };

export const num = (value: unknown, digits = 3): string => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—');

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '<p class="empty">None</p>';
  return `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`
    + `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

/** A complete document: title, the disclaimer first, the method, the snapshots, then the body. */
export function page(title: string, result: Record<string, unknown>, body: string): string {
  const snapshots = Array.isArray(result.snapshots) ? result.snapshots as { snapshot_id: string; resource: string }[] : [];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>`
    + `<p class="disclaimer">${escapeHtml(result.disclaimer ?? ANALYSIS_DISCLAIMER)}</p>`
    + `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(result.method)}</p>`
    + `<p>Parameters: ${escapeHtml(JSON.stringify(result.parameters ?? {}))}</p>`
    + body
    + `<h2>Snapshots</h2><ul>${snapshots.map((s) => `<li>${escapeHtml(s.resource)}: ${escapeHtml(s.snapshot_id)}</li>`).join('')}</ul>`
    + '</body></html>';
}
