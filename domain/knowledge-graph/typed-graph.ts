// The knowledge graph held in compact arrays (compressed sparse rows): about two million typed, directed
// edges from the active snapshots fit in tens of MB this way, where one JavaScript object per edge would
// take gigabytes, and a walk over typed arrays answers a 4-hop path query in milliseconds. Pure: built
// from rows already read (infra/kg/load-store-graph.ts reads them), no I/O.
// Identical statements (same source, type, target) from several claims are one edge citing every claim.
import { EDGE_TYPES, NODE_TYPES, NodeType, nodeTypeOf } from './metagraph';

export interface SnapshotRef { snapshot_id: string; resource: string }

export interface ClaimRef { snapshot_id: string; resource: string; claim_no: number }

export interface NodeView {
  index: number;
  id: string;
  type: NodeType;
  label: string;
  synonyms: readonly string[];
}

/** One walk step: edge `edge`, reaching `other`; `reverse` when the step goes against a directed edge. */
export type StepVisitor = (edge: number, other: number, reverse: boolean) => void;

export type WalkMode = 'forward' | 'any';

/** Compressed sparse rows: out-edges of node u are outStart[u] … outStart[u+1]-1; in-edges inEdge[inStart[u] …]. */
export interface Adjacency {
  readonly outStart: Int32Array;
  readonly edgeSrc: Int32Array;
  readonly edgeDst: Int32Array;
  readonly edgeType: Uint8Array;
  readonly inStart: Int32Array;
  readonly inEdge: Int32Array;
  readonly symmetric: Uint8Array;
}

/**
 * The adjacency over some edge types only: out-edges of u are outEdge[outStart[u] …], in-edges
 * inEdge[inStart[u] …], edge indices of the whole graph in the same order as the whole adjacency lists them.
 */
export interface RestrictedAdjacency {
  readonly outStart: Int32Array;
  readonly outEdge: Int32Array;
  readonly inStart: Int32Array;
  readonly inEdge: Int32Array;
}

/** Restricted adjacencies kept per graph: the default path mask, the workspace explanation and relation masks, a few edge_types filters (each at most 8 bytes per allowed edge plus 8 per node). */
const RESTRICTED_KEPT = 8;

const NODE_TYPE_INDEX = new Map<NodeType, number>(NODE_TYPES.map((t, i) => [t, i]));

/** An Int32Array that grows: edges arrive one at a time while the store is read. */
class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

/** The claims offered so far, five integers each (source node, target node, edge type, snapshot, claim number) in one array that grows. */
class ClaimList {
  data = new Int32Array(5 * 4096);
  length = 0;
  push(src: number, dst: number, type: number, snap: number, claim: number): void {
    const o = this.length * 5;
    if (o + 5 > this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    const d = this.data;
    d[o] = src; d[o + 1] = dst; d[o + 2] = type; d[o + 3] = snap; d[o + 4] = claim;
    this.length++;
  }
}

/**
 * A CURIE as the builder sees it, resolved once however many claims name it: its node type and, once an
 * edge has made it a node, its node index (-1 before). See KnowledgeGraphBuilder.endpoint.
 */
export interface Endpoint { readonly curie: string; readonly type: NodeType | undefined; node: number }

export interface BuildCounts {
  /** Claims offered to the builder whose endpoints' types do not fit their edge type (left out). */
  type_mismatch: number;
  /** Statements made by more than one claim (merged into one edge). */
  merged_claims: number;
}

export class KnowledgeGraphBuilder {
  private readonly ids: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly types: number[] = [];
  private readonly claims = new ClaimList();
  private mismatched = 0;

  constructor(private readonly snapshots: readonly SnapshotRef[]) {}

  /** The node for a canonical CURIE, created on first sight; undefined when its prefix names no node type. */
  node(curie: string): number | undefined {
    const known = this.index.get(curie);
    if (known !== undefined) return known;
    const type = nodeTypeOf(curie);
    if (!type) return undefined;
    const i = this.ids.length;
    this.ids.push(curie);
    this.types.push(NODE_TYPE_INDEX.get(type)!);
    this.index.set(curie, i);
    return i;
  }

