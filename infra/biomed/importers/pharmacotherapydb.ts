// pharmacotherapydb: PharmacotherapyDB v1.0 (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726; CC0 1.0),
// physician-curated drug-disease pairs, catalog/indications.tsv, optionally with MONDO's exact MONDO-DOID
// SSSOM set (mondo_exactmatch_doid.sssom.tsv) in the same command.
// - One claim per row, subject `DRUGBANK:<DB id>`, object the disease:
//     DM  (disease-modifying)  -> TREATS    supports
//     SYM (symptomatic)        -> PALLIATES supports
//     NOT (non-indication)     -> TREATS    contradicts: the curators judged the drug neither disease-modifying
//                                 nor symptomatic for it. A curated negative, never inferred from absence:
//                                 a pair the catalog does not list gets no claim at all.
//   Qualifiers: category, n_curators, n_resources, the names as written, the row's DOID, the source; the
//   evidence link gives file and line, reference = the publication DOI, evidence code = the category.
//   mondo_curie is the disease's MONDO id when it has one (as clinvar records its condition's), so the claims
//   read finds the claim from the DOID or any other exact equivalent, with role `object`.
// - Disease: the row's DOID mapped to MONDO through a skos:exactMatch row of the SSSOM set when exactly one
//   MONDO id matches it; a DOID with no or several exact MONDO matches stays the DOID CURIE (names are
//   never matched). Without the SSSOM file every disease stays DOID. The SSSOM rows of the DOIDs the
//   catalog uses are written as this snapshot's mappings (so reads resolve DOID <-> MONDO even without an
//   active mondo snapshot), and each DOID becomes a `disease` term with the catalog's name.
// - Drugs: a `drug` term `DRUGBANK:<DB id>` with the row's name, empty search text (not a condition).
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { IndicationRow, parseIndications, PdbCategory } from '../parsers/pharmacotherapydb';
import { SssomMeta } from '../parsers/sssom';
import { BulkInserter, Column } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { diseaseForDoid, exactDoidIndex } from './doid-mondo';
import { PROGRESS_EVERY, ResourceImporter } from './importer';

export const TREATS = 'TREATS';
export const PALLIATES = 'PALLIATES';
export const PHARMACOTHERAPYDB_DOI = 'doi:10.7554/eLife.26726';
export const PHARMACOTHERAPYDB_SOURCE = 'PharmacotherapyDB';
export const PHARMACOTHERAPYDB_LICENSE = 'CC0 1.0';

/** Category -> predicate and evidence direction (see the header). */
export const CATEGORY_CLAIM: Record<PdbCategory, { predicate: string; direction: 'supports' | 'contradicts' }> = {
  DM: { predicate: TREATS, direction: 'supports' },
  SYM: { predicate: PALLIATES, direction: 'supports' },
  NOT: { predicate: TREATS, direction: 'contradicts' },
};

export const drugbankCurie = (id: string) => `DRUGBANK:${id}`;

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];

function qualifiersOf(row: IndicationRow): Record<string, unknown> {
  return {
    category: row.category, n_curators: row.nCurators, n_resources: row.nResources,
    disease_name: row.disease, drug_name: row.drug, doid: row.doid, source: PHARMACOTHERAPYDB_SOURCE, license: PHARMACOTHERAPYDB_LICENSE,
  };
}

