// OBO Graphs JSON ({"graphs":[{"id", "meta", "nodes":[...], "edges":[...]}]}) read into the same term
// model the OBO 1.4 parser yields, so an ontology imports to the same rows from .json as from .obo.
// Two streaming passes over the file: the first keeps only the is_a edges (child -> parents), the
// second yields each CLASS node with its parents attached. Nodes and edges are never all in memory,
// and the order of edges and nodes in the file does not matter.
// Source record numbers: JSON has no useful line numbers, so a term's `line` is its node's ordinal in
// the file (1-based, over all graphs) and an is_a edge's is the edge's ordinal.
import { JsonFormatError, JsonPath, jsonValuesAt } from './json-stream';
import type { OboHeader, OboReadOptions, OboStats, OboSynonym, OboTerm, SynonymScope } from './obo';

const OBO_PURL = 'http://purl.obolibrary.org/obo/';
const OBO_IN_OWL = 'http://www.geneontology.org/formats/oboInOwl#';
const REPLACED_BY = 'http://purl.obolibrary.org/obo/IAO_0100001';
const VERSION_INFO = 'http://www.w3.org/2002/07/owl#versionInfo';

const SCOPE_BY_PRED: Record<string, SynonymScope> = {
  hasExactSynonym: 'EXACT', hasRelatedSynonym: 'RELATED', hasBroadSynonym: 'BROAD', hasNarrowSynonym: 'NARROW',
};

/** http://purl.obolibrary.org/obo/HP_0000118 -> HP:0000118; a CURIE stays as it is; other IRIs too. */
export function curieFromIri(iri: string): string {
  if (!iri.includes('://')) return iri;
  const local = iri.slice(Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1);
  const match = /^([A-Za-z][A-Za-z0-9.-]*)_(.+)$/.exec(local);
  return match ? `${match[1]}:${match[2]}` : iri;
}

/** The local name of an IRI (oboInOwl#hasExactSynonym -> hasExactSynonym, hp#layperson -> layperson). */
function localName(iri: string): string {
  return iri.slice(Math.max(iri.lastIndexOf('/'), iri.lastIndexOf('#')) + 1);
}

interface PropertyValue { pred?: string; val?: unknown; synonymType?: string; meta?: NodeMeta }
interface NodeMeta {
  definition?: { val?: string };
  synonyms?: PropertyValue[];
  xrefs?: PropertyValue[];
  basicPropertyValues?: PropertyValue[];
  deprecated?: boolean;
}
interface GraphNode { id?: unknown; lbl?: unknown; type?: unknown; meta?: NodeMeta }
interface GraphEdge { sub?: unknown; pred?: unknown; obj?: unknown }

const isNode = (p: JsonPath) => p.length === 4 && p[0] === 'graphs' && p[2] === 'nodes';
const isEdge = (p: JsonPath) => p.length === 4 && p[0] === 'graphs' && p[2] === 'edges';
const isGraphScalar = (p: JsonPath) => p.length === 3 && p[0] === 'graphs' && (p[2] === 'id' || p[2] === 'meta');

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The header from the first graph: its id names the ontology, owl:versionInfo or the version IRI the data version. */
function readHeader(header: OboHeader, key: string, value: unknown): void {
  if (key === 'id' && header.ontology === null && typeof value === 'string') {
    header.ontology = localName(value).replace(/\.(owl|json|obo)$/, '');
  }
  if (key !== 'meta' || header.dataVersion !== null || value === null || typeof value !== 'object') return;
  const meta = value as { version?: unknown; basicPropertyValues?: PropertyValue[] };
  const info = meta.basicPropertyValues?.find((p) => p.pred === VERSION_INFO);
  if (typeof info?.val === 'string') { header.dataVersion = info.val; return; }
  if (typeof meta.version === 'string') {
    // http://purl.obolibrary.org/obo/hp/releases/2017-04-13/hp.owl -> releases/2017-04-13 (as OBO's data-version)
    const m = /^http:\/\/purl\.obolibrary\.org\/obo\/([^/]+)\/(.+)\/[^/]+\.(?:owl|json|obo)$/.exec(meta.version);
    header.dataVersion = m ? m[2]! : meta.version;
  }
}

