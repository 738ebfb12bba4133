// Reads the knowledge graph out of the ACTIVE snapshots of the biomedical store: every supporting claim
// whose predicate is an edge type of the metagraph (domain/knowledge-graph/metagraph.ts), the disease IS_A
// hierarchy of the ontology snapshots, exact mappings for identity, and labels/synonyms from terms.
// Claims are streamed per snapshot in claim_no order (read-edge-claims.ts), so memory stays bounded while two
// million expression claims go through. The legacy curated snapshot is never read.
import type { Knex } from 'knex';
import { canonicalIdentity, ExactMapping } from '../../domain/knowledge-graph/identity';
import { EDGE_TYPE_NAMES, edgeTypeIndex, nodeTypeOf } from '../../domain/knowledge-graph/metagraph';
import { Endpoint, KnowledgeGraphBuilder, SnapshotRef, TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { chemblDisplayName } from '../../domain/biomed/chembl-display-name';
import { canonicalCurie } from '../../domain/biomed/curie';
import { LEGACY_RESOURCE } from '../../domain/biomed/legacy-curated';
import { activeSnapshots } from '../biomed/read/active-snapshots';
import { T } from '../biomed/store/tables';
import { forEachEdgeClaim } from './read-edge-claims';

const IS_A = edgeTypeIndex('IS_A')!;
/** The snapshot whose term names a node wins in this order (the ontology of the node's own namespace first). */
const LABEL_PRIORITY = ['mondo', 'disease_ontology', 'ncbi_gene', 'hgnc', 'drugbank', 'drugbank_vocabulary', 'chembl', 'hp', 'reactome', 'uberon', 'sider', 'pharmacotherapydb', 'drugcentral'];

export interface ExcludedClaims {
  /** Claims of active snapshots that are not edges, by predicate and evidence direction (why: see docs/knowledge-graph.md). */
  by_predicate: Record<string, Record<string, number>>;
  /** Supporting claims of an edge predicate whose endpoints do not fit the edge type. */
  type_mismatch: number;
}

export interface LoadedGraph {
  graph: TypedKnowledgeGraph;
  excluded: ExcludedClaims;
  build_ms: number;
  /** Aliases that stayed their own node because several canonical ids match them exactly. */
  ambiguous_aliases: number;
  /** The supporting edge-predicate claims the graph could not hold (endpoint types misfit): the claim layer cites them. */
  unplaced: UnplacedClaim[];
}

/** A supporting claim of an edge predicate left out of the walkable edges (see ExcludedClaims.type_mismatch). */
export interface UnplacedClaim { snapshot_id: string; claim_no: number; predicate: string; subject: string; object: string }

async function exactMappings(db: Knex, snapshots: readonly string[]): Promise<ExactMapping[]> {
  const { rows } = await db.raw(`select subject_id as subject, object_id as object from ${T.mappings}
    where snapshot_id = any(?::text[]) and predicate_id = 'skos:exactMatch'
      and ((subject_id like 'MONDO:%' and (object_id like 'DOID:%' or object_id like 'EFO:%'))
        or (subject_id like 'NCBIGene:%' and (object_id like 'HGNC:%' or object_id like 'ENSEMBL:%' or object_id like 'GENE_SYMBOL:%' or object_id like 'UNIPROT:%'))
        or (subject_id like 'DRUGBANK:%' and (object_id like 'CHEMBL:%' or object_id like 'DRUGCENTRAL:%')))`, [[...snapshots]]);
  return rows as ExactMapping[];
}

async function excludedCounts(db: Knex, snapshots: readonly string[]): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.raw(`select predicate, evidence_direction, count(*)::int as n from ${T.claims}
    where snapshot_id = any(?::text[]) and not (evidence_direction = 'supports' and predicate = any(?::text[]))
    group by predicate, evidence_direction order by predicate, evidence_direction`, [[...snapshots], [...EDGE_TYPE_NAMES]]);
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows as { predicate: string; evidence_direction: string; n: number }[]) (out[r.predicate] ??= {})[r.evidence_direction] = r.n;
  return out;
}

interface TermRow { curie: string; label: string | null; synonyms: { text?: string }[] | string | null; resource: string }

