// The drug-combinations result as an HTML report (export_html): every value from data is escaped.
import { escapeHtml } from '../../../domain/workspace/render-html';

interface Ref { curie: string; label: string }
interface Pair {
  rank: number; drug_a: Ref; drug_b: Ref; configuration: string; s_ab: number | null; d_ab: number | null; d_aa: number | null; d_bb: number | null;
  s_ad: number | null; s_bd: number | null; z_a?: number | null; z_b?: number | null; shared_targets: string[];
  target_sets?: string; separation_null?: { z: number | null } | null; network_null?: { z: number | null } | null;
}
interface DoseResponse { drug_a: string; drug_b: string; unit: string; scores: Record<string, number>; readings: Record<string, string> }
interface Result {
  method: string; disclaimer: string; disease: { curie: string; label: string } | null;
  disease_module: { genes: number; in_interactome: number; d_dd: number | null };
  selection: { rule: string; selected: number };
  configuration_counts: Record<string, number>; pairs_total: number; pairs: Pair[];
  dose_response_synergy: DoseResponse | null;
  snapshots: { snapshot_id: string; resource: string }[];
}

const cell = (v: unknown) => `<td>${escapeHtml(v === null || v === undefined ? '—' : v)}</td>`;

export function renderDrugCombinationsHtml(raw: unknown): string {
  const r = raw as Result;
  const pairs = r.pairs.map((p) => `<tr>${cell(p.rank)}${cell(`${p.drug_a.label} (${p.drug_a.curie})`)}${cell(`${p.drug_b.label} (${p.drug_b.curie})`)}`
    + `${cell(p.configuration.replace(/_/g, ' '))}${cell(p.target_sets)}${cell(p.s_ab)}${cell(p.separation_null?.z)}${cell(p.network_null?.z)}${cell(p.d_ab)}${cell(p.d_aa)}${cell(p.d_bb)}${cell(p.s_ad)}${cell(p.s_bd)}${cell(p.z_a)}${cell(p.z_b)}${cell(p.shared_targets.join(', '))}</tr>`).join('');
  const counts = Object.entries(r.configuration_counts).map(([k, v]) => `<li>${escapeHtml(k.replace(/_/g, ' '))}: ${escapeHtml(v)}</li>`).join('');
  const dr = r.dose_response_synergy;
  const doseResponse = dr
    ? `<section><h2>Dose-response synergy: ${escapeHtml(dr.drug_a)} + ${escapeHtml(dr.drug_b)}</h2><table><tr><th>model</th><th>score (percentage points)</th><th>reading</th></tr>`
      + ['hsa', 'bliss', 'loewe', 'zip'].map((m) => `<tr>${cell(m.toUpperCase())}${cell(dr.scores[m])}${cell(dr.readings[m])}</tr>`).join('') + '</table></section>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Drug combinations</title></head><body>
<p><strong>${escapeHtml(r.disclaimer)}</strong></p>
<h1>Drug combinations${r.disease ? ` for ${escapeHtml(r.disease.label)} (${escapeHtml(r.disease.curie)})` : ''}</h1>
<p>${escapeHtml(r.method)}</p>
<p>Disease module: ${escapeHtml(r.disease_module.in_interactome)} of ${escapeHtml(r.disease_module.genes)} genes in the interactome, d_DD ${escapeHtml(r.disease_module.d_dd ?? '—')}.
Compounds: ${escapeHtml(r.selection.selected)} (${escapeHtml(r.selection.rule)}). Pairs classified: ${escapeHtml(r.pairs_total)}.</p>
<ul>${counts}</ul>
<table><tr><th>rank</th><th>drug A</th><th>drug B</th><th>configuration</th><th>target sets</th><th>s_AB</th><th>z of s_AB (random target sets)</th><th>z of s_AB (randomised networks)</th><th>d_AB</th><th>d_AA</th><th>d_BB</th><th>s_AD</th><th>s_BD</th><th>z_A (proximity)</th><th>z_B (proximity)</th><th>shared targets</th></tr>${pairs}</table>
${doseResponse}
<p>Snapshots: ${r.snapshots.map((s) => `${escapeHtml(s.resource)} ${escapeHtml(s.snapshot_id)}`).join('; ')}</p>
</body></html>`;
}