  has(curie: string): boolean {
    return this.index.has(curie);
  }

  /** Adds one claim as an edge; false (counted) when an endpoint's type does not fit the edge type. */
  addEdge(typeIndex: number, subject: string, object: string, snapshotIndex: number, claimNo: number): boolean {
    return this.addEdgeBetween(typeIndex, this.endpoint(subject), this.endpoint(object), snapshotIndex, claimNo);
  }

  /** A canonical CURIE resolved for addEdgeBetween (a caller reading millions of claims keeps one per distinct CURIE). */
  endpoint(curie: string): Endpoint {
    return { curie, type: nodeTypeOf(curie), node: this.index.get(curie) ?? -1 };
  }

  /** addEdge for resolved endpoints: no string is looked at again once both are nodes. */
  addEdgeBetween(typeIndex: number, subject: Endpoint, object: Endpoint, snapshotIndex: number, claimNo: number): boolean {
    const spec = EDGE_TYPES[typeIndex]!;
    if (subject.type !== spec.from || object.type !== spec.to || subject.curie === object.curie) {
      this.mismatched++;
      return false;
    }
    if (subject.node < 0) subject.node = this.node(subject.curie)!;
    if (object.node < 0) object.node = this.node(object.curie)!;
    this.claims.push(subject.node, object.node, typeIndex, snapshotIndex, claimNo);
    return true;
  }

  build(labels: ReadonlyMap<string, { label: string | null; synonyms: readonly string[] }>, aliases: ReadonlyMap<string, string>): TypedKnowledgeGraph {
    const n = this.ids.length;
    const m = this.claims.length;
    const c = this.claims.data;
    const src = new Int32Array(m);
    const dst = new Int32Array(m);
    const type = new Int32Array(m);
    for (let i = 0, o = 0; i < m; i++, o += 5) { src[i] = c[o]!; dst[i] = c[o + 1]!; type[i] = c[o + 2]!; }
    // Counting sort of claims by source node, then each node's slice by (type, target).
    const start = new Int32Array(n + 1);
    for (let i = 0; i < m; i++) start[src[i]! + 1]!++;
    for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
    const fill = start.slice(0, n);
    const order = new Int32Array(m);
    for (let i = 0; i < m; i++) order[fill[src[i]!]!++] = i;
    const key = (i: number) => type[i]! * n + dst[i]!;
    for (let u = 0; u < n; u++) {
      const a = start[u]!;
      const b = start[u + 1]!;
      if (b - a > 1) order.subarray(a, b).sort((x, y) => key(x) - key(y) || x - y);
    }
    // Merge identical statements; every claim stays cited.
    const outStart = new Int32Array(n + 1);
    const edgeSrc = new IntList();
    const edgeDst = new IntList();
    const edgeType = new IntList();
    const claimStart = new IntList();
    const claimSnap = new Uint8Array(m);
    const claimNo = new Int32Array(m);
    let merged = 0;
    for (let u = 0; u < n; u++) {
      outStart[u] = edgeSrc.length;
      let lastKey = -1;
      for (let p = start[u]!; p < start[u + 1]!; p++) {
        const i = order[p]!;
        const k = key(i);
        if (k !== lastKey) {
          edgeSrc.push(u);
          edgeDst.push(dst[i]!);
          edgeType.push(type[i]!);
          claimStart.push(p);
          lastKey = k;
        } else {
          merged++;
        }
        claimSnap[p] = c[i * 5 + 3]!;
        claimNo[p] = c[i * 5 + 4]!;
      }
    }
    outStart[n] = edgeSrc.length;
    claimStart.push(m);
    const nodeLabels: string[] = new Array(n);
    const nodeSynonyms: (readonly string[])[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const entry = labels.get(this.ids[i]!);
      nodeLabels[i] = entry?.label ?? this.ids[i]!;
      nodeSynonyms[i] = entry?.synonyms ?? [];
    }
    return new TypedKnowledgeGraph({
      ids: this.ids, types: Uint8Array.from(this.types), labels: nodeLabels, synonyms: nodeSynonyms,
      outStart, edgeSrc: edgeSrc.data.slice(0, edgeSrc.length), edgeDst: edgeDst.data.slice(0, edgeDst.length),
      edgeType: Uint8Array.from(edgeType.data.subarray(0, edgeType.length)),
      claimStart: claimStart.data.slice(0, claimStart.length), claimSnap, claimNo,
      snapshots: this.snapshots, aliases,
      counts: { type_mismatch: this.mismatched, merged_claims: merged },
    });
  }

}

interface GraphArrays {
  ids: string[];
  types: Uint8Array;
  labels: string[];
  synonyms: (readonly string[])[];
  outStart: Int32Array;
  edgeSrc: Int32Array;
  edgeDst: Int32Array;
  edgeType: Uint8Array;
  claimStart: Int32Array;
  claimSnap: Uint8Array;
  claimNo: Int32Array;
  snapshots: readonly SnapshotRef[];
  aliases: ReadonlyMap<string, string>;
  counts: BuildCounts;
}

export class TypedKnowledgeGraph {
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly snapshots: readonly SnapshotRef[];
  readonly counts: BuildCounts;
  private readonly a: GraphArrays;
  private readonly index = new Map<string, number>();
  /** Incoming adjacency: inStart per node, inEdge = edge indices. */
  private readonly inStart: Int32Array;
  private readonly inEdge: Int32Array;
  private readonly symmetric: Uint8Array;
  /** Memo of restrictedTo (most recently used last); derived from the arrays, so it never goes stale. */
  private readonly restricted = new Map<string, RestrictedAdjacency>();

