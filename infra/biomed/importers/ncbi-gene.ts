// ncbi_gene: NCBI Gene's gene_info (Homo_sapiens.gene_info[.gz]) as the gene identity other importers
// join on. Only Homo sapiens rows (tax_id 9606) are kept; rows of other taxa (the human file also
// carries a few Neanderthal/Denisovan genes) are counted and skipped.
// - Each gene is a term NCBIGene:<GeneID> of kind `gene`: label = Symbol, synonyms = Synonyms (scope
//   RELATED: NCBI aliases, some shared by several genes) plus the nomenclature authority's (HGNC) symbol
//   when it differs from Symbol (scope EXACT), xrefs = the normalised dbXrefs. Empty search text: genes
//   are not conditions.
// - type_of_gene, description, chromosome and map_location (when not '-') are term attributes
//   (biomed.term_attributes).
// - Each distinct dbXref is a mapping NCBIGene:<id> -> <CURIE> (source gene_info), prefixes normalised:
//   HGNC:HGNC:5 -> HGNC:5, Ensembl -> ENSEMBL, MIM -> OMIM, Vega -> VEGA, miRBase -> MIRBASE,
//   IMGT/GENE-DB -> IMGT.GENEDB, HPRD stays. All are skos:exactMatch except OMIM, which is
//   skos:relatedMatch: NCBI Gene gives its 'unknown'-type disease loci the PHENOTYPE MIM entry (e.g.
//   NCBIGene:192142 RLS1 -> MIM:102300, which MONDO maps exactly to MONDO:0007053 restless legs
//   syndrome), and OMIM '+' entries are gene and phenotype at once, so an exact OMIM mapping would make
//   a disease and a gene one entity in the identity reads (which follow exact matches only). An xref
//   whose normalised form is not a valid CURIE (IMGT names with '/') stays in the term's xrefs but gets
//   no mapping row (counted).
// - The nomenclature authority's symbol (Nomenclature_status O, i.e. the official HGNC symbol, unique in
//   the file) is also an exact mapping to GENE_SYMBOL:<symbol>, the CURIE Reactome's gene sets use; a
//   symbol with characters outside a CURIE (gene clusters such as HOXA@) gets none (counted). NCBI's own
//   interim symbols (no authority symbol) are not mapped: some are shared by several genes.
// No claims: identity only.
import path from 'node:path';
import { isCurie } from '../../../domain/biomed/curie';
import { ImportRefusedError } from '../artifacts';
import { parseGeneInfo } from '../parsers/gene-info';
import { BulkInserter, Column } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';
import { TERM_ATTRIBUTES } from './openfda';

export const HUMAN_TAX_ID = '9606';
export const RELATED_MATCH = 'skos:relatedMatch';
/** Normalised xref prefixes written as skos:relatedMatch, not exact (see the file comment). */
const NOT_EXACT_PREFIXES = new Set(['OMIM']);
export const ncbiGeneCurie = (geneId: string) => `NCBIGene:${geneId}`;
export const geneSymbolCurie = (symbol: string) => `GENE_SYMBOL:${symbol}`;

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];
const ATTRIBUTE_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'attribute_no', type: 'integer' }, { name: 'name', type: 'text' },
  { name: 'value', type: 'text' }, { name: 'source_file', type: 'text' }, { name: 'source_line', type: 'integer' },
];

/** gene_info dbXrefs database name -> CURIE prefix. Other names are upper-cased, non-CURIE characters turned into '.'. */
const XREF_PREFIX: Record<string, string> = {
  HGNC: 'HGNC', Ensembl: 'ENSEMBL', MIM: 'OMIM', Vega: 'VEGA', HPRD: 'HPRD', miRBase: 'MIRBASE', 'IMGT/GENE-DB': 'IMGT.GENEDB',
};

/** One dbXrefs entry as a CURIE: "HGNC:HGNC:5" -> "HGNC:5", "Ensembl:ENSG…" -> "ENSEMBL:ENSG…", "MIM:191160" -> "OMIM:191160". */
export function normaliseGeneXref(raw: string): { prefix: string; curie: string } | null {
  const colon = raw.indexOf(':');
  if (colon <= 0 || colon === raw.length - 1) return null;
  const db = raw.slice(0, colon);
  let local = raw.slice(colon + 1);
  if (db === 'HGNC' && local.startsWith('HGNC:')) local = local.slice('HGNC:'.length);
  const prefix = XREF_PREFIX[db] ?? db.toUpperCase().replace(/[^A-Z0-9_.-]/g, '.');
  return { prefix: db, curie: `${prefix}:${local}` };
}

const ATTRIBUTES = [['type_of_gene', 'typeOfGene'], ['description', 'description'], ['chromosome', 'chromosome'], ['map_location', 'mapLocation']] as const;