export const pharmacotherapydbImporter: ResourceImporter = {
  resource: 'pharmacotherapydb',
  classify(paths) {
    const sssom = paths.filter((p) => /\.sssom\.tsv$/i.test(p));
    const rest = paths.filter((p) => !/\.sssom\.tsv$/i.test(p));
    if (rest.length !== 1 || sssom.length > 1) {
      throw new ImportRefusedError('bad_input', 'pharmacotherapydb takes indications.tsv and optionally one MONDO-DOID .sssom.tsv mapping set (mondo_exactmatch_doid.sssom.tsv)');
    }
    return [{ path: rest[0]!, role: 'annotations' }, ...sssom.map((p) => ({ path: p, role: 'mappings' as const }))];
  },
  async load(context) {
    const catalogPath = context.artifacts.find((a) => a.role === 'annotations')!.path;
    const sssomArtifact = context.artifacts.find((a) => a.role === 'mappings');
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, TERM_COLUMNS);
    const sssomMeta: SssomMeta = {};
    const index = sssomArtifact ? await exactDoidIndex(sssomArtifact.path, sssomMeta) : null;
    if (!index) context.warn('no MONDO-DOID SSSOM set given: every disease stays a DOID CURIE');

    const file = path.basename(catalogPath);
    const counts = { rows: 0, DM: 0, SYM: 0, NOT: 0, claims_on_mondo: 0, claims_on_doid: 0 };
    const diseases = new Map<string, { name: string; line: number; curie: string; status: 'mondo' | 'unmapped' | 'ambiguous' }>();
    const drugs = new Map<string, { name: string; line: number }>();
    const pairs = new Set<string>();
    let repeatedPairs = 0;
    for await (const row of parseIndications(catalogPath)) {
      counts.rows++;
      counts[row.category]++;
      let disease = diseases.get(row.doid);
      if (!disease) {
        disease = { name: row.disease, line: row.line, ...diseaseForDoid(index, row.doid) };
        diseases.set(row.doid, disease);
      }
      const drug = drugbankCurie(row.drugbankId);
      const known = drugs.get(drug);
      if (!known) drugs.set(drug, { name: row.drug, line: row.line });
      else if (known.name !== row.drug) context.warn(`${file} line ${row.line}: ${drug} is named '${row.drug}', earlier '${known.name}'; the term keeps the first`);
      const pair = `${drug}\t${row.doid}`;
      if (pairs.has(pair)) repeatedPairs++; else pairs.add(pair);
      if (disease.status === 'mondo') counts.claims_on_mondo++; else counts.claims_on_doid++;
      const { predicate, direction } = CATEGORY_CLAIM[row.category];
      await writers.claim({
        subject: drug, predicate, object: disease.curie, direction, mondoCurie: disease.status === 'mondo' ? disease.curie : null, qualifiers: qualifiersOf(row),
        evidence: { file, line: row.line, reference: PHARMACOTHERAPYDB_DOI, evidenceCode: row.category },
      });
      if (counts.rows % PROGRESS_EVERY === 0) context.progress(file, counts.rows);
    }
    context.progress(file, counts.rows);

    const status = { mondo: 0, unmapped: 0, ambiguous: 0 };
    const sssomFile = sssomArtifact ? path.basename(sssomArtifact.path) : '';
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
    for (const [curie, d] of drugs) await terms.add([context.snapshotId, curie, d.name, 'drug', null, [], [], null, false, '', d.line]);
    await terms.flush();
    await writers.flush();
    if (status.unmapped > 0) context.warn(`${status.unmapped} disease(s) have no exact MONDO match${index ? '' : ' (no SSSOM set given)'}: their claims keep the DOID`);
    if (status.ambiguous > 0) context.warn(`${status.ambiguous} disease(s) match several MONDO ids exactly: their claims keep the DOID`);
    if (repeatedPairs > 0) context.warn(`${repeatedPairs} row(s) repeat a drug-disease pair already listed; each row is its own claim`);
    const written = writers.counts();
    const pinned = context.artifacts.find((a) => a.role === 'annotations')!.pinned;
    return {
      version: null,
      counts: {
        ...written, terms: written.terms + terms.written, rows: counts.rows,
        dm_rows: counts.DM, sym_rows: counts.SYM, not_rows: counts.NOT,
        treats_supports: counts.DM, palliates_supports: counts.SYM, treats_contradicts: counts.NOT,
        diseases: diseases.size, diseases_mapped_to_mondo: status.mondo, diseases_without_exact_mondo: status.unmapped,
        diseases_with_ambiguous_mondo: status.ambiguous, drugs: drugs.size,
        claims_on_mondo: counts.claims_on_mondo, claims_on_doid: counts.claims_on_doid, repeated_pairs: repeatedPairs,
        ...(index ? { sssom_rows: index.rows, sssom_rows_skipped: index.skipped } : {}),
      },
      details: {
        source: { name: PHARMACOTHERAPYDB_SOURCE, release: pinned?.form === 'full' ? 'v1.0' : null, license: PHARMACOTHERAPYDB_LICENSE, doi: PHARMACOTHERAPYDB_DOI },
        category_claims: CATEGORY_CLAIM,
        mondo_mapping: index ? { file: sssomFile, mapping_set_version: sssomMeta.mapping_set_version ?? null } : null,
        term_kinds: { disease: diseases.size, drug: drugs.size },
      },
    };
  },
};
