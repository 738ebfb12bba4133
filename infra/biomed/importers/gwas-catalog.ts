// gwas_catalog: disease-gene associations from the NHGRI-EBI GWAS Catalog (Buniello et al., Nucleic Acids
// Res 2019, doi:10.1093/nar/gky1120; GWAS Catalog terms of use: free use) as extracted for Rephetio by
// Himmelstein (dhimmel/gwas-catalog loci.ipynb @ b6ebe8d7, 2016-03-26): gene-associations.tsv and
// snp-associations.tsv, both required, optionally with MONDO's exact MONDO-DOID SSSOM set in the same command.
// - One claim per gene-associations row: subject the disease, predicate ASSOCIATES, object
//   NCBIGene:<gene>, direction supports. The disease is the row's DOID mapped to MONDO through exactly one
//   skos:exactMatch row (doid-mondo.ts; else the DOID CURIE, never a label match); mondo_curie is that MONDO
//   id when mapped. The SSSOM rows of the DOIDs used are written as this snapshot's mappings and each DOID
//   becomes a `disease` term with the file's name (as pharmacotherapydb).
// - The locus's GWAS evidence is joined from snp-associations on (doid_code, locus); a locus has one SNP
//   row per (study association, reported gene), often several lead SNPs. Its lead is the first row in
//   the processing's own precedence (loci.ipynb sorts by high_confidence, mlog_pvalue, date, all
//   descending): the strongest (max -log10 p) row among the high-confidence ones when the locus is HC, so
//   a small-sample LC row never leads an HC locus; ties go to the later date, then the earlier line. The
//   lead gives lead_snp, mlog_pvalue, p_value (10^-mlog; null when the mlog is missing or negative),
//   cases, controls, samples, the PMID and date, chromosome and LD window (GRCh38); all the locus's rows
//   give pubmed_ids, dates, snps, snp_rows and the locus's extent; and whether the claim's gene is mapped
//   by the Catalog (containing / upstream / downstream gene of a row) or reported by the authors
//   (reported_genes).
// - Evidence: link 1 = the gene-associations row (reference PMID:<lead's PubMed id>, code = status
//   HC-P/HC-S/LC-P/LC-S), link 2 = the lead's snp-associations row (same reference, code lead_snp).
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { firstLineOf, GwasGeneRow, gwasKindOfHeader, GwasSnpRow, parseGwasGeneAssociations, parseGwasSnpAssociations } from '../parsers/gwas-catalog';
import { GWAS_OFFICIAL_COLUMNS } from '../parsers/gwas-official';
import { SssomMeta } from '../parsers/sssom';
import { loadGwasOfficial } from './gwas-official';
import { EvidenceRef, SnapshotWriters } from '../store/snapshot-writers';
import { DoidMappingStatus, diseaseForDoid, exactDoidIndex, ExactDoidIndex } from './doid-mondo';
import { ImportContext, PROGRESS_EVERY, ResourceImporter } from './importer';
import { ncbiGeneCurie } from './ncbi-gene';

export const ASSOCIATES = 'ASSOCIATES';
export const GWAS_SOURCE = 'NHGRI-EBI GWAS Catalog (dhimmel/gwas-catalog)';
export const GWAS_LICENSE = 'GWAS Catalog terms of use (free use)';
export const GWAS_CITATION = 'Buniello et al., Nucleic Acids Res 2019, doi:10.1093/nar/gky1120';
export const GWAS_PROCESSING = 'Himmelstein, dhimmel/gwas-catalog loci.ipynb @ b6ebe8d7 (2016-03-26)';
export const LEAD_SNP_CODE = 'lead_snp';
const USAGE = 'gwas_catalog takes gene-associations.tsv and snp-associations.tsv (dhimmel/gwas-catalog data/), and optionally one MONDO-DOID .sssom.tsv mapping set; or the official associations download (with added ontology annotations) and optionally one MONDO-EFO .sssom.tsv set';

/** What a locus's SNP rows say, computed once per locus. */
interface Locus {
  lead: GwasSnpRow;
  rows: number;
  pubmedIds: string[];
  dates: string[];
  snps: string[];
  lower: number | null;
  upper: number | null;
  /** gene -> how the Catalog mapped it to one of the locus's SNPs (containing, upstream, downstream). */
  mappedAs: Map<string, Set<string>>;
  reported: Set<string>;
}

/** loci.ipynb's precedence: high confidence first, then larger -log10 p (missing last), later date; then file order. */
export function leadOrder(a: GwasSnpRow, b: GwasSnpRow): number {
  if (a.highConfidence !== b.highConfidence) return a.highConfidence ? -1 : 1;
  const ma = a.mlogPvalue ?? -Infinity;
  const mb = b.mlogPvalue ?? -Infinity;
  if (ma !== mb) return mb - ma;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.line - b.line;
}

