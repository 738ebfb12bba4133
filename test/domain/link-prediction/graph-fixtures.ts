// Small typed graphs for the link-prediction unit tests, and a NAIVE second implementation of DWPC (path
// enumeration over the edge list, degrees counted from the list) to check the engine against.
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';
import type { Metapath } from '../../../domain/link-prediction/metapaths';
import { HetnetView } from '../../../domain/link-prediction/hetnet-view';
import { DISEASE_RESEMBLES_MIN_WANG } from '../../../domain/link-prediction/disease-similarity';

export type Edge = [type: string, subject: string, object: string];

/** The graph of the edges; RESEMBLES (derived compound similarity, not a stored edge type) is left out: see viewOf. */
export function graphOf(edges: readonly Edge[]): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's1', resource: 'test' }]);
  edges.forEach(([type, s, o], i) => {
    if (type === 'RESEMBLES') return;
    if (!b.addEdge(edgeTypeIndex(type)!, s, o, 0, i)) throw new Error(`bad edge ${type} ${s} ${o}`);
  });
  return b.build(new Map(), new Map());
}

/** The RESEMBLES edges of the list as node-index pairs of g, for HetnetView.of's derived CrC metaedge. */
export function resemblesOf(g: TypedKnowledgeGraph, edges: readonly Edge[]): { src: Int32Array; dst: Int32Array } {
  const r = edges.filter((e) => e[0] === 'RESEMBLES' && g.lookup(e[1]) !== undefined && g.lookup(e[2]) !== undefined);
  return { src: Int32Array.from(r.map((e) => g.lookup(e[1])!)), dst: Int32Array.from(r.map((e) => g.lookup(e[2])!)) };
}

/** The metaedge view of the edges' graph with their RESEMBLES pairs as CrC. */
export function viewOf(g: TypedKnowledgeGraph, edges: readonly Edge[], damping = 0.4): HetnetView {
  return HetnetView.of(g, damping, undefined, resemblesOf(g, edges));
}

const NAIVE_METAEDGES: Record<string, { types: string[]; symmetric: boolean }> = {
  CbG: { types: ['TARGETS', 'BINDS'], symmetric: false }, CcSE: { types: ['CAUSES'], symmetric: false }, CtD: { types: ['TREATS'], symmetric: false },
  DaG: { types: ['ASSOCIATES'], symmetric: false }, GiG: { types: ['INTERACTS_WITH'], symmetric: true }, GpPW: { types: ['PARTICIPATES_IN'], symmetric: false },
  DisaD: { types: ['IS_A'], symmetric: false }, CpD: { types: ['PALLIATES'], symmetric: false },
  CrC: { types: ['RESEMBLES'], symmetric: true },
  DrD: { types: [], symmetric: true }, // derived: naiveDiseaseResembles
};

/**
 * Second implementation of Wang et al.'s similarity (Bioinformatics 2007): S_A(t) = the largest product of 0.8s over
 * every IS_A path from A up to t, by exhaustive recursion; sim = Σ over shared t of S_A(t) + S_B(t), over SV(A) + SV(B).
 */
export function naiveWangSimilarity<T>(a: T, b: T, parents: (u: T) => readonly T[]): number {
  const values = (term: T) => {
    const out = new Map<T, number>();
    const walk = (u: T, s: number) => {
      if ((out.get(u) ?? -1) < s) out.set(u, s);
      for (const p of parents(u)) walk(p, s * 0.8);
    };
    walk(term, 1);
    return out;
  };
  const sa = values(a);
  const sb = values(b);
  const sv = (m: Map<T, number>) => [...m.values()].reduce((x, y) => x + y, 0);
  let shared = 0;
  for (const [t, v] of sa) if (sb.has(t)) shared += v + sb.get(t)!;
  return shared / (sv(sa) + sv(sb));
}

