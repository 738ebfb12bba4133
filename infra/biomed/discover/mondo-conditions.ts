// Reads the MONDO conditions of the ACTIVE mondo snapshot with their exact EFO mappings (SSSOM
// skos:exactMatch rows and xrefs annotated MONDO:equivalentTo, both stored as exact mappings by the
// mondo importer) for `evidence disease discover`. Read-only.
// With an active disease_ontology snapshot, every Disease Ontology term whose DOID is the one exact match
// of a MONDO id (and that MONDO id of no other DOID) is a condition too, on that MONDO id, named and
// synonymed by the DO term — so the registry grows with every disease the store can configure completely
// (the full MONDO release is not in ../shared/data). A MONDO term of the mondo snapshot wins over its DO twin.
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
  /** Conditions added from the active disease_ontology snapshot (0 when none is active). */
  from_disease_ontology: number;
  /** DO terms left out: their DOID or its MONDO id has several exact matches (which one would be a guess). */
  disease_ontology_ambiguous: number;
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
  const fromDo = await diseaseOntologyConditions(db, found, efoByMondo, only);
  for (const c of fromDo.conditions) found.add(c.curie);
  conditions.push(...fromDo.conditions);
  conditions.sort((a, b) => (a.curie < b.curie ? -1 : a.curie > b.curie ? 1 : 0));
  return {
    snapshot_id: snapshotId,
    version: snapshot.version ?? null,
    other_terms: only ? 0 : otherTerms,
    conditions,
    not_found: only ? only.filter((c) => !found.has(c)).sort() : [],
    from_disease_ontology: fromDo.conditions.length,
    disease_ontology_ambiguous: fromDo.ambiguous,
  };
}

/** MONDO conditions named by the active Disease Ontology snapshot's terms, through its exact MONDO-DOID rows. */
async function diseaseOntologyConditions(db: Knex, known: ReadonlySet<string>, efoByMondo: ReadonlyMap<string, string[]>, only: string[] | null): Promise<{ conditions: MondoCondition[]; ambiguous: number }> {
  const snapshot = await db(T.snapshots).where({ resource: 'disease_ontology', active: true }).first('snapshot_id');
  if (!snapshot) return { conditions: [], ambiguous: 0 };
  const pairs = (await db.raw(`select subject_id as mondo, object_id as doid from ${T.mappings}
    where snapshot_id = ? and predicate_id = 'skos:exactMatch' and subject_id like 'MONDO:%' and object_id like 'DOID:%'`, [snapshot.snapshot_id])).rows as { mondo: string; doid: string }[];
  const mondosOf = new Map<string, Set<string>>();
  const doidsOf = new Map<string, Set<string>>();
  for (const p of pairs) {
    (mondosOf.get(p.doid) ?? mondosOf.set(p.doid, new Set()).get(p.doid)!).add(p.mondo);
    (doidsOf.get(p.mondo) ?? doidsOf.set(p.mondo, new Set()).get(p.mondo)!).add(p.doid);
  }
  const terms = (await db.raw(`select curie, label, synonyms, obsolete from ${T.terms} where snapshot_id = ? and curie like 'DOID:%' order by curie`, [snapshot.snapshot_id])).rows as TermRow[];
  const conditions: MondoCondition[] = [];
  let ambiguous = 0;
  for (const t of terms) {
    const mondos = mondosOf.get(t.curie);
    if (!mondos) continue;
    const mondo = [...mondos][0]!;
    if (mondos.size !== 1 || doidsOf.get(mondo)!.size !== 1) { ambiguous++; continue; }
    if (known.has(mondo) || (only && !only.includes(mondo))) continue;
    conditions.push({
      curie: mondo, label: t.label, synonyms: json<{ text: string; scope: string }[]>(t.synonyms) ?? [], obsolete: t.obsolete,
      exactMappings: [...(efoByMondo.get(mondo) ?? []), t.curie],
    });
  }
  return { conditions, ambiguous };
}