  constructor(arrays: GraphArrays) {
    this.a = arrays;
    this.snapshots = arrays.snapshots;
    this.counts = arrays.counts;
    this.nodeCount = arrays.ids.length;
    this.edgeCount = arrays.edgeSrc.length;
    arrays.ids.forEach((id, i) => this.index.set(id, i));
    const n = this.nodeCount;
    const m = this.edgeCount;
    this.inStart = new Int32Array(n + 1);
    for (let e = 0; e < m; e++) this.inStart[arrays.edgeDst[e]! + 1]!++;
    for (let i = 0; i < n; i++) this.inStart[i + 1]! += this.inStart[i]!;
    const fill = this.inStart.slice(0, n);
    this.inEdge = new Int32Array(m);
    for (let e = 0; e < m; e++) this.inEdge[fill[arrays.edgeDst[e]!]!++] = e;
    this.symmetric = Uint8Array.from(EDGE_TYPES.map((t) => (t.symmetric ? 1 : 0)));
  }

  /** The node of a CURIE, also through an exact alias (DOID:… for its MONDO node, HGNC:… for its gene). */
  lookup(curie: string): number | undefined {
    return this.index.get(curie) ?? this.index.get(this.a.aliases.get(curie) ?? '');
  }

  /** Aliases (exact mappings) that resolve to this node. */
  aliasesOf(node: number): string[] {
    const id = this.a.ids[node]!;
    const out: string[] = [];
    for (const [alias, canonical] of this.a.aliases) if (canonical === id) out.push(alias);
    return out.sort();
  }

  node(i: number): NodeView {
    return { index: i, id: this.a.ids[i]!, type: NODE_TYPES[this.a.types[i]!]!, label: this.a.labels[i]!, synonyms: this.a.synonyms[i]! };
  }

  id(i: number): string { return this.a.ids[i]!; }
  label(i: number): string { return this.a.labels[i]!; }
  typeOf(i: number): NodeType { return NODE_TYPES[this.a.types[i]!]!; }
  typeIndexOf(i: number): number { return this.a.types[i]!; }
  synonymsOf(i: number): readonly string[] { return this.a.synonyms[i]!; }

  edgeSource(e: number): number { return this.a.edgeSrc[e]!; }
  edgeTarget(e: number): number { return this.a.edgeDst[e]!; }
  edgeTypeIndex(e: number): number { return this.a.edgeType[e]!; }
  edgeType(e: number): string { return EDGE_TYPES[this.a.edgeType[e]!]!.type; }

