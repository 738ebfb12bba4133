// drugbank: DrugBank 4 drugs as dhimmel/drugbank's data/drugbank-slim.tsv gives them (CC BY-NC 4.0:
// non-commercial use only, which this research-only service is), optionally with its UniChem
// DrugBank -> PubChem CID table (data/mapping/pubchem.tsv) in the same command.
// - One `drug` term per drug: DRUGBANK:<DB id>, label = name, definition = description (or null), xrefs
//   INCHIKEY:<key without "InChIKey="> and ATC:<code> per ATC code, empty search text (drugs are not
//   conditions). A repeated DB id keeps its first row (warned).
// - The other facts are term attributes (biomed.term_attributes, file and line): `type`, one `group` per
//   group (approved, withdrawn, investigational, ...), one `atc_code` per code, one `category` per
//   category, `inchikey` (bare key), `inchi`.
// - The PubChem table: one mapping per row DRUGBANK:<id> skos:relatedMatch PUBCHEM.COMPOUND:<cid>
//   (source `unichem`). Related, not exact: UniChem maps one drug to many CIDs (salts, hydrates, stereo
//   forms, mixtures: up to 829 for one drug) and one CID to several drugs, so an exact match would merge
//   distinct DrugBank drugs in the identity reads (which follow exact matches only). Rows of drugs
//   absent from drugbank-slim are written too (the table covers 6,621 drugs), counted apart.
// No claims.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseDrugbankSlim, parsePubchemMapping } from '../parsers/drugbank';
import { BulkInserter } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { DRUG_TERM_COLUMNS, increment, skippedRows, TERM_ATTRIBUTE_COLUMNS } from './drug-tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { RELATED_MATCH } from './ncbi-gene';
import { TERM_ATTRIBUTES } from './openfda';
import { drugbankCurie } from './pharmacotherapydb';

export const DRUGBANK_LICENSE = 'CC BY-NC 4.0';
export const DRUGBANK_LICENSE_NOTE = 'DrugBank data are CC BY-NC 4.0: non-commercial use only. This service is research-only; '
  + 'anything redistributed from these rows must keep the attribution and the non-commercial condition.';
export const pubchemCompoundCurie = (cid: string) => `PUBCHEM.COMPOUND:${cid}`;
const PUBCHEM_JUSTIFICATION = 'UniChem DrugBank-PubChem compound mapping (a drug maps to the CIDs of its salts, hydrates, stereoisomers and mixtures)';

const isPubchemTable = (p: string) => /pubchem/i.test(path.basename(p));