async function labels(db: Knex, snapshots: readonly string[], wanted: (curie: string) => string | undefined): Promise<Map<string, { label: string | null; synonyms: string[] }>> {
  const priority = `case s.resource ${LABEL_PRIORITY.map((r, i) => `when '${r}' then ${i}`).join(' ')} else ${LABEL_PRIORITY.length} end`;
  const { rows } = await db.raw(`select t.curie, t.label, t.synonyms, s.resource from ${T.terms} t join ${T.snapshots} s using (snapshot_id)
    where t.snapshot_id = any(?::text[]) order by ${priority}, t.curie`, [[...snapshots]]);
  const out = new Map<string, { label: string | null; synonyms: string[] }>();
  for (const row of rows as TermRow[]) {
    const node = wanted(row.curie);
    if (!node) continue;
    const synonyms = (typeof row.synonyms === 'string' ? JSON.parse(row.synonyms) : row.synonyms ?? []) as { text?: string }[];
    // ChEMBL's upper-case pref_name is read in the INN case convention ("ETANERCEPT" -> "Etanercept"); its own spelling stays a synonym.
    const chemblName = row.resource === 'chembl' && row.label ? row.label : null;
    if (chemblName) row.label = chemblDisplayName(chemblName);
    const names = [...(chemblName && chemblName !== row.label ? [chemblName] : []), ...synonyms.map((s) => s.text).filter((t): t is string => typeof t === 'string')];
    const known = out.get(node);
    if (!known) {
      // A term of an alias (the DOID of a MONDO node) names the node only when the node has no term of its own yet.
      out.set(node, { label: row.label, synonyms: node === row.curie ? names : [...(row.label ? [row.label] : []), ...names] });
      continue;
    }
    const extra = [...(row.label && row.label !== known.label ? [row.label] : []), ...names];
    for (const name of extra) if (name !== known.label && !known.synonyms.includes(name)) known.synonyms.push(name);
    if (!known.label && row.label) known.label = row.label;
  }
  for (const entry of out.values()) entry.synonyms = entry.synonyms.filter((name) => name !== entry.label);
  return out;
}

/** `active`: the active set the caller read (its cache key); read here when not given. */
export async function loadStoreGraph(db: Knex, active?: ReadonlyMap<string, string>): Promise<LoadedGraph> {
  const started = Date.now();
  const refs: SnapshotRef[] = active
    ? [...active].filter(([, resource]) => resource !== LEGACY_RESOURCE).map(([snapshot_id, resource]) => ({ snapshot_id, resource })).sort((a, b) => a.resource.localeCompare(b.resource))
    : (await activeSnapshots(db)).map((s) => ({ snapshot_id: s.snapshot_id, resource: s.resource }));
  const ids = refs.map((r) => r.snapshot_id);
  const identity = canonicalIdentity(await exactMappings(db, ids));
  const builder = new KnowledgeGraphBuilder(refs);
  const unplaced: UnplacedClaim[] = [];
  // Claims name the same hundred thousand ids again and again: each spelling is resolved once (canonicalCurie:
  // one spelling per namespace, HPOA's ORPHA: is MONDO's Orphanet:; then the exact identity; then its node type).
  const endpoints = new Map<string, Endpoint>();
  const endpoint = (raw: string) => {
    let e = endpoints.get(raw);
    if (e === undefined) endpoints.set(raw, (e = builder.endpoint(identity.canonical(canonicalCurie(raw)))));
    return e;
  };
  for (let s = 0; s < refs.length; s++) {
    await forEachEdgeClaim(db, refs[s]!.snapshot_id, (typeIndex, subject, object, claimNo) => {
      if (!builder.addEdgeBetween(typeIndex, endpoint(subject), endpoint(object), s, claimNo)) {
        unplaced.push({ snapshot_id: refs[s]!.snapshot_id, claim_no: claimNo, predicate: EDGE_TYPE_NAMES[typeIndex]!, subject, object });
      }
    });
    if (refs[s]!.resource === 'disease_ontology' || refs[s]!.resource === 'mondo') {
      // The disease hierarchy (is_a_edges: child -> parent), cited by its ontology snapshot (claim_no -1).
      const { rows } = await db.raw(`select child, parent from ${T.edges} where snapshot_id = ? order by child, parent`, [refs[s]!.snapshot_id]);
      for (const r of rows as { child: string; parent: string }[]) {
        const child = identity.canonical(r.child);
        const parent = identity.canonical(r.parent);
        if (nodeTypeOf(child) === 'Disease' && nodeTypeOf(parent) === 'Disease' && child !== parent) builder.addEdge(IS_A, child, parent, s, -1);
      }
    }
  }
  const wanted = (curie: string) => {
    if (builder.has(curie)) return curie;
    const canonical = identity.aliases.get(curie);
    return canonical && builder.has(canonical) ? canonical : undefined;
  };
  const graph = builder.build(await labels(db, ids, wanted), identity.aliases);
  return {
    graph, excluded: { by_predicate: await excludedCounts(db, ids), type_mismatch: unplaced.length },
    build_ms: Date.now() - started, ambiguous_aliases: identity.ambiguous, unplaced,
  };
}