/** DrD from the edge list: diseases with a TREATS, PALLIATES or ASSOCIATES edge, joined when Wang similarity ≥ the threshold. */
export function naiveDiseaseResembles(edges: readonly Edge[]): Edge[] {
  const terms = [...new Set(edges.flatMap(([type, s, o]) => (type === 'ASSOCIATES' ? [s] : type === 'TREATS' || type === 'PALLIATES' ? [o] : [])))].sort();
  const parents = (u: string) => edges.filter(([type, s]) => type === 'IS_A' && s === u).map(([, , o]) => o);
  const out: Edge[] = [];
  for (let i = 0; i < terms.length; i++) {
    for (let j = i + 1; j < terms.length; j++) {
      if (naiveWangSimilarity(terms[i]!, terms[j]!, parents) >= DISEASE_RESEMBLES_MIN_WANG) out.push(['DRD', terms[i]!, terms[j]!]);
    }
  }
  return out;
}

/** Distinct (source, target) string pairs of a metaedge; both orders for a symmetric one. */
function pairs(edges: readonly Edge[], metaedge: string): [string, string][] {
  const spec = NAIVE_METAEDGES[metaedge]!;
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const [type, s, o] of metaedge === 'DrD' ? naiveDiseaseResembles(edges) : edges) {
    if (metaedge !== 'DrD' && !spec.types.includes(type)) continue;
    for (const [a, b] of spec.symmetric ? [[s, o], [o, s]] : [[s, o]]) {
      if (seen.has(`${a}|${b}`)) continue;
      seen.add(`${a}|${b}`);
      out.push([a!, b!]);
    }
  }
  return out;
}

/** Every simple path of the metapath from compound to disease, with its degree-weighted product (w = 0.4). */
export function naivePaths(edges: readonly Edge[], path: Metapath, compound: string, disease: string, w = 0.4): { nodes: string[]; weight: number }[] {
  const out: { nodes: string[]; weight: number }[] = [];
  const walk = (nodes: string[], weight: number) => {
    const j = nodes.length - 1;
    if (j === path.steps.length) {
      if (nodes[j] === disease) out.push({ nodes, weight });
      return;
    }
    const step = path.steps[j]!;
    const list = pairs(edges, step.metaedge);
    const outDeg = (x: string) => list.filter(([a]) => a === x).length;
    const inDeg = (x: string) => list.filter(([, b]) => b === x).length;
    const here = nodes[j]!;
    for (const [a, b] of list) {
      const [from, to] = step.forward ? [a, b] : [b, a];
      if (from !== here || nodes.includes(to)) continue;
      walk([...nodes, to], weight * Math.pow(outDeg(a) * inDeg(b), -w));
    }
  };
  walk([compound], 1);
  return out;
}

/** A random graph over a few nodes of every type the metapaths use. */
export function randomEdges(seed: number, density = 0.3): Edge[] {
  const random = seededRandom(seed);
  const ids = (prefix: string, k: number) => Array.from({ length: k }, (_, i) => `${prefix}${i + 1}`);
  const C = ids('DRUGBANK:DB0000', 6);
  const G = ids('NCBIGene:', 8);
  const D = ids('MONDO:000000', 6);
  const SE = ids('UMLS:C000000', 5);
  const PW = ids('REACTOME:R-HSA-', 3);
  const edges: Edge[] = [];
  const maybe = (type: string, from: string[], to: string[], p: number, noLoops = false) => {
    for (const a of from) for (const b of to) if ((!noLoops || a < b) && random() < p) edges.push([type, a, b]);
  };
  maybe('TARGETS', C, G, density * 0.6);
  maybe('BINDS', C, G, density * 0.6);
  maybe('CAUSES', C, SE, density * 1.5);
  maybe('TREATS', C, D, density);
  maybe('PALLIATES', C, D, density * 0.3);
  maybe('ASSOCIATES', D, G, density);
  maybe('INTERACTS_WITH', G, G, density, true);
  maybe('PARTICIPATES_IN', G, PW, density * 1.5);
  // IS_A: a random forest (child -> a parent with a smaller number), so there are parents and siblings.
  for (let i = 1; i < D.length; i++) if (random() < 0.8) edges.push(['IS_A', D[i]!, D[Math.floor(random() * i)]!]);
  // Last, so the stored edges above are the same as before resembles edges existed.
  maybe('RESEMBLES', C, C, density, true);
  return edges;
}