const MAPPED_ROLES = ['containing', 'upstream', 'downstream'] as const;

function summarise(rows: GwasSnpRow[]): Locus {
  const sorted = [...rows].sort(leadOrder);
  const locus: Locus = {
    lead: sorted[0]!, rows: rows.length, pubmedIds: [], dates: [], snps: [], lower: null, upper: null, mappedAs: new Map(), reported: new Set(),
  };
  const mapped = (gene: string | null, role: string) => {
    if (gene === null) return;
    locus.mappedAs.set(gene, (locus.mappedAs.get(gene) ?? new Set()).add(role));
  };
  for (const r of sorted) {
    if (!locus.pubmedIds.includes(r.pubmedId)) locus.pubmedIds.push(r.pubmedId);
    if (!locus.dates.includes(r.date)) locus.dates.push(r.date);
    if (!locus.snps.includes(r.leadSnp)) locus.snps.push(r.leadSnp);
    if (r.lowerCoord !== null && (locus.lower === null || r.lowerCoord < locus.lower)) locus.lower = r.lowerCoord;
    if (r.upperCoord !== null && (locus.upper === null || r.upperCoord > locus.upper)) locus.upper = r.upperCoord;
    for (const g of r.containingGenes) mapped(g, 'containing');
    mapped(r.upstreamGene, 'upstream');
    mapped(r.downstreamGene, 'downstream');
    for (const g of r.reportedGenes) locus.reported.add(g);
  }
  locus.dates.sort();
  return locus;
}

const locusKey = (doid: string, locus: number) => `${doid}\t${locus}`;

/** p = 10^-mlog; null when -log10 p is missing or negative (p > 1 is no p-value). */
export const pValueOf = (mlog: number | null) => (mlog === null || mlog < 0 ? null : 10 ** -mlog);

async function readSnpRows(file: string, context: ImportContext): Promise<{ byLocus: Map<string, GwasSnpRow[]>; rows: number; withoutPvalue: number; negativeMlog: number }> {
  const byLocus = new Map<string, GwasSnpRow[]>();
  let rows = 0;
  let withoutPvalue = 0;
  let negativeMlog = 0;
  for await (const row of parseGwasSnpAssociations(file)) {
    rows++;
    if (rows % PROGRESS_EVERY === 0) context.progress(path.basename(file), rows);
    if (row.mlogPvalue === null) withoutPvalue++;
    else if (row.mlogPvalue < 0) negativeMlog++;
    const key = locusKey(row.doid, row.locus);
    const list = byLocus.get(key) ?? [];
    list.push(row);
    byLocus.set(key, list);
  }
  context.progress(path.basename(file), rows);
  return { byLocus, rows, withoutPvalue, negativeMlog };
}

function qualifiersOf(row: GwasGeneRow, locus: Locus | null): Record<string, unknown> {
  const lead = locus?.lead ?? null;
  const mappedAs = MAPPED_ROLES.filter((role) => locus?.mappedAs.get(row.gene)?.has(role));
  return {
    confidence: row.highConfidence ? 'HC' : 'LC', primary: row.primary, status: row.status, locus: row.locus, symbol: row.symbol,
    doid: row.doid, disease_name: row.doidName,
    lead_snp: lead?.leadSnp ?? null, mlog_pvalue: lead?.mlogPvalue ?? null, p_value: pValueOf(lead?.mlogPvalue ?? null),
    cases: lead?.cases ?? null, controls: lead?.controls ?? null, samples: lead?.samples ?? null,
    lead_pubmed_id: lead?.pubmedId ?? null, lead_date: lead?.date ?? null,
    chromosome: lead?.chromosome ?? null, lower_coord: lead?.lowerCoord ?? null, upper_coord: lead?.upperCoord ?? null,
    locus_lower_coord: locus?.lower ?? null, locus_upper_coord: locus?.upper ?? null,
    pubmed_ids: locus?.pubmedIds ?? [], dates: locus?.dates ?? [], snps: locus?.snps ?? [], snp_rows: locus?.rows ?? 0,
    gene_mapped: mappedAs.length > 0, gene_mapped_as: mappedAs, gene_reported: locus?.reported.has(row.gene) ?? false,
    source: GWAS_SOURCE, license: GWAS_LICENSE,
  };
}

/** The two TSVs told apart by their headers (a renamed copy still classifies), the SSSOM set by name. */
/** The official associations download (its header has MAPPED_GENE, P-VALUE, MAPPED_TRAIT_URI …) with at most one SSSOM set, or null. */
function officialForm(paths: readonly string[]): { associations: string; sssom: string | null } | null {
  const sssom = paths.filter((p) => /\.sssom\.tsv$/i.test(p));
  const others = paths.filter((p) => !sssom.includes(p));
  if (others.length !== 1 || sssom.length > 1) return null;
  const header = new Set(firstLineOf(others[0]!).split('\t').map((n) => n.trim()));
  return GWAS_OFFICIAL_COLUMNS.every((c) => header.has(c)) ? { associations: others[0]!, sssom: sssom[0] ?? null } : null;
}

