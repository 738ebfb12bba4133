// The documents of the semantic-search index, built once per active snapshot set (kept with the served graph):
// - every named, non-obsolete term of the active snapshots (diseases, phenotypes, genes, compounds, side
//   effects, anatomy, GO ...): names = label and synonyms, text = definition;
// - the knowledge graph's claims of the edge types below: names = subject and object labels, text = the
//   relation. CAUSES (~150,000 SIDER pairs), interactions, pathway membership and expression are left out:
//   they would dominate the index with pairs whose words are already in their terms' documents;
// - the ontology names and IS_A children of Disease Ontology, MONDO and HPO for query expansion.
import type { Knex } from 'knex';
import type { ExpansionSources, OntologyName } from '../../../domain/semantic-search/expansion';
import { nameIndex } from '../../../domain/semantic-search/expansion';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import { SearchIndex, type IndexedDoc } from './search-index';

export const CLAIM_TYPES: Readonly<Record<string, string>> = {
  TREATS: 'treats', PALLIATES: 'palliates', ASSOCIATES: 'genetically associated with', HAS_PHENOTYPE: 'has phenotype', TARGETS: 'targets', BINDS: 'binds',
};
const ONTOLOGIES = ['disease_ontology', 'mondo', 'hp'];

export interface TermDoc { kind: 'term'; curie: string; label: string; term_kind: string; resource: string; definition: string | null }
export interface ClaimDoc { kind: 'claim'; subject: number; object: number; predicate: string; snapshot_id: string; resource: string; claim_no: number }
export interface SearchCorpus { index: SearchIndex; docs: Map<string, TermDoc | ClaimDoc>; expansion: ExpansionSources; counts: { terms: number; claims: number } }

type Synonym = string | { text?: string; scope?: string };
interface TermRow { curie: string; label: string; kind: string; definition: string | null; synonyms: Synonym[] | null; resource: string }

const synonymText = (s: Synonym) => (typeof s === 'string' ? s : s.text ?? '');
const isExact = (s: Synonym) => typeof s === 'string' || s.scope === undefined || s.scope === 'EXACT';

async function readTerms(db: Knex, snapshotIds: string[]): Promise<TermRow[]> {
  const { rows } = await db.raw(`select t.curie, t.label, t.kind, t.definition, t.synonyms, s.resource from biomed.terms t
    join biomed.snapshots s on s.snapshot_id = t.snapshot_id
    where t.snapshot_id = any(?) and t.label is not null and not t.obsolete order by t.curie, s.resource`, [snapshotIds]);
  return rows as TermRow[];
}

async function readChildren(db: Knex, snapshotIds: string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.raw('select child, parent from biomed.is_a_edges where snapshot_id = any(?) order by parent, child', [snapshotIds]);
  const children = new Map<string, string[]>();
  for (const { child, parent } of rows as { child: string; parent: string }[]) {
    const list = children.get(parent);
    if (list) list.push(child); else children.set(parent, [child]);
  }
  return children;
}

function termDocs(rows: TermRow[], docs: Map<string, TermDoc | ClaimDoc>, out: IndexedDoc[]): void {
  for (const r of rows) {
    const id = `term:${r.curie}`;
    if (docs.has(id)) continue; // the same CURIE in two snapshots: the first (by resource) is indexed
    docs.set(id, { kind: 'term', curie: r.curie, label: r.label, term_kind: r.kind, resource: r.resource, definition: r.definition });
    out.push({ id, names: [r.label, ...(r.synonyms ?? []).map(synonymText)].join(' ; '), text: r.definition ?? '' });
  }
}

function claimDocs(g: TypedKnowledgeGraph, docs: Map<string, TermDoc | ClaimDoc>, out: IndexedDoc[]): void {
  for (let e = 0; e < g.edgeCount; e++) {
    const relation = CLAIM_TYPES[g.edgeType(e)];
    if (!relation) continue;
    const [ref] = g.claimsOf(e);
    if (!ref) continue;
    const id = `claim:${ref.snapshot_id}#${ref.claim_no}`;
    const [s, o] = [g.edgeSource(e), g.edgeTarget(e)];
    docs.set(id, { kind: 'claim', subject: s, object: o, predicate: g.edgeType(e), snapshot_id: ref.snapshot_id, resource: ref.resource, claim_no: ref.claim_no });
    out.push({ id, names: `${g.label(s)} ; ${g.label(o)}`, text: relation });
  }
}

async function buildCorpus(db: Knex, g: TypedKnowledgeGraph): Promise<SearchCorpus> {
  const ids = g.snapshots.map((s) => s.snapshot_id);
  const rows = await readTerms(db, ids);
  const docs = new Map<string, TermDoc | ClaimDoc>();
  const indexed: IndexedDoc[] = [];
  termDocs(rows, docs, indexed);
  const terms = indexed.length;
  claimDocs(g, docs, indexed);
  const ontologyIds = g.snapshots.filter((s) => ONTOLOGIES.includes(s.resource)).map((s) => s.snapshot_id);
  const names: OntologyName[] = rows.filter((r) => ONTOLOGIES.includes(r.resource))
    .map((r) => ({ curie: r.curie, label: r.label, exactSynonyms: (r.synonyms ?? []).filter(isExact).map(synonymText) }));
  return {
    index: new SearchIndex(indexed), docs, counts: { terms, claims: indexed.length - terms },
    expansion: { byName: nameIndex(names), terms: new Map(names.map((n) => [n.curie, n])), children: await readChildren(db, ontologyIds) },
  };
}

const corpora = new WeakMap<ServedGraph, Promise<SearchCorpus>>();

/** The corpus of the served graph's snapshot set, built on first use. */
export function searchCorpus(db: Knex, served: ServedGraph): Promise<SearchCorpus> {
  let corpus = corpora.get(served);
  if (!corpus) {
    corpus = buildCorpus(db, served.graph);
    corpus.catch(() => corpora.delete(served));
    corpora.set(served, corpus);
  }
  return corpus;
}
