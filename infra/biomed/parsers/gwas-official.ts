// Streaming reader of the GWAS Catalog's official associations download ("All associations, with added
// ontology annotations", gwas_catalog_v1.0.2-associations_e*.tsv; tab-separated, header line, columns found by
// name). Multi-valued cells: MAPPED_GENE lists the genes the Catalog mapped the SNP to, ', ' between genes
// the SNP lies in and ' - ' between the upstream and downstream genes of an intergenic SNP ('x' between the
// SNPs of an interaction); MAPPED_TRAIT_URI lists EFO (or other OBO) IRIs separated by ', '. A row with
// another column count or a P-VALUE that is not a number is handed to `skip`.
import { readTsvTable, SkipRow } from './tsv';

export interface GwasOfficialRow {
  line: number;
  pubmedId: string | null;
  studyAccession: string | null;
  trait: string;
  mappedTraits: string[];
  /** Trait CURIEs from MAPPED_TRAIT_URI (http://www.ebi.ac.uk/efo/EFO_0006335 -> EFO:0006335). */
  traitIds: string[];
  mappedGenes: string[];
  intergenic: boolean;
  snps: string;
  riskAllele: string;
  pValue: number;
  pvalueMlog: number | null;
  orBeta: number | null;
  ciText: string | null;
  context: string | null;
  date: string | null;
}

const COLUMNS = ['PUBMEDID', 'DISEASE/TRAIT', 'MAPPED_GENE', 'SNPS', 'STRONGEST SNP-RISK ALLELE', 'INTERGENIC', 'P-VALUE', 'PVALUE_MLOG', 'OR or BETA', '95% CI (TEXT)', 'MAPPED_TRAIT', 'MAPPED_TRAIT_URI', 'STUDY ACCESSION', 'CONTEXT', 'DATE'] as const;
export const GWAS_OFFICIAL_COLUMNS = COLUMNS;

/** An OBO PURL or EFO IRI as a CURIE: the last path segment with its first '_' as the colon. */
export function traitCurie(iri: string): string | null {
  const local = iri.trim().split('/').pop() ?? '';
  const m = /^([A-Za-z][A-Za-z0-9]*)_(\S+)$/.exec(local);
  return m ? `${m[1]}:${m[2]}` : null;
}

export async function* parseGwasOfficialAssociations(file: string, skip: SkipRow): AsyncGenerator<GwasOfficialRow> {
  for await (const row of readTsvTable(file, COLUMNS, 'the GWAS Catalog associations download (with added ontology annotations)')) {
    const { header, cells } = row;
    if (cells.length !== header.columns.length) { skip(row.line, `expected ${header.columns.length} tab-separated columns, found ${cells.length}`); continue; }
    const cell = (name: (typeof COLUMNS)[number]) => cells[header.index[name]!]!.trim();
    const opt = (name: (typeof COLUMNS)[number]) => { const v = cell(name); return v === '' ? null : v; };
    const num = (v: string | null) => (v === null || !Number.isFinite(Number(v)) ? null : Number(v));
    const p = Number(cell('P-VALUE'));
    if (cell('P-VALUE') === '' || !Number.isFinite(p)) { skip(row.line, `P-VALUE '${cell('P-VALUE')}' is not a number`); continue; }
    const uris = cell('MAPPED_TRAIT_URI').split(',').map((u) => u.trim()).filter((u) => u !== '');
    const genes = [...new Set(cell('MAPPED_GENE').split(/,| - | x |;/).map((g) => g.trim()).filter((g) => g !== '' && g !== 'NR'))];
    yield {
      line: row.line, pubmedId: opt('PUBMEDID'), studyAccession: opt('STUDY ACCESSION'), trait: cell('DISEASE/TRAIT'),
      mappedTraits: cell('MAPPED_TRAIT').split(',').map((t) => t.trim()).filter((t) => t !== ''),
      traitIds: uris.map(traitCurie).filter((c): c is string => c !== null), mappedGenes: genes, intergenic: cell('INTERGENIC') === '1',
      snps: cell('SNPS'), riskAllele: cell('STRONGEST SNP-RISK ALLELE'), pValue: p, pvalueMlog: num(opt('PVALUE_MLOG')), orBeta: num(opt('OR or BETA')),
      ciText: opt('95% CI (TEXT)'), context: opt('CONTEXT'), date: opt('DATE'),
    };
  }
}
