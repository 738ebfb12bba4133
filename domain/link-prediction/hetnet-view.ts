// The knowledge graph seen as Hetionet's metaedges (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726),
// for degree-weighted path counts: one deduplicated adjacency per metaedge, in both orientations, with each
// edge's degree weight (D_out(source) · D_in(target))^-w precomputed (Himmelstein & Baranzini, PLoS Comput
// Biol 2015, doi:10.1371/journal.pcbi.1004259). Degrees are per metaedge: a compound's CbG degree counts its
// distinct genes, a gene's CbG degree its distinct compounds. Symmetric metaedges (GiG) count every incident
// edge on both sides. The TREATS metaedge can be rebuilt without chosen pairs (held-out treatments), which
// changes its degrees too: a held-out treatment leaves no trace in any feature. Only the edges the model's
// scope allows count (model-scope.ts: by default, edges with a Rephetio-era claim). CrC (resembles) is derived
// from structures, not stored in the graph: its pairs come from the caller (chemical-similarity.ts); without
// them it is empty. DrD (resembles) is derived too, from the view's own IS_A edges (disease-similarity.ts), and
// rebuilt with the TREATS metaedge. Pure.
import { edgeTypeIndex, NodeType } from '../knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import { DISEASE_RESEMBLES_MIN_WANG, diseaseResemblesPairs } from './disease-similarity';

export const METAEDGES = {
  CbG: { from: 'Compound', to: 'Gene', edgeTypes: ['TARGETS', 'BINDS'], symmetric: false, label: 'binds (DrugCentral target or BindingDB ≤ 1 µM)' },
  CcSE: { from: 'Compound', to: 'SideEffect', edgeTypes: ['CAUSES'], symmetric: false, label: 'causes (SIDER)' },
  CtD: { from: 'Compound', to: 'Disease', edgeTypes: ['TREATS'], symmetric: false, label: 'treats (PharmacotherapyDB DM)' },
  DaG: { from: 'Disease', to: 'Gene', edgeTypes: ['ASSOCIATES'], symmetric: false, label: 'associates (GWAS Catalog)' },
  GiG: { from: 'Gene', to: 'Gene', edgeTypes: ['INTERACTS_WITH'], symmetric: true, label: 'interacts (Hetionet interactome)' },
  GpPW: { from: 'Gene', to: 'Pathway', edgeTypes: ['PARTICIPATES_IN'], symmetric: false, label: 'participates (Reactome)' },
  DisaD: { from: 'Disease', to: 'Disease', edgeTypes: ['IS_A'], symmetric: false, label: 'is a (Disease Ontology / MONDO)' },
  CpD: { from: 'Compound', to: 'Disease', edgeTypes: ['PALLIATES'], symmetric: false, label: 'palliates (PharmacotherapyDB SYM; never a label)' },
  // Derived, not stored: no edge type of the graph; its pairs are given to HetnetView.of (chemical-similarity.ts).
  CrC: { from: 'Compound', to: 'Compound', edgeTypes: [], symmetric: true, label: 'resembles (Dice ≥ 0.5 of ECFP4 fingerprints of DrugBank structures)' },
  // Derived from the IS_A hierarchy (disease-similarity.ts) among the diseases of the catalogue and the GWAS set; last,
  // so the metaedges it reads (CtD, CpD, DaG, DisaD) are built first.
  DrD: { from: 'Disease', to: 'Disease', edgeTypes: [], symmetric: true, label: `resembles (Wang semantic similarity ≥ ${DISEASE_RESEMBLES_MIN_WANG} over the Disease Ontology)` },
} as const satisfies Record<string, { from: NodeType; to: NodeType; edgeTypes: readonly string[]; symmetric: boolean; label: string }>;

export type MetaedgeName = keyof typeof METAEDGES;
export const METAEDGE_NAMES = Object.keys(METAEDGES) as MetaedgeName[];

/** One orientation of a metaedge: neighbours of node u are nbr[start[u] … start[u+1]-1], sorted, with their weights. */
export interface Orientation {
  readonly start: Int32Array;
  readonly nbr: Int32Array;
  readonly weight: Float64Array;
}

export interface MetaedgeAdjacency {
  readonly name: MetaedgeName;
  /** From the metaedge's source side (compound → genes for CbG). */
  readonly forward: Orientation;
  /** From its target side (gene → compounds for CbG). Same arrays as forward when symmetric. */
  readonly backward: Orientation;
  readonly edgeCount: number;
}

