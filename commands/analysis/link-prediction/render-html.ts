// The HTML report of a link-prediction result (export_html): the model, the known treatments' ranks and the
// predictions with their top features and example paths. Every value from data is escaped.
import { escapeHtml } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const num = (v: unknown, digits = 4): string => (typeof v === 'number' && Number.isFinite(v) ? v.toPrecision(digits) : '–');

function pathText(path: Json | null): string {
  if (!path) return '–';
  return (path.nodes as Json[]).map((n) => escapeHtml(`${n.label} (${n.id})`)).join(' → ');
}

export function renderLinkPredictionHtml(result: unknown): string {
  const r = result as Json;
  const model = r.model as Json;
  const rows = (r.predictions as Json[]).map((p) => `<tr><td>${escapeHtml(p.rank)}</td><td>${escapeHtml(p.compound.label)}<br><small>${escapeHtml(p.compound.curie)}</small></td>`
    + `<td>${num(p.probability)}</td><td>${escapeHtml(p.known ?? '')}</td><td><ul>${(p.top_features as Json[]).map((f) => `<li>${escapeHtml(f.feature)} `
    + `(SHAP ${num(f.contribution, 3)}): ${pathText(f.path)}</li>`).join('')}</ul></td></tr>`).join('');
  const known = (r.known_treatments as Json[]).map((k) => `<li>${escapeHtml(k.compound.label)} (${escapeHtml(k.compound.curie)}): rank ${escapeHtml(k.rank)}</li>`).join('');
  const features = (model.features as Json[]).map((f) => `<tr><td>${escapeHtml(f.id)}</td><td>${escapeHtml(f.description)}</td><td>${escapeHtml(f.transform)}</td><td>${num(f.coefficient, 3)}</td></tr>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Link prediction: ${escapeHtml(r.disease?.label ?? '')}</title></head><body>
<h1>Link prediction for ${escapeHtml(r.disease?.label ?? '')} (${escapeHtml(r.disease?.curie ?? '')})</h1>
<p>${escapeHtml(r.method)}</p>
<p>Model ${escapeHtml(model.version)}; λ ${escapeHtml(model.lambda)}; ${escapeHtml(model.training.positives)} treatments, ${escapeHtml(model.training.curated_negatives)} curated and ${escapeHtml(model.training.sampled_negatives)} sampled negatives; ${escapeHtml(r.compounds_scored)} compounds scored.</p>
<h2>Known treatments (PharmacotherapyDB DM) and their rank</h2><ul>${known || '<li>none in the active snapshots</li>'}</ul>
<h2>Predictions</h2><table border="1"><tr><th>rank</th><th>compound</th><th>probability</th><th>known</th><th>top features (example path)</th></tr>${rows}</table>
<h2>Features</h2><table border="1"><tr><th>feature</th><th>description</th><th>transform</th><th>coefficient (per SD)</th></tr>${features}</table>
<p><em>${escapeHtml(r.disclaimer)}</em></p></body></html>`;
}
