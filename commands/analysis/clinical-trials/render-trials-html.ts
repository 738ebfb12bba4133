// The trials result as an HTML report (export_html): counts, drugs by highest phase, and the trials. Every value
// from data is escaped; synthetic records are badged and never linked.
import { escapeHtml as e } from '../../../domain/workspace/render-html';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const counts = (c: Record<string, number>) => Object.entries(c).map(([k, n]) => `${e(k)}: ${e(n)}`).join(', ') || '—';

function trialRow(t: Json): string {
  const id = t.url ? `<a href="${e(t.url)}">${e(t.id)}</a>` : `${e(t.id)}${t.synthetic ? ' <strong>synthetic example</strong>' : ''}`;
  return `<tr><td>${id}</td><td>${e(t.title)}</td><td>${e(t.phase ?? '—')}</td><td>${e(t.status ?? '—')}</td><td>${e(t.interventions.join(', '))}</td><td>${e(t.outcome)}</td></tr>`;
}

export function renderTrialsHtml(result: unknown): string {
  const r = result as Json;
  const drugs = (r.drugs as Json[]).map((d) => `<tr><td>${e(d.name)}</td><td>${e(d.compound ? `${d.compound.name} (${d.compound.curie})` : '—')}</td><td>${e(d.highest_phase ?? '—')}</td>`
    + `<td>${e(d.trials)}</td><td>${counts(d.outcomes)}</td></tr>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Clinical trials: ${e(r.disease?.label)}</title></head><body>
<h1>Clinical trials: ${e(r.disease?.label)}</h1>
<p>${e(r.method)}</p>
<p>Source: ClinicalTrials.gov, ${e(r.source.status)} (${e(r.source.retrieval_mode ?? '—')})${r.source.synthetic ? ' — <strong>synthetic example records from the offline corpus</strong>' : ''}${r.source.warning ? `: ${e(r.source.warning)}` : ''}</p>
<p>Retrieved ${e(r.counts.retrieved)}, withdrawn (excluded) ${e(r.counts.excluded_withdrawn)}. Outcomes: ${counts(r.counts.by_outcome)}. Phases: ${counts(r.counts.by_phase)}. Status: ${counts(r.counts.by_status)}.</p>
<h2>Interventions by highest phase</h2>
<table><thead><tr><th>Intervention</th><th>Compound</th><th>Highest phase</th><th>Trials</th><th>Outcomes</th></tr></thead><tbody>
${drugs}
</tbody></table>
<h2>Trials</h2>
<table><thead><tr><th>Trial</th><th>Title</th><th>Phase</th><th>Status</th><th>Interventions</th><th>Outcome</th></tr></thead><tbody>
${(r.trials as Json[]).map(trialRow).join('\n')}
</tbody></table>
<p><em>${e(r.disclaimer)}</em></p>
</body></html>`;
}
