// Loads one OBO ontology file (OBO 1.4 or OBO Graphs JSON, same rows either way) into a snapshot: every [Term] (obsolete ones too, flagged, so their
// replaced_by stays answerable), IS_A edges and an IS_A claim per edge with its evidence link (file and
// line of the is_a tag), and, for MONDO-style xrefs annotated {source="MONDO:equivalentTo"}, an exact
// mapping row. Other xrefs are kept on the term and are never exact mappings; an importer may ask for them
// as mapping rows of predicate oboInOwl:hasDbXref (disease_ontology does), which identity reads ignore.
import path from 'node:path';
import { OboHeader, OboStats } from '../parsers/obo';
import { parseOntologyFile } from '../parsers/ontology-file';
import { BulkInserter, Column } from '../store/bulk-insert';
import type { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { ImportContext, PROGRESS_EVERY } from './importer';

/** Term kinds conditions search looks in (diseases and phenotypes); other kinds get an empty search text. */
export type SearchableKind = 'disease' | 'phenotype';
export type OboTermKind = SearchableKind | 'go_term' | 'anatomy';
const isSearchable = (kind: OboTermKind): kind is SearchableKind => kind === 'disease' || kind === 'phenotype';

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];

export const EXACT_XREF_SOURCE = 'MONDO:equivalentTo';
/** Predicate of a plain OBO xref kept as a mapping row: a database cross-reference, never an exact match. */
export const DB_XREF = 'oboInOwl:hasDbXref';

export interface OboLoadOptions {
  /** The MONDO id a term is the same condition as (an exact mapping), recorded on its IS_A claims; null when none. */
  mondoOf?: (curie: string) => string | null;
  /** Also write every other xref of a non-obsolete term as a mapping row with predicate DB_XREF (identity reads ignore it). */
  dbXrefMappings?: boolean;
}

export interface OboLoadResult {
  header: OboHeader;
  counts: {
    terms: number; non_obsolete_terms: number; obsolete_terms: number; synonyms: number; is_a_edges: number;
    exact_xref_mappings: number; other_stanzas: number; dangling_parents: number;
    /** Present when OboLoadOptions.dbXrefMappings is set. */
    db_xref_mappings?: number;
  };
}

export async function loadOboTerms(
  context: ImportContext, writers: SnapshotWriters, filePath: string, kind: OboTermKind, options: OboLoadOptions = {},
): Promise<OboLoadResult> {
  const file = path.basename(filePath);
  const stats: OboStats = { terms: 0, otherStanzas: 0, lines: 0 };
  let header: OboHeader = { formatVersion: null, dataVersion: null, ontology: null };
  const counts: OboLoadResult['counts'] = { terms: 0, non_obsolete_terms: 0, obsolete_terms: 0, synonyms: 0, is_a_edges: 0, exact_xref_mappings: 0, other_stanzas: 0, dangling_parents: 0 };
  if (options.dbXrefMappings) counts.db_xref_mappings = 0;
  const mondoOf = options.mondoOf ?? (() => null);
  // Parents must be terms of the same file; checked at the end (ids are small next to the rows).
  const ids = new Set<string>();
  const parents = new Map<string, number>();
  // Non-searchable kinds (GO, UBERON) are written here with an empty search text, as reactome does, so
  // conditions search (diseases and phenotypes) never returns them; GET /conditions/{curie} still does.
  const plain = isSearchable(kind) ? null : new BulkInserter(context.queue, T.terms, TERM_COLUMNS, 2000);
  for await (const term of parseOntologyFile(filePath, stats, { onHeader: (h) => { header = h; } })) {
    counts.terms++;
    ids.add(term.id);
    if (plain) {
      await plain.add([context.snapshotId, term.id, term.name, kind, term.def, term.synonyms, term.xrefs,
        term.replacedBy && term.replacedBy.length > 0 ? term.replacedBy : null, term.obsolete, '', term.line]);
    } else {
      await writers.term({
        curie: term.id, label: term.name, kind: kind as SearchableKind, definition: term.def, synonyms: term.synonyms, xrefs: term.xrefs,
        replacedBy: term.replacedBy, obsolete: term.obsolete, sourceLine: term.line,
      });
    }
    if (term.obsolete) {
      counts.obsolete_terms++;
    } else {
      counts.non_obsolete_terms++;
      counts.synonyms += term.synonyms.length;
      const mondoCurie = term.isA.length > 0 ? mondoOf(term.id) : null;
      for (const parent of term.isA) {
        counts.is_a_edges++;
        if (!parents.has(parent.id)) parents.set(parent.id, parent.line);
        await writers.edge(term.id, parent.id, parent.line);
        await writers.claim({
          subject: term.id, predicate: 'IS_A', object: parent.id, direction: 'supports', mondoCurie, qualifiers: null,
          evidence: { file, line: parent.line, reference: null, evidenceCode: null },
        });
      }
      for (const xref of term.xrefs) {
        if (xref.source !== EXACT_XREF_SOURCE) {
          if (counts.db_xref_mappings === undefined) continue;
          counts.db_xref_mappings++;
          await writers.mapping({
            subjectId: term.id, predicateId: DB_XREF, objectId: xref.id, subjectLabel: term.name, objectLabel: null,
            justification: 'obo xref (a database cross-reference, not an exact match)', source: 'obo_xref', file, line: term.line,
          });
          continue;
        }
        counts.exact_xref_mappings++;
        await writers.mapping({
          subjectId: term.id, predicateId: 'skos:exactMatch', objectId: xref.id, subjectLabel: term.name, objectLabel: null,
          justification: `obo xref {source="${EXACT_XREF_SOURCE}"}`, source: 'obo_xref', file, line: term.line,
        });
      }
    }
    if (counts.terms % PROGRESS_EVERY === 0) context.progress(file, counts.terms);
  }
  context.progress(file, counts.terms);
  await plain?.flush();
  counts.other_stanzas = stats.otherStanzas;
  for (const [parent, line] of parents) {
    if (ids.has(parent)) continue;
    counts.dangling_parents++;
    if (counts.dangling_parents <= 20) context.warn(`${file} line ${line}: is_a parent ${parent} is not a term of this file`);
  }
  return { header, counts };
}
