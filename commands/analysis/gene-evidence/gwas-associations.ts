// A disease's GWAS Catalog associations as the gwas_catalog importer keeps them: one ASSOCIATES claim per
// (locus, gene) row of gene-associations.tsv, its qualifiers holding the locus's lead SNP, p, cases/controls,
// PubMed ids, confidence (HC/LC), primary/secondary status and whether the Catalog mapped the gene or the
// authors reported it (infra/biomed/importers/gwas-catalog.ts). The graph gives the disease's ASSOCIATES
// edges and their claims; the store gives the qualifiers (one query). Only this disease's own edges: a
// subtype's loci are not read (diseaseGenes without descendants, as the other modules use).
import type { Knex } from 'knex';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { claimKey, readClaimQualifiers } from '../network-medicine/claim-qualifiers';

const ASSOCIATES = edgeTypeIndex('ASSOCIATES')!;

export interface GwasAssociation {
  gene: number;
  snapshot_id: string;
  claim_no: number;
  doid: string | null;
  locus: number | null;
  confidence: 'HC' | 'LC' | null;
  primary: boolean | null;
  status: string | null;
  lead_snp: string | null;
  mlog_pvalue: number | null;
  p_value: number | null;
  cases: number | null;
  controls: number | null;
  samples: number | null;
  lead_pubmed_id: string | null;
  lead_date: string | null;
  chromosome: string | null;
  locus_lower_coord: number | null;
  locus_upper_coord: number | null;
  pubmed_ids: string[];
  snps: string[];
  gene_mapped: boolean;
  gene_mapped_as: string[];
  gene_reported: boolean;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function fromQualifiers(gene: number, ref: { snapshot_id: string; claim_no: number }, q: Record<string, unknown>): GwasAssociation {
  return {
    gene, snapshot_id: ref.snapshot_id, claim_no: ref.claim_no,
    doid: str(q.doid), locus: numOrNull(q.locus),
    confidence: q.confidence === 'HC' || q.confidence === 'LC' ? q.confidence : null,
    primary: typeof q.primary === 'boolean' ? q.primary : null, status: str(q.status),
    lead_snp: str(q.lead_snp), mlog_pvalue: numOrNull(q.mlog_pvalue), p_value: numOrNull(q.p_value),
    cases: numOrNull(q.cases), controls: numOrNull(q.controls), samples: numOrNull(q.samples),
    lead_pubmed_id: str(q.lead_pubmed_id), lead_date: str(q.lead_date), chromosome: str(q.chromosome),
    locus_lower_coord: numOrNull(q.locus_lower_coord), locus_upper_coord: numOrNull(q.locus_upper_coord),
    pubmed_ids: strings(q.pubmed_ids), snps: strings(q.snps),
    gene_mapped: q.gene_mapped === true, gene_mapped_as: strings(q.gene_mapped_as), gene_reported: q.gene_reported === true,
  };
}

/** Every ASSOCIATES claim of the disease's edges (one per locus-gene row), in edge then claim order. */
export async function readGwasAssociations(db: Knex, g: TypedKnowledgeGraph, disease: number): Promise<GwasAssociation[]> {
  const edges: { gene: number; refs: ReturnType<TypedKnowledgeGraph['claimsOf']> }[] = [];
  const allowed = new Uint8Array(32);
  allowed[ASSOCIATES] = 1;
  g.forEachStep(disease, 'forward', allowed, (e, gene) => edges.push({ gene, refs: g.claimsOf(e).filter((r) => r.resource === 'gwas_catalog') }));
  const qualifiers = await readClaimQualifiers(db, edges.flatMap((e) => e.refs));
  const out: GwasAssociation[] = [];
  for (const { gene, refs } of edges) {
    for (const ref of refs) out.push(fromQualifiers(gene, ref, qualifiers.get(claimKey(ref)) ?? {}));
  }
  return out;
}

/** Per gene: its strongest association (largest -log10 p; HC before LC on ties) and whether any is HC. */
export function strongestPerGene(rows: readonly GwasAssociation[]): Map<number, { best: GwasAssociation; high_confidence: boolean; loci: number }> {
  const out = new Map<number, { best: GwasAssociation; high_confidence: boolean; loci: number }>();
  for (const r of rows) {
    const known = out.get(r.gene);
    if (!known) { out.set(r.gene, { best: r, high_confidence: r.confidence === 'HC', loci: 1 }); continue; }
    known.loci++;
    if (r.confidence === 'HC') known.high_confidence = true;
    if (stronger(r, known.best)) known.best = r;
  }
  return out;
}

function stronger(a: GwasAssociation, b: GwasAssociation): boolean {
  const ma = a.mlog_pvalue ?? -Infinity;
  const mb = b.mlog_pvalue ?? -Infinity;
  if (ma !== mb) return ma > mb;
  return a.confidence === 'HC' && b.confidence !== 'HC';
}