/** A pair of node indices as one number (node counts stay far below 2^26). */
export const pairKey = (source: number, target: number, nodeCount: number): number => source * nodeCount + target;

function orientation(n: number, from: Int32Array, to: Int32Array, weight: Float64Array): Orientation {
  const m = from.length;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) start[from[i]! + 1]!++;
  for (let u = 0; u < n; u++) start[u + 1]! += start[u]!;
  const fill = start.slice(0, n);
  const order = new Int32Array(m);
  for (let i = 0; i < m; i++) order[fill[from[i]!]!++] = i;
  // Each node's neighbours sorted by index: merges (diagonal terms) and walks are then deterministic.
  for (let u = 0; u < n; u++) {
    const a = start[u]!;
    const b = start[u + 1]!;
    if (b - a > 1) order.subarray(a, b).sort((x, y) => to[x]! - to[y]!);
  }
  const nbr = new Int32Array(m);
  const w = new Float64Array(m);
  for (let p = 0; p < m; p++) { nbr[p] = to[order[p]!]!; w[p] = weight[order[p]!]!; }
  return { start, nbr, weight: w };
}

/** Builds a metaedge from distinct (source, target) pairs; `damping` is the DWPC exponent w. */
export function metaedgeFromPairs(name: MetaedgeName, n: number, src: Int32Array, dst: Int32Array, damping: number): MetaedgeAdjacency {
  const symmetric = METAEDGES[name].symmetric;
  const m = src.length;
  const outDeg = new Int32Array(n);
  const inDeg = new Int32Array(n);
  for (let i = 0; i < m; i++) {
    outDeg[src[i]!]!++;
    inDeg[dst[i]!]!++;
    if (symmetric) { outDeg[dst[i]!]!++; inDeg[src[i]!]!++; }
  }
  const weight = new Float64Array(m);
  for (let i = 0; i < m; i++) weight[i] = Math.pow(outDeg[src[i]!]! * inDeg[dst[i]!]!, -damping);
  if (symmetric) {
    // Both directions in one orientation: a symmetric edge is walked either way with the same weight.
    const from = new Int32Array(2 * m);
    const to = new Int32Array(2 * m);
    const w = new Float64Array(2 * m);
    from.set(src); from.set(dst, m); to.set(dst); to.set(src, m); w.set(weight); w.set(weight, m);
    const both = orientation(n, from, to, w);
    return { name, forward: both, backward: both, edgeCount: m };
  }
  return { name, forward: orientation(n, src, dst, weight), backward: orientation(n, dst, src, weight), edgeCount: m };
}

/** Distinct (source, target) pairs of the graph's edges of these types (TARGETS and BINDS of one pair are one CbG edge). */
function distinctPairs(g: TypedKnowledgeGraph, types: readonly string[], symmetric: boolean, edgeAllowed?: (e: number) => boolean): { src: Int32Array; dst: Int32Array } {
  const allowed = new Set(types.map((t) => edgeTypeIndex(t)!));
  const a = g.adjacency();
  const n = g.nodeCount;
  const seen = new Set<number>();
  const src: number[] = [];
  const dst: number[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    if (!allowed.has(a.edgeType[e]!)) continue;
    if (edgeAllowed && !edgeAllowed(e)) continue;
    let s = a.edgeSrc[e]!;
    let t = a.edgeDst[e]!;
    if (symmetric && t < s) [s, t] = [t, s];
    const key = pairKey(s, t, n);
    if (seen.has(key)) continue;
    seen.add(key);
    src.push(s);
    dst.push(t);
  }
  return { src: Int32Array.from(src), dst: Int32Array.from(dst) };
}

export class HetnetView {
  private constructor(
    readonly graph: TypedKnowledgeGraph,
    readonly damping: number,
    private readonly edges: ReadonlyMap<MetaedgeName, MetaedgeAdjacency>,
    /** The TREATS pairs of the graph (before any hold-out), as sources and targets. */
    readonly treats: { readonly src: Int32Array; readonly dst: Int32Array },
    /** Keys of the TREATS pairs left out of this view. */
    readonly heldOut: ReadonlySet<number>,
  ) {}

