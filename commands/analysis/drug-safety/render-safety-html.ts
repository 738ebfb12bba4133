// The safety result as an HTML report (export_html): per drug, its status, side effects, FAERS signals and
// boxed warnings. Every value from data is escaped.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const num = (x: number | null | undefined) => (x === null || x === undefined ? '—' : Math.abs(x) >= 0.001 && Math.abs(x) < 1e5 ? x.toFixed(3) : x.toExponential(2));
const ci = (r: Json | null) => (r ? `${num(r.value)} (${num(r.ci_lower)}–${num(r.ci_upper)})` : '—');
const freq = (f: Json | null) => (f ? `${e(f.texts.join(', '))} [${num(f.lower)}–${num(f.upper)}]` : '—');

function sideEffects(d: Json): string {
  const rows = (d.side_effects.listed as Json[]).map((s) => `<tr><td>${e(s.name)}</td><td>${e(s.id)}</td><td>${freq(s.frequency)}</td><td>${freq(s.placebo_frequency)}</td>`
    + `<td>${e(s.placebo_comparison?.verdict ?? '—')}</td></tr>`).join('\n');
  return `<h3>SIDER side effects (${e(d.side_effects.total)}; ${e(d.side_effects.with_placebo)} with a placebo frequency, ${e(d.side_effects.higher_on_drug)} higher on drug)</h3>
<table><thead><tr><th>Side effect</th><th>UMLS</th><th>Drug frequency</th><th>Placebo frequency</th><th>Drug vs placebo</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

function faers(d: Json): string {
  if (!d.faers) return '<p>FAERS: not available.</p>';
  const rows = (d.faers.events as Json[]).map((x) => `<tr><td>${e(x.term)}</td><td>${e(x.reports)}</td><td>${ci(x.prr)}</td><td>${ci(x.ror)}</td><td>${num(x.chi_square_yates)}</td><td>${x.evans_signal ? 'signal' : ''}</td></tr>`).join('\n');
  return `<h3>FAERS (${e(d.faers.reports)} reports name the drug)</h3>
<table><thead><tr><th>Event</th><th>Reports</th><th>PRR (95% CI)</th><th>ROR (95% CI)</th><th>χ² (Yates)</th><th>Evans</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

function labels(d: Json): string {
  const items = (d.labels.labels as Json[]).map((l) => `<li>${e(l.title)} (${e(l.set_id)})${l.synthetic ? ' <strong>synthetic example</strong>' : ''}: ${e(l.boxed_warning ?? 'no boxed warning')}</li>`).join('\n');
  return `<h3>Label boxed warnings (${e(d.labels.status)}${d.labels.warning ? `: ${e(d.labels.warning)}` : ''})</h3><ul>${items}</ul>`;
}

export function renderSafetyHtml(result: unknown): string {
  const r = result as Json;
  const drugs = (r.drugs as Json[]).map((d) => `<section><h2>${e(d.name)} (${e(d.id)})</h2>
<p>DrugBank groups: ${e(d.drugbank_groups ? d.drugbank_groups.join(', ') : 'unknown')}${d.withdrawn ? ' — <strong>withdrawn</strong>' : ''}</p>
${sideEffects(d)}
${faers(d)}
${labels(d)}</section>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Drug safety: ${e(r.disease?.label)}</title></head><body>
<h1>Drug safety profiles (${e(r.disease?.label)})</h1>
<p>${e(r.method)}</p>
<p>FAERS: ${e(r.sources.faers.status)}${r.sources.faers.reason ? ` — ${e(r.sources.faers.reason)}` : ''}</p>
${r.note ? `<p>${e(r.note)}</p>` : ''}
${drugs}
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