function classifyGwas(paths: readonly string[]): { genes: string; snps: string; sssom: string | null } {
  const sssom = paths.filter((p) => /\.sssom\.tsv$/i.test(p));
  const genes: string[] = [];
  const snps: string[] = [];
  for (const p of paths) {
    if (sssom.includes(p)) continue;
    const kind = gwasKindOfHeader(firstLineOf(p));
    if (kind === null) throw new ImportRefusedError('bad_input', `${path.basename(p)} has neither the gene-associations nor the snp-associations header; ${USAGE}`);
    (kind === 'genes' ? genes : snps).push(p);
  }
  if (genes.length !== 1 || snps.length !== 1 || sssom.length > 1) throw new ImportRefusedError('bad_input', USAGE);
  return { genes: genes[0]!, snps: snps[0]!, sssom: sssom[0] ?? null };
}

interface Disease { name: string; line: number; curie: string; status: DoidMappingStatus }

async function writeDiseases(writers: SnapshotWriters, diseases: Map<string, Disease>, index: ExactDoidIndex | null, sssomFile: string): Promise<Record<DoidMappingStatus, number>> {
  const status = { mondo: 0, unmapped: 0, ambiguous: 0 };
  for (const [doid, d] of diseases) {
    status[d.status]++;
    for (const m of index?.byDoid.get(doid) ?? []) {
      await writers.mapping({
        subjectId: m.subjectId, predicateId: m.predicateId, objectId: m.objectId, subjectLabel: m.subjectLabel, objectLabel: m.objectLabel,
        justification: m.justification, source: 'sssom', file: sssomFile, line: m.line,
      });
    }
    await writers.term({ curie: doid, label: d.name, kind: 'disease', definition: null, synonyms: [], xrefs: [], replacedBy: null, obsolete: false, sourceLine: d.line });
  }
  return status;
}

