// The virtual-screening result as an HTML report (export_html): every value from data is escaped.
import { escapeHtml } from '../../../domain/workspace/render-html';

interface Candidate {
  rank: number; curie: string; label: string; max_tanimoto: number; nearest_binder: { curie: string; label: string };
  lipinski: { passes: boolean; violations: string[] }; qed: { value: number; alerts: string[] };
  docking: { ok: boolean; affinity_kcal_mol?: number; error?: string } | null;
}
interface Result {
  method: string; disclaimer: string;
  target: { curie: string; symbol: string; chosen_by: string; known_binders: number; binders_with_structure: number };
  known_binders: { curie: string; label: string; edge_types: string[]; has_structure: boolean }[];
  library: { compounds_with_inchi: number; structures_restored: number; candidates_screened: number };
  candidates: Candidate[];
  similarity_floor?: { note: string };
  snapshots: { snapshot_id: string; resource: string }[];
}

const cell = (v: unknown) => `<td>${escapeHtml(v === null || v === undefined ? '—' : v)}</td>`;

export function renderScreeningHtml(raw: unknown): string {
  const r = raw as Result;
  const rows = r.candidates.map((c) => `<tr>${cell(c.rank)}${cell(`${c.label} (${c.curie})`)}${cell(c.max_tanimoto)}${cell(`${c.nearest_binder.label} (${c.nearest_binder.curie})`)}`
    + `${cell(c.lipinski.passes ? 'passes' : `fails: ${c.lipinski.violations.join(', ')}`)}${cell(c.qed.value)}${cell(c.qed.alerts.length)}`
    + `${cell(c.docking ? (c.docking.ok ? `${c.docking.affinity_kcal_mol} kcal/mol` : `failed: ${c.docking.error}`) : null)}</tr>`).join('');
  const binders = r.known_binders.map((b) => `<li>${escapeHtml(b.label)} (${escapeHtml(b.curie)}; ${escapeHtml(b.edge_types.join(', '))}${b.has_structure ? '' : '; no structure'})</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Virtual screening</title></head><body>
<p><strong>${escapeHtml(r.disclaimer)}</strong></p>
<h1>Virtual screening for ${escapeHtml(r.target.symbol)} (${escapeHtml(r.target.curie)})</h1>
<p>${escapeHtml(r.method)}</p>
<p>Target chosen by ${escapeHtml(r.target.chosen_by.replace(/_/g, ' '))}; ${escapeHtml(r.target.known_binders)} known binders (${escapeHtml(r.target.binders_with_structure)} with a structure).
Library: ${escapeHtml(r.library.structures_restored)} of ${escapeHtml(r.library.compounds_with_inchi)} DrugBank InChIs restored; ${escapeHtml(r.library.candidates_screened)} candidates screened.</p>
<h2>Known binders</h2><ul>${binders}</ul>
<h2>Candidates</h2>
${r.similarity_floor ? `<p>${escapeHtml(r.similarity_floor.note)}</p>` : ''}
<table><tr><th>rank</th><th>compound</th><th>max Tanimoto</th><th>nearest binder</th><th>rule of five</th><th>QED</th><th>structural alerts</th><th>docking</th></tr>${rows}</table>
<p>Snapshots: ${r.snapshots.map((s) => `${escapeHtml(s.resource)} ${escapeHtml(s.snapshot_id)}`).join('; ')}</p>
</body></html>`;
}
