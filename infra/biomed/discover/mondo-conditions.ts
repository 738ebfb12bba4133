// Reads the MONDO conditions of the ACTIVE mondo snapshot with their exact EFO mappings (SSSOM
// skos:exactMatch rows and xrefs annotated MONDO:equivalentTo, both stored as exact mappings by the
// mondo importer) for `evidence disease discover`. Read-only.
import type { Knex } from 'knex';
import type { MondoCondition } from '../../../domain/diseases/discovered-module';
import { T } from '../store/tables';

export class NoActiveMondoSnapshotError extends Error {
  override name = 'NoActiveMondoSnapshotError';
  constructor() {
    super('no active mondo snapshot: import one first (evidence biomed import mondo <mondo.obo> [<set>.sssom.tsv ...])');
  }
}

export interface MondoSource {
  snapshot_id: string;
  version: string | null;
  /** Terms of the snapshot that are not MONDO ids (e.g. a [Typedef] kept as a term), never modules. */
  other_terms: number;
  conditions: MondoCondition[];
  /** Requested CURIEs that are not terms of the snapshot. */
  not_found: string[];
}

interface TermRow { curie: string; label: string | null; synonyms: unknown; obsolete: boolean }

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** All MONDO terms of the active snapshot (or only `curies`), sorted by CURIE. */
export async function readMondoConditions(db: Knex, curies?: readonly string[]): Promise<MondoSource> {
  const snapshot = await db(T.snapshots).where({ resource: 'mondo', active: true }).first('snapshot_id', 'version');
  if (!snapshot) throw new NoActiveMondoSnapshotError();
  const snapshotId = snapshot.snapshot_id as string;
  const only = curies && curies.length > 0 ? [...new Set(curies)] : null;

  const terms = (await db.raw(`select curie, label, synonyms, obsolete from ${T.terms}
    where snapshot_id = ? and curie like 'MONDO:%' ${only ? 'and curie = any(?::text[])' : ''} order by curie`,
  only ? [snapshotId, only] : [snapshotId])).rows as TermRow[];
  const otherTerms = (await db.raw(`select count(*)::int as n from ${T.terms} where snapshot_id = ? and curie not like 'MONDO:%'`, [snapshotId])).rows[0].n as number;

  // Exact mappings pairing a MONDO id with an EFO id, whichever side each is written on.
  const mappings = (await db.raw(`select subject_id, object_id from ${T.mappings}
    where snapshot_id = ? and predicate_id = 'skos:exactMatch'
      and ((subject_id like 'MONDO:%' and object_id like 'EFO:%') or (object_id like 'MONDO:%' and subject_id like 'EFO:%'))
    order by row_no`, [snapshotId])).rows as { subject_id: string; object_id: string }[];
  const efoByMondo = new Map<string, string[]>();
  for (const m of mappings) {
    const [mondo, efo] = m.subject_id.startsWith('MONDO:') ? [m.subject_id, m.object_id] : [m.object_id, m.subject_id];
    const list = efoByMondo.get(mondo) ?? [];
    if (!list.includes(efo)) list.push(efo);
    efoByMondo.set(mondo, list);
  }

  const conditions: MondoCondition[] = terms.map((t) => ({
    curie: t.curie,
    label: t.label,
    synonyms: json<{ text: string; scope: string }[]>(t.synonyms) ?? [],
    obsolete: t.obsolete,
    exactMappings: efoByMondo.get(t.curie) ?? [],
  }));
  const found = new Set(terms.map((t) => t.curie));
  return {
    snapshot_id: snapshotId,
    version: snapshot.version ?? null,
    other_terms: only ? 0 : otherTerms,
    conditions,
    not_found: only ? only.filter((c) => !found.has(c)).sort() : [],
  };
}
