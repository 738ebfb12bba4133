// The GWAS result as an HTML report (export_html): loci with their lead SNPs and genes, then the genes and
// studies. Every value from data is escaped.
import { escapeHtml as e, num, page, table } from '../network-medicine/html';

interface Gene { id: string; symbol: string; evidence: string; status: string | null }
interface Locus { locus_id: string; confidence: string | null; lead_snp: string | null; p_value: number | null; cases: number | null; controls: number | null; lead_pubmed_id: string | null; chromosome: string | null; genes: Gene[] }
interface Result {
  disease: { curie: string; label: string } | null; note: string | null;
  counts: { loci: number; hc_loci: number; lc_loci: number; genes: number; studies: number; studies_listed: number };
  loci: Locus[]; genes: { id: string; symbol: string; loci: number; confidence: string | null; best_p_value: number | null; evidence: string }[];
  studies: { pubmed_id: string; loci: number; lead_of: number; cases: number | null; controls: number | null }[];
}

const p = (x: number | null) => (x === null ? '—' : x.toExponential(2));

export function renderGwasHtml(value: unknown): string {
  const r = value as Result & Record<string, unknown>;
  const title = `GWAS loci — ${r.disease ? `${r.disease.label} (${r.disease.curie})` : 'disease'}`;
  const summary = `<p>${e(r.counts.loci)} loci (${e(r.counts.hc_loci)} high confidence, ${e(r.counts.lc_loci)} low), ${e(r.counts.genes)} genes, `
    + `${e(r.counts.studies)} studies (${e(r.counts.studies_listed)} listed).</p>${r.note ? `<p>${e(r.note)}</p>` : ''}`;
  const loci = table(['Locus', 'Confidence', 'Lead SNP', 'p', 'Cases / controls', 'PubMed', 'Chr', 'Genes (how tied)'], r.loci.map((l) => [
    e(l.locus_id), e(l.confidence ?? '—'), e(l.lead_snp ?? '—'), e(p(l.p_value)), `${e(l.cases ?? '—')} / ${e(l.controls ?? '—')}`,
    e(l.lead_pubmed_id ?? '—'), e(l.chromosome ?? '—'), l.genes.map((g) => `${e(g.symbol)} <small>(${e(g.status ?? '')}, ${e(g.evidence)})</small>`).join(', '),
  ]));
  const genes = table(['Gene', 'Loci', 'Confidence', 'Best p', 'Evidence'], r.genes.map((g) => [
    `${e(g.symbol)} <small>${e(g.id)}</small>`, e(g.loci), e(g.confidence ?? '—'), e(p(g.best_p_value)), e(g.evidence),
  ]));
  const studies = table(['PubMed', 'Loci', 'Lead of', 'Cases', 'Controls'], r.studies.map((s) => [e(s.pubmed_id), e(s.loci), e(s.lead_of), e(num(s.cases, 0)), e(num(s.controls, 0))]));
  return page(title, r, `${summary}<h2>Loci</h2>${loci}<h2>Genes</h2>${genes}<h2>Studies</h2>${studies}`);
}
