// hgnc: HGNC's complete set (hgnc_complete_set.txt[.gz], CC0) as the bridge between the gene identifiers
// drug-target sources use and the NCBIGene nodes of the graph: ChEMBL and DrugCentral name targets by
// UniProt accession, so without this a biologic's target (rituximab -> P11836) would not land on MS4A1.
// - Each row is a term HGNC:<n> of kind `gene`: label = the approved symbol, synonyms = previous symbols
//   (type previous_symbol) and aliases (type alias_symbol), both scope RELATED (an alias may be shared by
//   several genes), and the approved name (scope EXACT). Empty search text: genes are not conditions.
//   The knowledge graph adds these names to the gene's node (the HGNC id is an alias of the NCBIGene node).
// - Exact mappings (source hgnc, file and line) from NCBIGene:<entrez_id> to HGNC:<n>, to every
//   UNIPROT:<accession> of uniprot_ids and to GENE_SYMBOL:<symbol>. A row without entrez_id gets no
//   mapping (counted): its UniProt ids stay their own nodes rather than being guessed onto a gene.
// No claims: identity only.
import path from 'node:path';
import { isCurie } from '../../../domain/biomed/curie';
import { ImportRefusedError } from '../artifacts';
import { parseHgncCompleteSet } from '../parsers/hgnc';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, skippedRows } from './drug-tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';
import { geneSymbolCurie, ncbiGeneCurie } from './ncbi-gene';

export const uniprotCurie = (accession: string) => `UNIPROT:${accession}`;
export const HGNC_LICENSE = 'CC0 1.0';

export const hgncImporter: ResourceImporter = {
  resource: 'hgnc',
  classify(paths) {
    if (paths.length !== 1 || !/\.txt(\.gz)?$/i.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'hgnc takes exactly one HGNC complete set (hgnc_complete_set.txt[.gz])');
    }
    return [{ path: paths[0]!, role: 'mappings' }];
  },
  async load(context) {
    const filePath = context.artifacts[0]!.path;
    const file = path.basename(filePath);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const skipped = skippedRows(context, file);
    const counts = {
      rows_read: 0, genes: 0, genes_with_entrez: 0, genes_without_entrez: 0, uniprot_ids: 0, uniprot_mappings: 0,
      uniprot_without_entrez: 0, previous_symbols: 0, alias_symbols: 0, symbol_mappings: 0, hgnc_mappings: 0,
    };
    for await (const row of parseHgncCompleteSet(filePath, skipped.skip)) {
      counts.rows_read++;
      if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
      counts.genes++;
      const synonyms: { text: string; scope: string; type: string | null }[] = [];
      const names = new Set([row.symbol]);
      for (const s of row.prevSymbols) { counts.previous_symbols++; if (!names.has(s)) { names.add(s); synonyms.push({ text: s, scope: 'RELATED', type: 'previous_symbol' }); } }
      for (const s of row.aliasSymbols) { counts.alias_symbols++; if (!names.has(s)) { names.add(s); synonyms.push({ text: s, scope: 'RELATED', type: 'alias_symbol' }); } }
      if (row.name !== '' && !names.has(row.name)) synonyms.push({ text: row.name, scope: 'EXACT', type: 'approved_name' });
      const xrefs = [
        ...(row.entrezId ? [{ id: ncbiGeneCurie(row.entrezId), source: 'hgnc' }] : []),
        ...(row.ensemblId ? [{ id: `ENSEMBL:${row.ensemblId}`, source: 'hgnc' }] : []),
        ...row.uniprotIds.map((u) => ({ id: uniprotCurie(u), source: 'hgnc' })),
      ];
      await terms.add([context.snapshotId, row.hgncId, row.symbol, 'gene', null, synonyms, xrefs, null, false, '', row.line]);
      counts.uniprot_ids += row.uniprotIds.length;
      if (!row.entrezId) { counts.genes_without_entrez++; counts.uniprot_without_entrez += row.uniprotIds.length; continue; }
      counts.genes_with_entrez++;
      const gene = ncbiGeneCurie(row.entrezId);
      const map = (objectId: string, objectLabel: string | null, what: string) => writers.mapping({
        subjectId: gene, predicateId: EXACT_MATCH, objectId, subjectLabel: row.symbol, objectLabel, justification: `HGNC complete set ${what}`, source: 'hgnc', file, line: row.line,
      });
      await map(row.hgncId, row.symbol, 'hgnc_id');
      counts.hgnc_mappings++;
      for (const u of row.uniprotIds) { await map(uniprotCurie(u), null, 'uniprot_ids'); counts.uniprot_mappings++; }
      const symbolCurie = geneSymbolCurie(row.symbol);
      if (isCurie(symbolCurie)) { await map(symbolCurie, row.symbol, 'symbol'); counts.symbol_mappings++; }
    }
    context.progress(file, counts.rows_read);
    skipped.finish();
    await terms.flush();
    await writers.flush();
    const { rows_read: _read, ...rest } = counts;
    return {
      version: null,
      counts: { ...writers.counts(), terms: terms.written, rows: counts.rows_read + skipped.count(), skipped_rows: skipped.count(), ...rest },
      details: {
        source: { name: 'HGNC', license: HGNC_LICENSE, release: context.artifacts[0]!.pinned?.form === 'full' ? 'maximilianh/phenotypes data/hgnc_complete_set.txt.gz @ 0236d05a (about 2024-10)' : null },
      },
    };
  },
};
