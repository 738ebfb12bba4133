// drugcentral: DrugCentral drug -> target pairs as dhimmel/drugcentral's rephetio/targets.tsv gives them
// (CC BY-SA 4.0; the DrugCentral target table behind Hetionet's Compound-binds-Gene edges).
// - One claim per row: DRUGBANK:<DB id> TARGETS NCBIGene:<GeneID>, direction `supports` (DrugCentral
//   asserts the drug acts on the target). Qualifiers: actions (inhibitor, agonist, ... as written), sources,
//   urls, pubmed_ids (arrays), drug_name, source 'DrugCentral', license. The evidence link gives file and
//   line, reference = the first PubMed id as PMID:<n>, or the first URL (ChEMBL compound page, FDA label)
//   when the row has none, evidence code = the sources cell as written ("DrugCentral (ChEMBL)").
// - Drug terms (kind `drug`, label = drugbank_name, empty search text) so a drug unknown to the drugbank
//   snapshot still has a name. Genes get no terms: ncbi_gene provides NCBIGene terms.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseDrugcentralTargets } from '../parsers/drugcentral';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, pmidReference, skippedRows } from './drug-tables';
import { isOfficialDrugcentralFile, loadDrugcentralOfficial } from './drugcentral-official';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { ncbiGeneCurie } from './ncbi-gene';
import { drugbankCurie } from './pharmacotherapydb';

export const TARGETS = 'TARGETS';
export const DRUGCENTRAL_SOURCE = 'DrugCentral';
export const DRUGCENTRAL_LICENSE = 'CC BY-SA 4.0';

export const drugcentralImporter: ResourceImporter = {
  resource: 'drugcentral',
  classify(paths) {
    const official = paths.filter(isOfficialDrugcentralFile);
    if (official.length === 1 && paths.length <= 2 && paths.every((p) => isOfficialDrugcentralFile(p) || /drugbank_vocabulary.*\.csv$/i.test(p))) {
      return paths.map((p) => ({ path: p, role: isOfficialDrugcentralFile(p) ? 'annotations' as const : 'mappings' as const }));
    }
    if (paths.length !== 1 || !/\.tsv$/i.test(paths[0]!) || official.length > 0) {
      throw new ImportRefusedError('bad_input', 'drugcentral takes exactly one DrugCentral targets.tsv (dhimmel/drugcentral rephetio/targets.tsv), or the official drug.target.interaction.tsv[.gz] optionally with drugbank_vocabulary.csv');
    }
    return [{ path: paths[0]!, role: 'annotations' }];
  },
  async load(context) {
    if (context.artifacts.some((a) => isOfficialDrugcentralFile(a.path))) return loadDrugcentralOfficial(context, { name: DRUGCENTRAL_SOURCE, license: DRUGCENTRAL_LICENSE });
    const artifact = context.artifacts[0]!;
    const file = path.basename(artifact.path);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const skipped = skippedRows(context, file);
    const drugs = new Map<string, { name: string; line: number }>();
    const genes = new Set<string>();
    const pairs = new Set<string>();
    const actions: Record<string, number> = {};
    const sources: Record<string, number> = {};
    const counts = { rows_read: 0, repeated_pairs: 0, rows_with_pubmed: 0, rows_without_action: 0, drug_name_conflicts: 0, references_pubmed: 0, references_url: 0, references_none: 0 };

    for await (const row of parseDrugcentralTargets(artifact.path, skipped.skip)) {
      counts.rows_read++;
      if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
      const drug = drugbankCurie(row.drugbankId);
      const gene = ncbiGeneCurie(row.geneId);
      const known = drugs.get(drug);
      if (!known) drugs.set(drug, { name: row.drugName, line: row.line });
      else if (known.name !== row.drugName) { counts.drug_name_conflicts++; context.warn(`${file} line ${row.line}: ${drug} is named '${row.drugName}', earlier '${known.name}'; the term keeps the first`); }
      genes.add(gene);
      const pair = `${drug}\t${gene}`;
      if (pairs.has(pair)) counts.repeated_pairs++; else pairs.add(pair);
      for (const a of row.actions) increment(actions, a);
      for (const s of row.sources) increment(sources, s);
      if (row.actions.length === 0) counts.rows_without_action++;
      if (row.pubmedIds.length > 0) counts.rows_with_pubmed++;
      const reference = pmidReference(row.pubmedIds) ?? row.urls[0] ?? null;
      if (row.pubmedIds.length > 0) counts.references_pubmed++; else if (reference !== null) counts.references_url++; else counts.references_none++;
      await writers.claim({
        subject: drug, predicate: TARGETS, object: gene, direction: 'supports', mondoCurie: null,
        qualifiers: {
          actions: row.actions, sources: row.sources, urls: row.urls, pubmed_ids: row.pubmedIds, drug_name: row.drugName,
          source: DRUGCENTRAL_SOURCE, license: DRUGCENTRAL_LICENSE,
        },
        evidence: { file, line: row.line, reference, evidenceCode: row.sourcesText || null },
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
        targets_supports: written.claims, drugs: drugs.size, genes: genes.size, pairs: pairs.size, distinct_actions: Object.keys(actions).length,
        ...rowCounts,
      },
      details: {
        source: {
          name: DRUGCENTRAL_SOURCE, license: DRUGCENTRAL_LICENSE,
          release: artifact.pinned?.form === 'full' ? 'dhimmel/drugcentral rephetio/targets.tsv @ 0e085ddb (2017-03-09)' : null,
        },
        predicate: TARGETS, direction: 'supports', actions, sources,
      },
    };
  },
};
