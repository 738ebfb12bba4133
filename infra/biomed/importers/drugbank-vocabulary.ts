// drugbank_vocabulary: the DrugBank open vocabulary (drugbank_vocabulary.csv, CC0) as the identity of every
// DrugBank entry, biologics included (DrugBank 4's slim table, the drugbank importer, has only 1,787 small
// molecules: no belimumab, anifrolumab, ocrelizumab). Identity only, no claims:
// - a `drug` term DRUGBANK:<id> per row: label = Common name, synonyms = Synonyms (scope EXACT, as DrugBank
//   lists them), xrefs CAS:, UNII:, INCHIKEY:; empty search text (drugs are not conditions);
// - term attributes: `modality` (domain/biomed/drug-modality.ts: InChIKey -> small molecule, WHO INN stem
//   -mab -> antibody, -cept -> fusion protein, a BIOD accession -> protein, else unknown), `accession`;
// - exact mappings (source drugbank_vocabulary, file and line) DRUGBANK:<id> -> UNII:<unii>, CAS:<cas>,
//   INCHIKEY:<key>, so other sources naming a drug by UNII or CAS find the same DrugBank id.
import path from 'node:path';
import { drugModality, Modality } from '../../../domain/biomed/drug-modality';
import { ImportRefusedError } from '../artifacts';
import { parseDrugbankVocabulary } from '../parsers/drugbank-vocabulary';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, skippedRows, TERM_ATTRIBUTE_COLUMNS } from './drug-tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { EXACT_MATCH } from './mondo';
import { TERM_ATTRIBUTES } from './openfda';
import { drugbankCurie } from './pharmacotherapydb';

export const DRUGBANK_VOCABULARY_LICENSE = 'CC0 1.0';

export const drugbankVocabularyImporter: ResourceImporter = {
  resource: 'drugbank_vocabulary',
  classify(paths) {
    if (paths.length !== 1 || !/\.csv$/i.test(paths[0]!)) {
      throw new ImportRefusedError('bad_input', 'drugbank_vocabulary takes exactly one DrugBank open vocabulary drugbank_vocabulary.csv');
    }
    return [{ path: paths[0]!, role: 'terms' }];
  },
  async load(context) {
    const filePath = context.artifacts[0]!.path;
    const file = path.basename(filePath);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, TERM_ATTRIBUTE_COLUMNS);
    const skipped = skippedRows(context, file);
    const seen = new Set<string>();
    const modalities: Record<Modality, number> = { 'small molecule': 0, antibody: 0, 'fusion protein': 0, protein: 0, unknown: 0 };
    const counts = { rows_read: 0, drugs: 0, repeated_ids: 0, synonyms: 0, unii_mappings: 0, cas_mappings: 0, inchikey_mappings: 0 };
    let attributeNo = 0;
    for await (const row of parseDrugbankVocabulary(filePath, skipped.skip)) {
      counts.rows_read++;
      if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
      const curie = drugbankCurie(row.drugbankId);
      if (seen.has(curie)) { counts.repeated_ids++; context.warn(`${file} line ${row.line}: ${curie} repeated; kept the first`); continue; }
      seen.add(curie);
      counts.drugs++;
      const synonyms = row.synonyms.filter((s) => s !== row.name).map((text) => ({ text, scope: 'EXACT', type: null }));
      counts.synonyms += synonyms.length;
      const ids: [string, string | null, keyof typeof counts][] = [['UNII', row.unii, 'unii_mappings'], ['CAS', row.cas, 'cas_mappings'], ['INCHIKEY', row.inchikey, 'inchikey_mappings']];
      const xrefs: { id: string; source: string }[] = [];
      for (const [prefix, value, counter] of ids) {
        if (value === null) continue;
        const objectId = `${prefix}:${value}`;
        xrefs.push({ id: objectId, source: 'drugbank_vocabulary' });
        counts[counter]++;
        await writers.mapping({ subjectId: curie, predicateId: EXACT_MATCH, objectId, subjectLabel: row.name, objectLabel: null,
          justification: `DrugBank open vocabulary ${prefix}`, source: 'drugbank_vocabulary', file, line: row.line });
      }
      const modality = drugModality({ inchikey: row.inchikey, name: row.name, biotechAccession: row.accessions.some((a) => a.startsWith('BIOD')) });
      increment(modalities, modality);
      await terms.add([context.snapshotId, curie, row.name, 'drug', null, synonyms, xrefs, null, false, '', row.line]);
      await attributes.add([context.snapshotId, curie, ++attributeNo, 'modality', modality, file, row.line]);
      for (const a of row.accessions) await attributes.add([context.snapshotId, curie, ++attributeNo, 'accession', a, file, row.line]);
    }
    context.progress(file, counts.rows_read);
    skipped.finish();
    await terms.flush();
    await attributes.flush();
    await writers.flush();
    const { rows_read: _read, ...rest } = counts;
    return {
      version: null,
      counts: { ...writers.counts(), terms: terms.written, term_attributes: attributes.written, rows: counts.rows_read + skipped.count(), skipped_rows: skipped.count(), ...rest },
      details: {
        source: { name: 'DrugBank open vocabulary', license: DRUGBANK_VOCABULARY_LICENSE, release: context.artifacts[0]!.pinned?.form === 'full' ? 'samyama-ai/clinicaltrials-kg data/drugbank_vocabulary.csv @ e6428440 (2026-04-02)' : null },
        modalities,
      },
    };
  },
};