function termOf(node: GraphNode, ordinal: number, parents: Map<string, { id: string; line: number }[]>, file: string): OboTerm {
  const iri = asString(node.id);
  if (!iri) throw new JsonFormatError(file, `node ${ordinal} has no string "id"`);
  const id = curieFromIri(iri);
  const meta = node.meta ?? {};
  const synonyms: OboSynonym[] = [];
  for (const s of meta.synonyms ?? []) {
    const scope = SCOPE_BY_PRED[localName(s.pred ?? '')];
    if (!scope || typeof s.val !== 'string') throw new JsonFormatError(file, `node ${ordinal} (${id}): synonym without a known pred and a string val`);
    synonyms.push({ text: s.val, scope, type: s.synonymType ? localName(s.synonymType) : null });
  }
  const xrefs = (meta.xrefs ?? []).filter((x) => typeof x.val === 'string').map((x) => {
    const source = x.meta?.basicPropertyValues?.find((p) => p.pred === `${OBO_IN_OWL}source` || p.pred === 'source');
    return { id: x.val as string, source: typeof source?.val === 'string' ? source.val : null };
  });
  const values = meta.basicPropertyValues ?? [];
  const valuesOf = (pred: string) => values.filter((p) => p.pred === pred && typeof p.val === 'string').map((p) => curieFromIri(p.val as string));
  return {
    id, name: asString(node.lbl), def: asString(meta.definition?.val), synonyms, isA: parents.get(id) ?? [], xrefs,
    altIds: valuesOf(`${OBO_IN_OWL}hasAlternativeId`), replacedBy: valuesOf(REPLACED_BY), obsolete: meta.deprecated === true, line: ordinal,
  };
}

/** Like parseObo: one OboTerm per CLASS node (other node types are counted as other stanzas). */
export async function* parseOboGraphs(path: string, stats: OboStats = { terms: 0, otherStanzas: 0, lines: 0 }, options: OboReadOptions = {}): AsyncGenerator<OboTerm> {
  const header: OboHeader = { formatVersion: null, dataVersion: null, ontology: null };
  const parents = new Map<string, { id: string; line: number }[]>();
  let edges = 0;
  let sawGraphs = false;
  for await (const { path: at, value } of jsonValuesAt(path, (p) => isEdge(p) || isGraphScalar(p))) {
    sawGraphs = true;
    if (!isEdge(at)) { readHeader(header, at[2] as string, value); continue; }
    edges++;
    const edge = value as GraphEdge;
    if (typeof edge.sub !== 'string' || typeof edge.obj !== 'string' || typeof edge.pred !== 'string') {
      throw new JsonFormatError(path, `edge ${edges} needs string "sub", "pred" and "obj"`);
    }
    if (edge.pred !== 'is_a') continue;
    const child = curieFromIri(edge.sub);
    const list = parents.get(child) ?? [];
    list.push({ id: curieFromIri(edge.obj), line: edges });
    parents.set(child, list);
  }
  options.onHeader?.(header);
  let ordinal = 0;
  for await (const { value } of jsonValuesAt(path, isNode)) {
    sawGraphs = true;
    ordinal++;
    const node = value as GraphNode;
    if (node === null || typeof node !== 'object') throw new JsonFormatError(path, `node ${ordinal} is not an object`);
    if (node.type !== 'CLASS') { stats.otherStanzas++; continue; }
    stats.terms++;
    yield termOf(node, ordinal, parents, path);
  }
  if (!sawGraphs) throw new JsonFormatError(path, 'not an OBO Graphs document: no graphs[].nodes or graphs[].edges');
  stats.lines = ordinal + edges;
}

/** Whether a file name is an OBO Graphs JSON document (.json or .json.gz) rather than OBO 1.4. */
export const isOboGraphsFile = (path: string) => /\.json(\.gz)?$/i.test(path);
