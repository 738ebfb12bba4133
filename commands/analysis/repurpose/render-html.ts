// The repurposing result as an HTML report (export_html): the ranked candidates with their flags, scores
// and closest target–gene pairs, and the known indications. Everything from data is escaped.
import { escapeHtml, num, page, table } from '../network-medicine/html';

interface Gene { id: string; symbol: string }
interface CandidateView {
  rank: number; compound: { id: string; name: string }; known_indication: boolean; palliates: boolean;
  d: number; random_mean: number; random_sd: number; z: number | null; p_empirical: number; q_bh?: number; low_information?: boolean;
  closest_pairs: { target: Gene; gene: Gene; distance: number; path: Gene[] }[];
}
interface KnownView { compound: { id: string; name: string }; relation: string; rank: number | null; z: number | null; not_scored_because: string | null }

export function renderRepurposeHtml(value: unknown): string {
  const r = value as Record<string, unknown> & {
    disease?: { curie: string; label: string } | null; candidates?: CandidateView[]; known_indications?: KnownView[]; multiplicity?: { note: string };
  };
  const title = `Repurposing candidates — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const candidates = table(['Rank', 'Compound', 'Flags', 'd', 'Random mean ± sd', 'z', 'p', 'q (BH)', 'Closest pairs (path)'], (r.candidates ?? []).map((c) => [
    escapeHtml(c.rank), `${escapeHtml(c.compound.name)} <small>${escapeHtml(c.compound.id)}</small>`,
    escapeHtml([c.known_indication ? 'known indication' : '', c.palliates ? 'palliates' : '', c.low_information ? 'low information (≤ 2 targets)' : ''].filter(Boolean).join(', ')),
    num(c.d), `${num(c.random_mean)} ± ${num(c.random_sd)}`, num(c.z), num(c.p_empirical, 4), c.q_bh === undefined ? '—' : num(c.q_bh, 4),
    c.closest_pairs.map((p) => `${escapeHtml(p.target.symbol)}→${escapeHtml(p.gene.symbol)} (${escapeHtml(p.distance)}): ${p.path.map((g) => escapeHtml(g.symbol)).join(' – ')}`).join('<br>'),
  ]));
  const known = table(['Compound', 'Relation', 'Rank', 'z', 'Not scored because'], (r.known_indications ?? []).map((k) => [
    `${escapeHtml(k.compound.name)} <small>${escapeHtml(k.compound.id)}</small>`, escapeHtml(k.relation), escapeHtml(k.rank ?? '—'), num(k.z), escapeHtml(k.not_scored_because ?? ''),
  ]));
  const multiplicity = r.multiplicity ? `<p>${escapeHtml(r.multiplicity.note)}</p>` : '';
  return page(title, r, `<h2>Candidates</h2>${multiplicity}${candidates}<h2>Known indications</h2>${known}`);
}