export const ncbiGeneImporter: ResourceImporter = {
  resource: 'ncbi_gene',
  classify(paths) {
    if (paths.length !== 1 || !/gene_info(\.gz)?$/i.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'ncbi_gene takes exactly one NCBI Gene gene_info file (e.g. Homo_sapiens.gene_info.gz)');
    }
    return [{ path: paths[0]!, role: 'terms' }];
  },
  async load(context) {
    const filePath = context.artifacts[0]!.path;
    const file = path.basename(filePath);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, TERM_COLUMNS);
    const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, ATTRIBUTE_COLUMNS);
    const seen = new Set<string>();
    const otherTaxa: Record<string, number> = {};
    const xrefsByPrefix: Record<string, number> = {};
    const typeOfGene: Record<string, number> = {};
    const counts = {
      rows: 0, human_rows: 0, other_taxa_rows: 0, repeated_gene_ids: 0, genes: 0, synonyms: 0, xrefs: 0, repeated_xrefs: 0,
      xref_mappings: 0, xref_related_mappings: 0, xrefs_not_curie: 0, symbol_mappings: 0, symbols_not_curie: 0, symbol_differs_from_authority: 0,
    };
    let attributeNo = 0;
    let maxModified: string | null = null;

    for await (const row of parseGeneInfo(filePath)) {
      counts.rows++;
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
      if (row.taxId !== HUMAN_TAX_ID) { counts.other_taxa_rows++; otherTaxa[row.taxId] = (otherTaxa[row.taxId] ?? 0) + 1; continue; }
      counts.human_rows++;
      const curie = ncbiGeneCurie(row.geneId);
      if (seen.has(curie)) { counts.repeated_gene_ids++; context.warn(`${file} line ${row.line}: ${curie} repeated; kept the first`); continue; }
      seen.add(curie);
      if (row.modificationDate && (maxModified === null || row.modificationDate > maxModified)) maxModified = row.modificationDate;

      const synonyms: { text: string; scope: string; type: string | null }[] = [];
      const names = new Set<string>([row.symbol]);
      if (row.authoritySymbol && row.authoritySymbol !== row.symbol) {
        counts.symbol_differs_from_authority++;
        names.add(row.authoritySymbol);
        synonyms.push({ text: row.authoritySymbol, scope: 'EXACT', type: 'nomenclature_authority_symbol' });
      }
      for (const s of row.synonyms) {
        counts.synonyms++;
        if (names.has(s)) continue;
        names.add(s);
        synonyms.push({ text: s, scope: 'RELATED', type: null });
      }

      const xrefs: { id: string; source: string | null }[] = [];
      const xrefIds = new Set<string>();
      for (const raw of row.dbXrefs) {
        const x = normaliseGeneXref(raw);
        if (!x) { context.warn(`${file} line ${row.line}: dbXref '${raw}' has no prefix; skipped`); continue; }
        counts.xrefs++;
        xrefsByPrefix[x.prefix] = (xrefsByPrefix[x.prefix] ?? 0) + 1;
        if (xrefIds.has(x.curie)) { counts.repeated_xrefs++; continue; }
        xrefIds.add(x.curie);
        xrefs.push({ id: x.curie, source: 'gene_info' });
        if (!isCurie(x.curie)) { counts.xrefs_not_curie++; continue; }
        const exact = !NOT_EXACT_PREFIXES.has(x.curie.slice(0, x.curie.indexOf(':')));
        if (exact) counts.xref_mappings++; else counts.xref_related_mappings++;
        await writers.mapping({ subjectId: curie, predicateId: exact ? EXACT_MATCH : RELATED_MATCH, objectId: x.curie, subjectLabel: row.symbol, objectLabel: null,
          justification: `gene_info dbXrefs ${raw}`, source: 'gene_info', file, line: row.line });
      }
      if (row.authoritySymbol && row.nomenclatureStatus === 'O') {
        const symbolCurie = geneSymbolCurie(row.authoritySymbol);
        if (isCurie(symbolCurie)) {
          counts.symbol_mappings++;
          await writers.mapping({ subjectId: curie, predicateId: EXACT_MATCH, objectId: symbolCurie, subjectLabel: row.symbol, objectLabel: row.authoritySymbol,
            justification: 'gene_info Symbol_from_nomenclature_authority (official)', source: 'gene_info', file, line: row.line });
        } else {
          counts.symbols_not_curie++;
        }
      }

      await terms.add([context.snapshotId, curie, row.symbol, 'gene', null, synonyms, xrefs, null, false, '', row.line]);
      for (const [name, key] of ATTRIBUTES) {
        const v = row[key];
        if (v !== null) await attributes.add([context.snapshotId, curie, ++attributeNo, name, v, file, row.line]);
      }
      if (row.typeOfGene) typeOfGene[row.typeOfGene] = (typeOfGene[row.typeOfGene] ?? 0) + 1;
      counts.genes++;
    }
    context.progress(file, counts.rows);
    await terms.flush();
    await attributes.flush();
    await writers.flush();
    if (counts.other_taxa_rows > 0) context.warn(`${counts.other_taxa_rows} row(s) of other taxa (${Object.keys(otherTaxa).join(', ')}) skipped: only tax_id ${HUMAN_TAX_ID} is imported`);
    if (counts.xrefs_not_curie > 0) context.warn(`${counts.xrefs_not_curie} dbXref(s) are not valid CURIEs once normalised (e.g. IMGT/GENE-DB names with '/'): kept in the term's xrefs, no mapping row`);
    return {
      version: maxModified ? `gene_info modified up to ${maxModified}` : null,
      counts: { ...writers.counts(), terms: terms.written, term_attributes: attributes.written, ...counts },
      details: { tax_id: HUMAN_TAX_ID, other_taxa_rows: otherTaxa, xrefs_by_prefix: xrefsByPrefix, type_of_gene: typeOfGene, max_modification_date: maxModified },
    };
  },
};
