// drugcentral, official download form: drug.target.interaction.tsv[.gz] (CC BY-SA 4.0), optionally with the
// DrugBank open vocabulary to put DrugCentral drugs on DrugBank ids.
// - Rows naming no target accession (DNA, non-protein targets) are counted, no claim.
// - Only Homo sapiens rows (the file also lists rat, mouse, bovine … orthologue activities, counted and
//   skipped): the graph is of human genes.
// - One TARGETS claim per row and UniProt accession (a complex lists one per subunit), compound ->
//   UNIPROT:<accession> (genes land on NCBIGene through HGNC's exact mappings). Direction: `supports` when
//   the row is the drug's mechanism of action (MOA 1) or names an ACTION_TYPE; otherwise `neutral`: a
//   measured activity (DrugMatrix, WOMBAT-PK …) on an off-target is data about the pair, not an edge, as a
//   BindingDB affinity above 1 µM is. Qualifiers: action_type, act_value/act_unit/act_type/relation,
//   act_source, moa, moa_source, target_name, target_class, genes, tdl; evidence: file, line, the MoA (else
//   activity) source URL, evidence code = the MoA source or activity source.
// - Compound identity (domain/biomed/compound-identity.ts, exact only): the drug's name equal to exactly one
//   DrugBank vocabulary common name (else synonym) -> DRUGBANK:<id>, recorded as a mapping
//   DRUGBANK:<id> skos:exactMatch DRUGCENTRAL:<struct id>; otherwise DRUGCENTRAL:<struct id> (its own node).
import path from 'node:path';
import { compoundResolver } from '../../../domain/biomed/compound-identity';
import { drugModality, normalisedDrugName } from '../../../domain/biomed/drug-modality';
import { parseDrugbankVocabulary } from '../parsers/drugbank-vocabulary';
import { parseDrugcentralInteractions } from '../parsers/drugcentral-official';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, skippedRows, TERM_ATTRIBUTE_COLUMNS } from './drug-tables';
import { uniprotCurie } from './hgnc';
import { ImportContext, ImportOutcome, PROGRESS_EVERY } from './importer';
import { EXACT_MATCH } from './mondo';
import { TERM_ATTRIBUTES } from './openfda';

export const isOfficialDrugcentralFile = (file: string) => /drug\.target\.interaction.*\.tsv(\.gz)?$/i.test(path.basename(file));
const HUMAN = 'Homo sapiens';

export async function loadDrugcentralOfficial(context: ImportContext, source: { name: string; license: string }): Promise<ImportOutcome> {
  const interactions = context.artifacts.find((a) => isOfficialDrugcentralFile(a.path))!;
  const vocabulary = context.artifacts.find((a) => /\.csv$/i.test(a.path));
  const file = path.basename(interactions.path);
  const writers = new SnapshotWriters(context.queue, context.snapshotId);
  const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
  const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, TERM_ATTRIBUTE_COLUMNS);
  const skipped = skippedRows(context, file);
  const counts = { rows_read: 0, rows_other_organism: 0, human_rows: 0, rows_without_accession: 0, targets_supports: 0, targets_neutral: 0, drugs: 0, drugs_joined_drugbank: 0, drugs_unjoined: 0, vocabulary_rows: 0 };

  const vocabularyNames = new Map<string, Set<string>>();
  const vocabularySynonyms = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => { const s = map.get(key) ?? new Set<string>(); s.add(id); map.set(key, s); };
  if (vocabulary) {
    for await (const r of parseDrugbankVocabulary(vocabulary.path, skippedRows(context, path.basename(vocabulary.path)).skip)) {
      counts.vocabulary_rows++;
      add(vocabularyNames, normalisedDrugName(r.name), r.drugbankId);
      for (const s of r.synonyms) add(vocabularySynonyms, normalisedDrugName(s), r.drugbankId);
    }
  }
  const names = new Map<string, string>();
  const firstLine = new Map<string, number>();
  // Names first (a drug's name is on each of its rows), then claims in a second streamed pass.
  for await (const r of parseDrugcentralInteractions(interactions.path, () => undefined)) {
    if (!names.has(r.structId)) { names.set(r.structId, r.drugName); firstLine.set(r.structId, r.line); }
  }
  const resolve = compoundResolver({ names, unichem: new Map(), vocabularyNames, vocabularySynonyms }, 'DRUGCENTRAL');
  const actionTypes: Record<string, number> = {};
  for await (const r of parseDrugcentralInteractions(interactions.path, skipped.skip)) {
    counts.rows_read++;
    if (counts.rows_read % PROGRESS_EVERY === 0) context.progress(file, counts.rows_read);
    if (r.organism !== HUMAN) { counts.rows_other_organism++; continue; }
    counts.human_rows++;
    if (r.accessions.length === 0) { counts.rows_without_accession++; continue; } // a non-protein target (DNA …): no gene to link
    const compound = resolve(r.structId);
    const direction = r.moa || r.actionType !== null ? 'supports' : 'neutral';
    if (r.actionType) increment(actionTypes, r.actionType);
    for (const accession of r.accessions) {
      if (direction === 'supports') counts.targets_supports++; else counts.targets_neutral++;
      await writers.claim({
        subject: compound.curie, predicate: 'TARGETS', object: uniprotCurie(accession), direction, mondoCurie: null,
        qualifiers: {
          action_type: r.actionType, act_value: r.actValue, act_unit: r.actUnit, act_type: r.actType, relation: r.relation, act_source: r.actSource,
          moa: r.moa, moa_source: r.moaSource, target_name: r.targetName, target_class: r.targetClass, genes: r.genes, tdl: r.tdl,
          drug_name: r.drugName, drugcentral_id: r.structId, source: source.name, license: source.license,
        },
        evidence: { file, line: r.line, reference: r.url, evidenceCode: r.moaSource ?? r.actSource },
      });
    }
  }
  context.progress(file, counts.rows_read);
  skipped.finish();
  let attributeNo = 0;
  for (const [structId, name] of names) {
    counts.drugs++;
    const compound = resolve(structId);
    const own = `DRUGCENTRAL:${structId}`;
    if (compound.join === 'none') counts.drugs_unjoined++;
    else {
      counts.drugs_joined_drugbank++;
      await writers.mapping({ subjectId: compound.curie, predicateId: EXACT_MATCH, objectId: own, subjectLabel: null, objectLabel: name, justification: compound.justification, source: 'drugcentral', file, line: firstLine.get(structId)! });
    }
    await terms.add([context.snapshotId, own, name, 'drug', null, [], [], null, false, '', firstLine.get(structId)!]);
    await attributes.add([context.snapshotId, own, ++attributeNo, 'modality', drugModality({ name }), file, firstLine.get(structId)!]);
  }
  await terms.flush();
  await attributes.flush();
  await writers.flush();
  const { rows_read: _read, ...rest } = counts;
  return {
    version: null,
    counts: { ...writers.counts(), terms: terms.written, term_attributes: attributes.written, rows: counts.rows_read + skipped.count(), skipped_rows: skipped.count(), ...rest },
    details: { source: { ...source, release: interactions.pinned?.form === 'full' ? 'DrugCentral drug.target.interaction.tsv.gz about late 2017 (kenmcgarry/ComplexNetworks @ 2dd4f8f4)' : null }, predicate: 'TARGETS', action_types: actionTypes },
  };
}
