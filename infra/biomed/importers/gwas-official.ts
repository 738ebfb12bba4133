// gwas_catalog, official download form: the GWAS Catalog's associations TSV "with added ontology annotations"
// (the full file a user downloads, or an excerpt of it), optionally with MONDO's exact MONDO-EFO SSSOM set.
// - One ASSOCIATES claim per row, mapped trait and mapped gene: disease -> GENE_SYMBOL:<MAPPED_GENE> (the
//   graph puts the symbol on its NCBIGene node through gene_info / HGNC exact symbol mappings). The disease
//   is the trait's EFO id mapped to MONDO when exactly one MONDO id is its skos:exactMatch in the set,
//   else the trait CURIE as it is (never a label match); mondo_curie is that MONDO id.
// - Direction: `supports` at genome-wide significance, P-VALUE <= 5e-8 (Pe'er et al., Genet Epidemiol 2008,
//   doi:10.1002/gepi.20297: the conventional threshold for one million common-variant tests); the Catalog
//   also lists associations down to 1e-5, kept as `neutral` (data about the pair, not an edge).
// - Qualifiers: p_value, pvalue_mlog, or_beta, ci_text, snps, risk_allele, intergenic, context, trait as
//   written, trait_id, study_accession, pubmed_id; evidence: file and line, reference PMID:<id>, evidence code
//   the study accession.
import path from 'node:path';
import { parseGwasOfficialAssociations } from '../parsers/gwas-official';
import { parseSssom } from '../parsers/sssom';
import { SnapshotWriters } from '../store/snapshot-writers';
import { skippedRows } from './drug-tables';
import { ImportContext, ImportOutcome, PROGRESS_EVERY } from './importer';
import { EXACT_MATCH } from './mondo';
import { geneSymbolCurie } from './ncbi-gene';

export const GENOME_WIDE_SIGNIFICANCE = 5e-8;

export async function loadGwasOfficial(context: ImportContext, associationsPath: string, sssomPath: string | null, source: { name: string; license: string }): Promise<ImportOutcome> {
  const file = path.basename(associationsPath);
  const writers = new SnapshotWriters(context.queue, context.snapshotId);
  const skipped = skippedRows(context, file);
  const toMondo = new Map<string, Set<string>>();
  let sssomRows = 0;
  if (sssomPath) {
    for await (const r of parseSssom(sssomPath)) {
      sssomRows++;
      if (r.predicateId !== EXACT_MATCH || !r.subjectId.startsWith('MONDO:')) continue;
      const s = toMondo.get(r.objectId) ?? new Set<string>();
      s.add(r.subjectId);
      toMondo.set(r.objectId, s);
    }
  } else {
    context.warn('no MONDO SSSOM set given: every trait stays its EFO CURIE');
  }
  const counts = { rows_read: 0, rows_without_gene: 0, rows_without_trait: 0, claims_supports: 0, claims_neutral: 0, claims_on_mondo: 0, claims_on_trait_id: 0, sssom_rows: sssomRows };
  const traits = new Set<string>();
  const genes = new Set<string>();
  for await (const r of parseGwasOfficialAssociations(associationsPath, skipped.skip)) {
    counts.rows_read++;
    if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
    if (r.mappedGenes.length === 0) { counts.rows_without_gene++; continue; }
    if (r.traitIds.length === 0) { counts.rows_without_trait++; continue; }
    const direction = r.pValue <= GENOME_WIDE_SIGNIFICANCE ? 'supports' : 'neutral';
    for (const traitId of r.traitIds) {
      const mondos = traitId.startsWith('MONDO:') ? new Set([traitId]) : toMondo.get(traitId);
      const mondo = mondos && mondos.size === 1 ? mondos.values().next().value as string : null;
      traits.add(traitId);
      for (const gene of r.mappedGenes) {
        genes.add(gene);
        if (direction === 'supports') counts.claims_supports++; else counts.claims_neutral++;
        if (mondo) counts.claims_on_mondo++; else counts.claims_on_trait_id++;
        await writers.claim({
          subject: mondo ?? traitId, predicate: 'ASSOCIATES', object: geneSymbolCurie(gene), direction, mondoCurie: mondo,
          qualifiers: {
            p_value: r.pValue, pvalue_mlog: r.pvalueMlog, or_beta: r.orBeta, ci_text: r.ciText, snps: r.snps, risk_allele: r.riskAllele, intergenic: r.intergenic,
            context: r.context, trait: r.trait, trait_id: traitId, study_accession: r.studyAccession, pubmed_id: r.pubmedId, date: r.date, source: source.name, license: source.license,
          },
          evidence: { file, line: r.line, reference: r.pubmedId ? `PMID:${r.pubmedId}` : null, evidenceCode: r.studyAccession },
        });
      }
    }
  }
  context.progress(file, counts.rows_read);
  skipped.finish();
  await writers.flush();
  const { rows_read: _read, ...rest } = counts;
  return {
    version: null,
    counts: { ...writers.counts(), rows: counts.rows_read + skipped.count(), skipped_rows: skipped.count(), traits: traits.size, genes: genes.size, ...rest },
    details: { source: { ...source, form: 'GWAS Catalog associations download with added ontology annotations' }, significance_threshold: GENOME_WIDE_SIGNIFICANCE },
  };
}