export const gwasCatalogImporter: ResourceImporter = {
  resource: 'gwas_catalog',
  classify(paths) {
    const official = officialForm(paths);
    if (official) return [{ path: official.associations, role: 'annotations' }, ...(official.sssom ? [{ path: official.sssom, role: 'mappings' as const }] : [])];
    const { genes, snps, sssom } = classifyGwas(paths);
    return [{ path: genes, role: 'annotations' }, { path: snps, role: 'annotations' }, ...(sssom ? [{ path: sssom, role: 'mappings' as const }] : [])];
  },
  async load(context) {
    const official = officialForm(context.artifacts.map((a) => a.path));
    if (official) return loadGwasOfficial(context, official.associations, official.sssom, { name: 'NHGRI-EBI GWAS Catalog (associations download)', license: GWAS_LICENSE });
    const { genes: genesPath, snps: snpsPath, sssom: sssomPath } = classifyGwas(context.artifacts.map((a) => a.path));
    const genesFile = path.basename(genesPath);
    const snpsFile = path.basename(snpsPath);
    const sssomFile = sssomPath ? path.basename(sssomPath) : '';
    const sssomMeta: SssomMeta = {};
    const index = sssomPath ? await exactDoidIndex(sssomPath, sssomMeta) : null;
    if (!index) context.warn('no MONDO-DOID SSSOM set given: every disease stays a DOID CURIE');
    const snp = await readSnpRows(snpsPath, context);

    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const loci = new Map<string, Locus | null>();
    const diseases = new Map<string, Disease>();
    const genes = new Set<string>();
    const pairs = new Set<string>();
    const counts = {
      rows: 0, hc: 0, lc: 0, primary: 0, secondary: 0, hc_primary: 0, hc_secondary: 0, lc_primary: 0, lc_secondary: 0,
      claims_on_mondo: 0, claims_on_doid: 0, repeated_pairs: 0, associations_without_snp_rows: 0, confidence_mismatches: 0,
      gene_mapped: 0, gene_reported: 0, gene_mapped_and_reported: 0, gene_reported_only: 0, gene_mapped_only: 0, claims_without_p_value: 0,
    };
    for await (const row of parseGwasGeneAssociations(genesPath)) {
      counts.rows++;
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(genesFile, counts.rows);
      const key = locusKey(row.doid, row.locus);
      let locus = loci.get(key);
      if (locus === undefined) {
        const rows = snp.byLocus.get(key);
        loci.set(key, locus = rows ? summarise(rows) : null);
      }
      if (!locus) {
        counts.associations_without_snp_rows++;
        context.warn(`${genesFile} line ${row.line}: no snp-associations row for ${row.doid} locus ${row.locus}: the claim has no lead SNP`);
      } else if (locus.lead.highConfidence !== row.highConfidence) {
        counts.confidence_mismatches++;
        context.warn(`${genesFile} line ${row.line}: ${row.status} but the locus's lead SNP row (line ${locus.lead.line}) is ${locus.lead.highConfidence ? 'HC' : 'LC'}`);
      }
      let disease = diseases.get(row.doid);
      if (!disease) diseases.set(row.doid, disease = { name: row.doidName, line: row.line, ...diseaseForDoid(index, row.doid) });
      const gene = ncbiGeneCurie(row.gene);
      genes.add(gene);
      if (pairs.has(`${row.doid}\t${gene}`)) counts.repeated_pairs++; else pairs.add(`${row.doid}\t${gene}`);
      const qualifiers = qualifiersOf(row, locus);
      if (qualifiers.p_value === null) counts.claims_without_p_value++;
      tally(counts, row, disease.status, qualifiers.gene_mapped as boolean, qualifiers.gene_reported as boolean);
      const reference = locus ? `PMID:${locus.lead.pubmedId}` : null;
      const evidence: EvidenceRef[] = [{ file: genesFile, line: row.line, reference, evidenceCode: row.status }];
      if (locus) evidence.push({ file: snpsFile, line: locus.lead.line, reference, evidenceCode: LEAD_SNP_CODE });
      await writers.claim({
        subject: disease.curie, predicate: ASSOCIATES, object: gene, direction: 'supports',
        mondoCurie: disease.status === 'mondo' ? disease.curie : null, qualifiers, evidence,
      });
    }
    context.progress(genesFile, counts.rows);
    const status = await writeDiseases(writers, diseases, index, sssomFile);
    await writers.flush();

    const snpLoci = snp.byLocus.size;
    const usedLoci = [...loci.values()].filter((l) => l !== null).length;
    if (status.unmapped > 0) context.warn(`${status.unmapped} disease(s) have no exact MONDO match${index ? '' : ' (no SSSOM set given)'}: their claims keep the DOID`);
    if (status.ambiguous > 0) context.warn(`${status.ambiguous} disease(s) match several MONDO ids exactly: their claims keep the DOID`);
    if (snp.withoutPvalue > 0) context.warn(`${snp.withoutPvalue} snp-associations row(s) have no mlog_pvalue: they rank last among their locus's rows of the same confidence`);
    if (snp.negativeMlog > 0) context.warn(`${snp.negativeMlog} snp-associations row(s) have a negative mlog_pvalue (p > 1, an upstream data error): kept as written, p_value null`);
    if (counts.repeated_pairs > 0) context.warn(`${counts.repeated_pairs} row(s) repeat a disease-gene pair already listed; each row is its own claim`);
    return {
      version: null,
      counts: {
        ...writers.counts(), ...counts, snp_rows: snp.rows, loci: loci.size, loci_with_snp_rows: usedLoci, snp_loci: snpLoci,
        snp_loci_without_gene_rows: snpLoci - usedLoci, snp_rows_without_pvalue: snp.withoutPvalue, snp_rows_negative_mlog_pvalue: snp.negativeMlog,
        diseases: diseases.size, genes: genes.size, diseases_mapped_to_mondo: status.mondo, diseases_without_exact_mondo: status.unmapped,
        diseases_with_ambiguous_mondo: status.ambiguous, ...(index ? { sssom_rows: index.rows, sssom_rows_skipped: index.skipped } : {}),
      },
      details: {
        source: { name: GWAS_SOURCE, license: GWAS_LICENSE, citation: GWAS_CITATION, processing: GWAS_PROCESSING },
        predicate: ASSOCIATES, lead_snp: 'first snp-associations row of the locus by high_confidence, mlog_pvalue, date (descending), then line',
        mondo_mapping: index ? { file: sssomFile, mapping_set_version: sssomMeta.mapping_set_version ?? null } : null,
        term_kinds: { disease: diseases.size },
      },
    };
  },
};

function tally(counts: Record<string, number>, row: GwasGeneRow, disease: DoidMappingStatus, mapped: boolean, reported: boolean): void {
  counts[row.highConfidence ? 'hc' : 'lc']!++;
  counts[row.primary ? 'primary' : 'secondary']!++;
  counts[`${row.highConfidence ? 'hc' : 'lc'}_${row.primary ? 'primary' : 'secondary'}`]!++;
  counts[disease === 'mondo' ? 'claims_on_mondo' : 'claims_on_doid']!++;
  if (mapped) counts.gene_mapped!++;
  if (reported) counts.gene_reported!++;
  if (mapped && reported) counts.gene_mapped_and_reported!++;
  else if (mapped) counts.gene_mapped_only!++;
  else if (reported) counts.gene_reported_only!++;
}