  /** Whether any claim behind edge e comes from a snapshot marked 1 in `snapshotMask` (indexed like `snapshots`). */
  hasClaimFrom(e: number, snapshotMask: Uint8Array): boolean {
    for (let p = this.a.claimStart[e]!; p < this.a.claimStart[e + 1]!; p++) if (snapshotMask[this.a.claimSnap[p]!]) return true;
    return false;
  }

  /** The claims behind an edge, each with its snapshot. */
  claimsOf(e: number): ClaimRef[] {
    const out: ClaimRef[] = [];
    for (let p = this.a.claimStart[e]!; p < this.a.claimStart[e + 1]!; p++) {
      const snapshot = this.snapshots[this.a.claimSnap[p]!]!;
      out.push({ snapshot_id: snapshot.snapshot_id, resource: snapshot.resource, claim_no: this.a.claimNo[p]! });
    }
    return out;
  }

  /**
   * Claim slots: the claims of edge e sit at slots claimSlotStart(e) … claimSlotStart(e + 1) - 1, in
   * claimsOf order; a slot's snapshot (index into `snapshots`) and claim number (-1: an IS_A hierarchy edge).
   * Lets a per-claim table beside the graph (infra/kg/citation-table.ts) be plain arrays indexed by slot.
   */
  claimSlotStart(e: number): number { return this.a.claimStart[e]!; }
  claimSnapshotIndex(slot: number): number { return this.a.claimSnap[slot]!; }
  claimNumber(slot: number): number { return this.a.claimNo[slot]!; }

  /**
   * Steps out of `node`. forward: along directed edges, and both ways along symmetric ones; any: also
   * against directed edges, reported with reverse = true. `allowed[type]` = 1 for the edge types to use.
   */
  forEachStep(node: number, mode: WalkMode, allowed: Uint8Array, visit: StepVisitor): void {
    const { outStart, edgeDst, edgeType, edgeSrc } = this.a;
    for (let e = outStart[node]!; e < outStart[node + 1]!; e++) if (allowed[edgeType[e]!]) visit(e, edgeDst[e]!, false);
    for (let p = this.inStart[node]!; p < this.inStart[node + 1]!; p++) {
      const e = this.inEdge[p]!;
      const t = edgeType[e]!;
      if (!allowed[t]) continue;
      if (this.symmetric[t]) visit(e, edgeSrc[e]!, false);
      else if (mode === 'any') visit(e, edgeSrc[e]!, true);
    }
  }

  /** Steps INTO `node` that a forward walk (or, in any mode, any walk) could take: the reverse of forEachStep. */
  forEachPredecessor(node: number, mode: WalkMode, allowed: Uint8Array, visit: StepVisitor): void {
    const { outStart, edgeDst, edgeType, edgeSrc } = this.a;
    for (let p = this.inStart[node]!; p < this.inStart[node + 1]!; p++) {
      const e = this.inEdge[p]!;
      if (allowed[edgeType[e]!]) visit(e, edgeSrc[e]!, false);
    }
    for (let e = outStart[node]!; e < outStart[node + 1]!; e++) {
      const t = edgeType[e]!;
      if (!allowed[t]) continue;
      if (this.symmetric[t]) visit(e, edgeDst[e]!, false);
      else if (mode === 'any') visit(e, edgeDst[e]!, true);
    }
  }

  /** The raw adjacency arrays, for hot loops (paths) that cannot afford a callback per step. Read only. */
  adjacency(): Adjacency {
    return { outStart: this.a.outStart, edgeSrc: this.a.edgeSrc, edgeDst: this.a.edgeDst, edgeType: this.a.edgeType, inStart: this.inStart, inEdge: this.inEdge, symmetric: this.symmetric };
  }

