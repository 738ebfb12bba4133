// The GWAS result's tables, built from a disease's association rows (pure): loci (one per disease-locus, its
// lead SNP and the genes the Catalog or the authors tie to it), genes (their strongest locus), studies (the
// PubMed ids behind the loci).
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { GwasAssociation } from '../gene-evidence/gwas-associations';
import { strongestPerGene } from '../gene-evidence/gwas-associations';

const byStrength = (a: { mlog_pvalue: number | null }, b: { mlog_pvalue: number | null }) => (b.mlog_pvalue ?? -Infinity) - (a.mlog_pvalue ?? -Infinity);

/** How a gene is tied to its locus: mapped by the Catalog (a SNP within/up/downstream of it), named by the authors, or both. */
export function geneEvidence(mapped: boolean, reported: boolean): string {
  if (mapped && reported) return 'mapped and reported';
  if (mapped) return 'mapped only';
  return reported ? 'reported only' : 'neither';
}

export function lociView(g: TypedKnowledgeGraph, rows: readonly GwasAssociation[]) {
  const loci = new Map<string, GwasAssociation[]>();
  for (const r of rows) {
    const key = `${r.doid ?? '?'}#${r.locus ?? r.claim_no}`;
    loci.set(key, [...(loci.get(key) ?? []), r]);
  }
  return [...loci].map(([key, members]) => {
    const lead = members[0]!;
    return {
      locus_id: key, doid: lead.doid, locus: lead.locus, confidence: members.some((m) => m.confidence === 'HC') ? 'HC' : members.some((m) => m.confidence === 'LC') ? 'LC' : null,
      lead_snp: lead.lead_snp, p_value: lead.p_value, mlog_pvalue: lead.mlog_pvalue, cases: lead.cases, controls: lead.controls, samples: lead.samples,
      lead_pubmed_id: lead.lead_pubmed_id, lead_date: lead.lead_date, chromosome: lead.chromosome,
      locus_lower_coord: lead.locus_lower_coord, locus_upper_coord: lead.locus_upper_coord, pubmed_ids: lead.pubmed_ids, snps: lead.snps,
      genes: members.map((m) => ({
        id: g.id(m.gene), symbol: g.label(m.gene), status: m.status, primary: m.primary, confidence: m.confidence,
        mapped: m.gene_mapped, mapped_as: m.gene_mapped_as, reported: m.gene_reported, evidence: geneEvidence(m.gene_mapped, m.gene_reported),
      })),
    };
  }).sort((a, b) => byStrength(a, b) || a.locus_id.localeCompare(b.locus_id));
}

export function genesView(g: TypedKnowledgeGraph, rows: readonly GwasAssociation[]) {
  return [...strongestPerGene(rows)].map(([gene, s]) => {
    const own = rows.filter((r) => r.gene === gene);
    const mapped = own.some((r) => r.gene_mapped);
    const reported = own.some((r) => r.gene_reported);
    return {
      id: g.id(gene), symbol: g.label(gene), loci: s.loci, confidence: s.high_confidence ? 'HC' : s.best.confidence,
      primary: own.some((r) => r.primary === true), best_p_value: s.best.p_value, best_mlog_pvalue: s.best.mlog_pvalue, lead_snp: s.best.lead_snp,
      lead_pubmed_id: s.best.lead_pubmed_id, mapped, reported, evidence: geneEvidence(mapped, reported),
    };
  }).sort((a, b) => (b.best_mlog_pvalue ?? -Infinity) - (a.best_mlog_pvalue ?? -Infinity) || a.symbol.localeCompare(b.symbol) || a.id.localeCompare(b.id));
}

/** The studies (PubMed ids) behind the loci: how many loci cite each, how many it leads, its largest lead sample. */
export function studiesView(loci: ReturnType<typeof lociView>) {
  const studies = new Map<string, { pubmed_id: string; loci: number; lead_of: number; cases: number | null; controls: number | null; date: string | null }>();
  for (const locus of loci) {
    for (const pmid of locus.pubmed_ids) {
      const s = studies.get(pmid) ?? { pubmed_id: pmid, loci: 0, lead_of: 0, cases: null, controls: null, date: null };
      s.loci++;
      if (pmid === locus.lead_pubmed_id) {
        s.lead_of++;
        if (locus.cases !== null && (s.cases === null || locus.cases > s.cases)) [s.cases, s.controls] = [locus.cases, locus.controls];
        s.date ??= locus.lead_date;
      }
      studies.set(pmid, s);
    }
  }
  return [...studies.values()].sort((a, b) => b.loci - a.loci || b.lead_of - a.lead_of || a.pubmed_id.localeCompare(b.pubmed_id));
}
