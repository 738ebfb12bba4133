// HTML reports of module results (export_html=true). Everything from data is escaped.
import fs from 'node:fs';
import path from 'node:path';
import type { ModuleDefinition } from './module-registry';
import { withRestsOnBanner } from '../../domain/analysis/rests-on-lines';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function genericReport(module: Pick<ModuleDefinition, 'id' | 'title'>, result: unknown): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(module.title)}</title></head>
<body><h1>${escapeHtml(module.title)}</h1><p>Research use only. Scores are prioritization heuristics, not medical advice.</p>
<pre>${escapeHtml(JSON.stringify(result, null, 2) ?? 'null')}</pre></body></html>`;
}

/** Writes the report under <reportsDir>/<module>/<job>.html and returns that path. */
export function writeReport(reportsDir: string, module: ModuleDefinition, jobId: string, result: unknown): string {
  const dir = path.join(reportsDir, module.id);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${jobId}.html`);
  fs.writeFileSync(file, withRestsOnBanner(module.renderHtml ? module.renderHtml(result) : genericReport(module, result), result));
  return file;
}