  /**
   * The adjacency over the allowed edge types only, built once per mask (O(nodes + edges)) and kept for the
   * last few masks: a path search walks only the edges it may use instead of skipping, at every node, the
   * expression edges the default mask leaves out (most of a gene's or an anatomy term's edges).
   */
  restrictedTo(allowed: Uint8Array): RestrictedAdjacency {
    const key = allowed.join('');
    const known = this.restricted.get(key);
    if (known) {
      this.restricted.delete(key);
      this.restricted.set(key, known);
      return known;
    }
    const n = this.nodeCount;
    const { outStart: wholeOutStart, edgeType } = this.a;
    const outStart = new Int32Array(n + 1);
    const inStart = new Int32Array(n + 1);
    let outCount = 0;
    let inCount = 0;
    for (let u = 0; u < n; u++) {
      for (let e = wholeOutStart[u]!; e < wholeOutStart[u + 1]!; e++) if (allowed[edgeType[e]!]) outCount++;
      for (let p = this.inStart[u]!; p < this.inStart[u + 1]!; p++) if (allowed[edgeType[this.inEdge[p]!]!]) inCount++;
      outStart[u + 1] = outCount;
      inStart[u + 1] = inCount;
    }
    const outEdge = new Int32Array(outCount);
    const inEdge = new Int32Array(inCount);
    let o = 0;
    let i = 0;
    for (let u = 0; u < n; u++) {
      for (let e = wholeOutStart[u]!; e < wholeOutStart[u + 1]!; e++) if (allowed[edgeType[e]!]) outEdge[o++] = e;
      for (let p = this.inStart[u]!; p < this.inStart[u + 1]!; p++) {
        const e = this.inEdge[p]!;
        if (allowed[edgeType[e]!]) inEdge[i++] = e;
      }
    }
    const built = { outStart, outEdge, inStart, inEdge };
    this.restricted.set(key, built);
    if (this.restricted.size > RESTRICTED_KEPT) this.restricted.delete(this.restricted.keys().next().value!);
    return built;
  }

  /** Out- and in-degree of a node per edge type (distinct edges, not claims). */
  degreeByType(node: number): Record<string, { out: number; in: number }> {
    const out: Record<string, { out: number; in: number }> = {};
    const bump = (t: number, side: 'out' | 'in') => {
      const name = EDGE_TYPES[t]!.type;
      (out[name] ??= { out: 0, in: 0 })[side]++;
    };
    for (let e = this.a.outStart[node]!; e < this.a.outStart[node + 1]!; e++) bump(this.a.edgeType[e]!, 'out');
    for (let p = this.inStart[node]!; p < this.inStart[node + 1]!; p++) bump(this.a.edgeType[this.inEdge[p]!]!, 'in');
    return out;
  }

  /** Distinct edges touching a node over the allowed types. */
  degree(node: number, allowed: Uint8Array): number {
    let d = 0;
    for (let e = this.a.outStart[node]!; e < this.a.outStart[node + 1]!; e++) if (allowed[this.a.edgeType[e]!]) d++;
    for (let p = this.inStart[node]!; p < this.inStart[node + 1]!; p++) if (allowed[this.a.edgeType[this.inEdge[p]!]!]) d++;
    return d;
  }

  // Counted into typed arrays by type index, then named: a keyed-object increment per edge held the event
  // loop for hundreds of ms per /api/kg/stats on a large graph (issue 23).
  countsByNodeType(): Record<NodeType, number> {
    const counts = new Uint32Array(NODE_TYPES.length);
    for (let i = 0; i < this.nodeCount; i++) counts[this.a.types[i]!]!++;
    return Object.fromEntries(NODE_TYPES.map((t, i) => [t, counts[i]!])) as Record<NodeType, number>;
  }

  countsByEdgeType(): Record<string, number> {
    const counts = new Uint32Array(EDGE_TYPES.length);
    for (let e = 0; e < this.edgeCount; e++) counts[this.a.edgeType[e]!]!++;
    return Object.fromEntries(EDGE_TYPES.map((t, i) => [t.type, counts[i]!]));
  }

  /** Claims cited by the graph's edges (≥ edges: merged statements cite several). */
  get claimCount(): number {
    return this.a.claimNo.length;
  }
}

/** allowed[type index] = 1 for each edge type named (all when `types` is undefined), minus `excluded` unless named. */
export function edgeTypeMask(types: readonly string[] | undefined, excluded: ReadonlySet<string> = new Set()): Uint8Array {
  return Uint8Array.from(EDGE_TYPES.map((t) => (types ? (types.includes(t.type) ? 1 : 0) : excluded.has(t.type) ? 0 : 1)));
}