  /** `edgeAllowed`: the model scope's edge filter (model-scope.ts); every edge when absent. */
  /** `resembles`: the derived CrC pairs (node indices; each unordered pair once); none when absent. */
  static of(graph: TypedKnowledgeGraph, damping: number, edgeAllowed?: (e: number) => boolean, resembles?: { src: Int32Array; dst: Int32Array }): HetnetView {
    const n = graph.nodeCount;
    const edges = new Map<MetaedgeName, MetaedgeAdjacency>();
    let treats: { src: Int32Array; dst: Int32Array } = { src: new Int32Array(0), dst: new Int32Array(0) };
    for (const name of METAEDGE_NAMES) {
      const spec = METAEDGES[name];
      const pairs = name === 'CrC' ? (resembles ?? { src: new Int32Array(0), dst: new Int32Array(0) })
        : name === 'DrD' ? HetnetView.diseaseResembles(edges)
          : distinctPairs(graph, spec.edgeTypes, spec.symmetric, edgeAllowed);
      if (name === 'CtD') treats = pairs;
      edges.set(name, metaedgeFromPairs(name, n, pairs.src, pairs.dst, damping));
    }
    return new HetnetView(graph, damping, edges, treats, new Set());
  }

  /**
   * DrD among the diseases with a treatment, palliation or GWAS gene in this view (Hetionet's DrD joined its 137
   * diseases; these are PharmacotherapyDB's and the GWAS set's): rebuilt with the treatments the view keeps, so a
   * held-out treatment leaves no trace (a disease known only by its held-out treatments has no DrD edge, as a
   * disease without known treatment has none when predicted). The IS_A hierarchy alone decides the edges.
   */
  private static diseaseResembles(edges: ReadonlyMap<MetaedgeName, MetaedgeAdjacency>): { src: Int32Array; dst: Int32Array } {
    const terms: number[] = [];
    const sides = (name: MetaedgeName, o: 'forward' | 'backward') => {
      const { start } = edges.get(name)![o];
      for (let u = 0; u + 1 < start.length; u++) if (start[u + 1]! > start[u]!) terms.push(u);
    };
    sides('CtD', 'backward');
    sides('CpD', 'backward');
    sides('DaG', 'forward');
    const isA = edges.get('DisaD')!.forward;
    return diseaseResemblesPairs(terms, (u) => isA.nbr.subarray(isA.start[u]!, isA.start[u + 1]!), DISEASE_RESEMBLES_MIN_WANG);
  }

  get nodeCount(): number { return this.graph.nodeCount; }

  metaedge(name: MetaedgeName): MetaedgeAdjacency {
    return this.edges.get(name)!;
  }

  /** The same view with these TREATS pairs (keys from pairKey) removed: degrees and weights follow. */
  withoutTreats(heldOut: ReadonlySet<number>): HetnetView {
    if (heldOut.size === 0) return this.heldOut.size === 0 ? this : HetnetView.rebuildTreats(this, new Set());
    return HetnetView.rebuildTreats(this, heldOut);
  }

  private static rebuildTreats(base: HetnetView, heldOut: ReadonlySet<number>): HetnetView {
    const n = base.nodeCount;
    const src: number[] = [];
    const dst: number[] = [];
    for (let i = 0; i < base.treats.src.length; i++) {
      if (heldOut.has(pairKey(base.treats.src[i]!, base.treats.dst[i]!, n))) continue;
      src.push(base.treats.src[i]!);
      dst.push(base.treats.dst[i]!);
    }
    const edges = new Map(base.edges);
    edges.set('CtD', metaedgeFromPairs('CtD', n, Int32Array.from(src), Int32Array.from(dst), base.damping));
    // DrD's diseases include the treated ones: a disease whose treatments are all held out may drop out of it.
    const drd = HetnetView.diseaseResembles(edges);
    edges.set('DrD', metaedgeFromPairs('DrD', n, drd.src, drd.dst, base.damping));
    return new HetnetView(base.graph, base.damping, edges, base.treats, heldOut);
  }

  /** Neighbours of u over a metaedge walked forward (source → target) or backward. */
  neighbours(name: MetaedgeName, forward: boolean, u: number): Int32Array {
    const o = forward ? this.metaedge(name).forward : this.metaedge(name).backward;
    return o.nbr.subarray(o.start[u]!, o.start[u + 1]!);
  }

  /** Degree of u on a metaedge, counted from its side (forward: as a source). */
  degree(name: MetaedgeName, forward: boolean, u: number): number {
    const o = forward ? this.metaedge(name).forward : this.metaedge(name).backward;
    return o.start[u + 1]! - o.start[u]!;
  }
}
