// bindingdb: measured binding affinities of DrugBank compounds on human genes, as dhimmel/bindingdb's
// data/bindings-drugbank-gene.tsv collapses BindingDB 2015m3 (with its ChEMBL, PubChem, PDSP Ki, patent
// imports) per drug and Entrez gene. BindingDB's own curation is CC BY 3.0 (ChEMBL-imported measurements:
// CC BY-SA 3.0, per BindingDB's statement).
// - One claim per row: DRUGBANK:<DB id> BINDS NCBIGene:<entrez_gene>.
//   affinity_nM <= 1000 (1 uM)  -> supports (meets_threshold true)
//   affinity_nM  > 1000         -> neutral  (meets_threshold false): a measured weak affinity is data, not
//                                  absence and not a contradiction, so it is kept, never dropped or negated.
//   The threshold is Hetionet's: Himmelstein et al., eLife 2017 (doi:10.7554/eLife.26726) built the
//   Compound-binds-Gene edges from this very file keeping affinity_nM <= 1000 ("micromolar binding
//   affinity", dhimmel/integrate compile/CbG-binding.ipynb).
//   Qualifiers: affinity_nM (number), threshold_nM, meets_threshold, n_pairs, sources, pubmed_ids (arrays),
//   gene_symbol, drug_name, drugbank_approved (boolean), source 'BindingDB', license. The evidence link
//   gives file and line, reference = the first PubMed id as PMID:<n> (null without one), evidence code =
//   the sources cell as written ("ChEMBL,PubChem").
// - Drug terms (kind `drug`, label = drugbank_name, empty search text): 1,654 of the file's 2,525 drugs
//   are not in drugbank-slim. Genes get no terms (ncbi_gene provides them; the symbol is a qualifier).
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseBindingdbGene } from '../parsers/bindingdb';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, pmidReference, skippedRows } from './drug-tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { ncbiGeneCurie } from './ncbi-gene';
import { drugbankCurie } from './pharmacotherapydb';

export const BINDS = 'BINDS';
export const BINDINGDB_SOURCE = 'BindingDB';
export const BINDINGDB_LICENSE = 'CC BY 3.0';
/** affinity_nM at or below this is binding (supports); above it the measurement is neutral. */
export const BINDING_THRESHOLD_NM = 1000;
/** Himmelstein et al., eLife 2017 (Hetionet / Project Rephetio), whose threshold this is. */
export const HETIONET_DOI = 'doi:10.7554/eLife.26726';

export const bindingDirection = (affinityNm: number): 'supports' | 'neutral' => (affinityNm <= BINDING_THRESHOLD_NM ? 'supports' : 'neutral');

export const bindingdbImporter: ResourceImporter = {
  resource: 'bindingdb',
  classify(paths) {
    if (paths.length !== 1 || !/\.tsv$/i.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'bindingdb takes exactly one bindings-drugbank-gene.tsv (dhimmel/bindingdb data/bindings-drugbank-gene.tsv)');
    }
    return [{ path: paths[0]!, role: 'annotations' }];
  },
  async load(context) {
    const artifact = context.artifacts[0]!;
    const file = path.basename(artifact.path);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const skipped = skippedRows(context, file);
    const drugs = new Map<string, { name: string | null; line: number }>();
    const genes = new Set<string>();
    const pairs = new Set<string>();
    const boundDrugs = new Set<string>();
    const boundGenes = new Set<string>();
    const sources: Record<string, number> = {};
    const counts = {
      rows_read: 0, binds_supports: 0, binds_neutral: 0, at_threshold: 0, approved_drug_rows: 0, rows_with_pubmed: 0,
      repeated_pairs: 0, drug_name_conflicts: 0,
    };

    for await (const row of parseBindingdbGene(artifact.path, skipped.skip)) {
      counts.rows_read++;
      if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
      const drug = drugbankCurie(row.drugbankId);
      const gene = ncbiGeneCurie(row.entrezGene);
      const known = drugs.get(drug);
      if (!known) drugs.set(drug, { name: row.drugName, line: row.line });
      else if (known.name !== row.drugName) { counts.drug_name_conflicts++; context.warn(`${file} line ${row.line}: ${drug} is named '${row.drugName}', earlier '${known.name}'; the term keeps the first`); }
      genes.add(gene);
      const pair = `${drug}\t${gene}`;
      if (pairs.has(pair)) counts.repeated_pairs++; else pairs.add(pair);
      const direction = bindingDirection(row.affinityNm);
      const meets = direction === 'supports';
      if (meets) { counts.binds_supports++; boundDrugs.add(drug); boundGenes.add(gene); } else counts.binds_neutral++;
      if (row.affinityNm === BINDING_THRESHOLD_NM) counts.at_threshold++;
      if (row.drugbankApproved) counts.approved_drug_rows++;
      if (row.pubmedIds.length > 0) counts.rows_with_pubmed++;
      for (const s of row.sources) increment(sources, s);
      await writers.claim({
        subject: drug, predicate: BINDS, object: gene, direction, mondoCurie: null,
        qualifiers: {
          affinity_nM: row.affinityNm, threshold_nM: BINDING_THRESHOLD_NM, meets_threshold: meets, n_pairs: row.nPairs,
          sources: row.sources, pubmed_ids: row.pubmedIds, gene_symbol: row.geneSymbol, drug_name: row.drugName, drugbank_approved: row.drugbankApproved,
          source: BINDINGDB_SOURCE, license: BINDINGDB_LICENSE,
        },
        evidence: { file, line: row.line, reference: pmidReference(row.pubmedIds), evidenceCode: row.sourcesText || null },
      });
    }
    context.progress(file, counts.rows_read);
    skipped.finish();
    for (const [curie, d] of drugs) await terms.add([context.snapshotId, curie, d.name, 'drug', null, [], [], null, false, '', d.line]);
    await terms.flush();
    await writers.flush();
    if (counts.repeated_pairs > 0) context.warn(`${counts.repeated_pairs} row(s) repeat a drug-gene pair already listed; each row is its own claim`);
    const written = writers.counts();
    const { rows_read: _read, ...rowCounts } = counts;
    return {
      version: null,
      counts: {
        ...written, terms: written.terms + terms.written, rows: counts.rows_read + skipped.count(), skipped_rows: skipped.count(),
        drugs: drugs.size, genes: genes.size, pairs: pairs.size, drugs_with_binding: boundDrugs.size, genes_with_binding: boundGenes.size,
        ...rowCounts,
      },
      details: {
        source: {
          name: BINDINGDB_SOURCE, license: BINDINGDB_LICENSE,
          license_note: 'BindingDB-curated data CC BY 3.0; measurements BindingDB imported from ChEMBL are CC BY-SA 3.0 (see the sources qualifier)',
          release: artifact.pinned?.form === 'full' ? 'BindingDB 2015m3 via dhimmel/bindingdb data/bindings-drugbank-gene.tsv @ 28dc7027 (2015-11-18)' : null,
        },
        predicate: BINDS,
        threshold: {
          affinity_nM: BINDING_THRESHOLD_NM, at_or_below: 'supports', above: 'neutral (meets_threshold false)',
          reference: HETIONET_DOI, why: 'Hetionet (Himmelstein et al., eLife 2017) kept Compound-binds-Gene edges of this file with affinity_nM <= 1000 (1 uM)',
        },
        sources,
      },
    };
  },
};