export const drugbankImporter: ResourceImporter = {
  resource: 'drugbank',
  classify(paths) {
    const mapping = paths.filter(isPubchemTable);
    const rest = paths.filter((p) => !isPubchemTable(p));
    if (rest.length !== 1 || mapping.length > 1) {
      throw new ImportRefusedError('bad_input', 'drugbank takes drugbank-slim.tsv and optionally the DrugBank-PubChem mapping (a file named *pubchem*.tsv, e.g. mapping-pubchem.tsv)');
    }
    return [{ path: rest[0]!, role: 'terms' }, ...mapping.map((p) => ({ path: p, role: 'mappings' as const }))];
  },
  async load(context) {
    const slim = context.artifacts.find((a) => a.role === 'terms')!;
    const mappingArtifact = context.artifacts.find((a) => a.role === 'mappings');
    const file = path.basename(slim.path);
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, DRUG_TERM_COLUMNS);
    const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, TERM_ATTRIBUTE_COLUMNS);
    const skipped = skippedRows(context, file);
    const names = new Map<string, string>();
    const groups: Record<string, number> = {};
    const types: Record<string, number> = {};
    const categories = new Set<string>();
    const counts = {
      drugs: 0, repeated_drug_ids: 0, atc_codes: 0, drugs_with_atc: 0, categories: 0, drugs_with_inchikey: 0, drugs_with_inchi: 0,
      drugs_with_description: 0, xrefs: 0,
    };
    let attributeNo = 0;
    let rows = 0;
    const attribute = (curie: string, name: string, value: string, line: number) => attributes.add([context.snapshotId, curie, ++attributeNo, name, value, file, line]);

    for await (const drug of parseDrugbankSlim(slim.path, skipped.skip)) {
      rows++;
      if (rows % PROGRESS_EVERY === 0) context.progress(file, rows);
      const curie = drugbankCurie(drug.drugbankId);
      if (names.has(curie)) { counts.repeated_drug_ids++; context.warn(`${file} line ${drug.line}: ${curie} repeated; kept the first`); continue; }
      names.set(curie, drug.name);
      counts.drugs++;
      const xrefs = [
        ...(drug.inchikey ? [{ id: `INCHIKEY:${drug.inchikey}`, source: 'drugbank' }] : []),
        ...drug.atcCodes.map((code) => ({ id: `ATC:${code}`, source: 'drugbank' })),
      ];
      counts.xrefs += xrefs.length;
      await terms.add([context.snapshotId, curie, drug.name, 'drug', drug.description, [], xrefs, null, false, '', drug.line]);
      if (drug.type) { increment(types, drug.type); await attribute(curie, 'type', drug.type, drug.line); }
      for (const g of drug.groups) { increment(groups, g); await attribute(curie, 'group', g, drug.line); }
      for (const code of drug.atcCodes) await attribute(curie, 'atc_code', code, drug.line);
      for (const c of drug.categories) { categories.add(c); await attribute(curie, 'category', c, drug.line); }
      if (drug.inchikey) await attribute(curie, 'inchikey', drug.inchikey, drug.line);
      if (drug.inchi) await attribute(curie, 'inchi', drug.inchi, drug.line);
      counts.atc_codes += drug.atcCodes.length;
      counts.categories += drug.categories.length;
      if (drug.atcCodes.length > 0) counts.drugs_with_atc++;
      if (drug.inchikey) counts.drugs_with_inchikey++;
      if (drug.inchi) counts.drugs_with_inchi++;
      if (drug.description) counts.drugs_with_description++;
    }
    context.progress(file, rows);
    skipped.finish();

    let pubchem: Record<string, number> | null = null;
    if (mappingArtifact) {
      const mappingFile = path.basename(mappingArtifact.path);
      const mappingSkipped = skippedRows(context, mappingFile);
      const pairs = new Set<string>();
      const drugs = new Set<string>();
      const cids = new Set<string>();
      pubchem = { pubchem_rows: 0, pubchem_rows_skipped: 0, pubchem_repeated_rows: 0, pubchem_mappings: 0, pubchem_drugs: 0, pubchem_drugs_in_slim: 0, pubchem_mappings_of_drugs_not_in_slim: 0, pubchem_cids: 0 };
      for await (const row of parsePubchemMapping(mappingArtifact.path, mappingSkipped.skip)) {
        pubchem.pubchem_rows!++;
        if (pubchem.pubchem_rows! % PROGRESS_EVERY === 0) context.progress(mappingFile, pubchem.pubchem_rows!);
        const subject = drugbankCurie(row.drugbankId);
        const object = pubchemCompoundCurie(row.cid);
        const pair = `${subject}\t${object}`;
        if (pairs.has(pair)) { pubchem.pubchem_repeated_rows!++; continue; }
        pairs.add(pair);
        drugs.add(subject);
        cids.add(row.cid);
        const name = names.get(subject) ?? null;
        if (name === null) pubchem.pubchem_mappings_of_drugs_not_in_slim!++;
        pubchem.pubchem_mappings!++;
        await writers.mapping({ subjectId: subject, predicateId: RELATED_MATCH, objectId: object, subjectLabel: name, objectLabel: null,
          justification: PUBCHEM_JUSTIFICATION, source: 'unichem', file: mappingFile, line: row.line });
      }
      context.progress(mappingFile, pubchem.pubchem_rows!);
      mappingSkipped.finish();
      pubchem.pubchem_rows! += mappingSkipped.count();
      pubchem.pubchem_rows_skipped = mappingSkipped.count();
      pubchem.pubchem_drugs = drugs.size;
      pubchem.pubchem_drugs_in_slim = [...drugs].filter((d) => names.has(d)).length;
      pubchem.pubchem_cids = cids.size;
      if (pubchem.pubchem_repeated_rows! > 0) context.warn(`${mappingFile}: ${pubchem.pubchem_repeated_rows} row(s) repeat a drug-CID pair; written once`);
    } else {
      context.warn('no DrugBank-PubChem mapping given: no PUBCHEM.COMPOUND mappings written');
    }

    await terms.flush();
    await attributes.flush();
    await writers.flush();
    const groupCounts = Object.fromEntries(Object.entries(groups).map(([g, n]) => [`group_${g.replace(/[^A-Za-z0-9]+/g, '_')}`, n]));
    return {
      version: null,
      counts: {
        ...writers.counts(), terms: terms.written, term_attributes: attributes.written,
        rows: rows + skipped.count(), skipped_rows: skipped.count(), ...counts, distinct_categories: categories.size, ...groupCounts,
        ...(pubchem ?? {}),
      },
      details: {
        source: {
          name: 'DrugBank', license: DRUGBANK_LICENSE, license_note: DRUGBANK_LICENSE_NOTE,
          release: slim.pinned?.form === 'full' ? 'DrugBank 4 (dhimmel/drugbank data/drugbank-slim.tsv @ 6b9ae386, 2019-05-17)' : null,
        },
        groups, types,
        pubchem_mapping: mappingArtifact
          ? { file: path.basename(mappingArtifact.path), predicate: RELATED_MATCH, source: 'UniChem', object_prefix: 'PUBCHEM.COMPOUND', why_related: PUBCHEM_JUSTIFICATION }
          : null,
      },
    };
  },
};
