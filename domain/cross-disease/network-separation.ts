// Network separation of disease modules in the interactome (Menche et al., "Uncovering disease-disease
// relationships through the incomplete interactome", Science 2015, doi:10.1126/science.1257601):
//   d_AA  = mean over genes a of A of the shortest distance to the nearest OTHER gene of A;
//   d_AB  = mean over the genes of A and of B of the shortest distance to the nearest gene of the other set
//           (0 for a gene in both), i.e. (Σ_a d(a,B) + Σ_b d(b,A)) / (|A| + |B|);
//   s_AB  = d_AB − (d_AA + d_BB) / 2: negative when the modules overlap in the network, positive when apart.
// As in the paper's separation.py: genes outside the interactome are left out, and a gene from which no
// gene of the other set (or no other gene of its own set) can be reached is left out of that mean.
// Cost: one breadth-first search per module rather than one per gene: a search from all of B's genes at once
// gives d(x, B) for every gene x, and letting each gene keep the first TWO distinct sources that reach it
// gives b's distance to the nearest other gene of B (the second source reaching b; b itself is the first).
// Each gene enters the queue at most twice, so a module costs O(V + E) and D modules O(D·(V + E)), plus
// O(D · Σ|A|) to read the distances off.
import type { InteractomeIndex } from './interactome-index';

export interface NearestSources {
  /** Distance to the nearest source (0 for a source), -1 when none is reachable. */
  nearest: Int32Array;
  /** Distance to the nearest source other than the one counted in `nearest`, -1 when none. */
  second: Int32Array;
}

/** Multi-source BFS keeping the two nearest distinct sources of every node (local indices). */
export function twoNearestSources(net: InteractomeIndex, sources: readonly number[]): NearestSources {
  const size = net.nodes.length;
  const firstSource = new Int32Array(size).fill(-1);
  const nearest = new Int32Array(size).fill(-1);
  const second = new Int32Array(size).fill(-1);
  const queueNode = new Int32Array(2 * size);
  const queueSource = new Int32Array(2 * size);
  let tail = 0;
  for (const s of sources) {
    if (firstSource[s] !== -1) continue;
    firstSource[s] = s;
    nearest[s] = 0;
    queueNode[tail] = s;
    queueSource[tail++] = s;
  }
  const { start, neighbours } = net;
  for (let head = 0; head < tail; head++) {
    const u = queueNode[head]!;
    const source = queueSource[head]!;
    const next = (firstSource[u] === source ? nearest[u]! : second[u]!) + 1;
    for (let p = start[u]!; p < start[u + 1]!; p++) {
      const v = neighbours[p]!;
      if (firstSource[v] === -1) {
        firstSource[v] = source;
        nearest[v] = next;
      } else if (second[v] === -1 && firstSource[v] !== source) {
        second[v] = next;
      } else {
        continue;
      }
      queueNode[tail] = v;
      queueSource[tail++] = source;
    }
  }
  return { nearest, second };
}

export interface ModuleInInteractome {
  /** The module's genes in the interactome (local indices, sorted). */
  genes: number[];
  /** Genes of the module outside the interactome (left out). */
  outside: number;
  /** d_AA, or null with fewer than two genes that reach each other. */
  d_self: number | null;
  /** Genes from which no other gene of the module is reachable (left out of d_AA). */
  isolated: number;
}

export interface Separation {
  modules: ModuleInInteractome[];
  /** d_AB and s_AB for i < j at [i * D + j] (NaN when undefined); the diagonal is NaN. */
  distance: Float64Array;
  separation: Float64Array;
}

/** Modules are lists of graph nodes; the answer is indexed in the same order. */
export function networkSeparation(net: InteractomeIndex, modules: readonly (readonly number[])[]): Separation {
  const D = modules.length;
  const inNet: ModuleInInteractome[] = modules.map((genes) => {
    const local = [...new Set(genes.map((v) => net.local[v] ?? -1).filter((u) => u >= 0))].sort((a, b) => a - b);
    return { genes: local, outside: new Set(genes).size - local.length, d_self: null, isolated: 0 };
  });
  // sum[a * D + b], count[a * D + b]: Σ over genes x of module a of d(x, module b), over the reachable ones.
  const sum = new Float64Array(D * D);
  const count = new Float64Array(D * D);
  for (let b = 0; b < D; b++) {
    const own = inNet[b]!;
    if (own.genes.length === 0) continue;
    const { nearest, second } = twoNearestSources(net, own.genes);
    let selfSum = 0;
    let selfCount = 0;
    for (const x of own.genes) {
      if (second[x]! >= 0) { selfSum += second[x]!; selfCount++; }
    }
    own.isolated = own.genes.length - selfCount;
    own.d_self = selfCount > 0 ? selfSum / selfCount : null;
    for (let a = 0; a < D; a++) {
      if (a === b) continue;
      let s = 0;
      let c = 0;
      for (const x of inNet[a]!.genes) {
        const d = nearest[x]!;
        if (d >= 0) { s += d; c++; }
      }
      sum[a * D + b] = s;
      count[a * D + b] = c;
    }
  }
  const distance = new Float64Array(D * D).fill(Number.NaN);
  const separation = new Float64Array(D * D).fill(Number.NaN);
  for (let a = 0; a < D; a++) {
    for (let b = a + 1; b < D; b++) {
      const n = count[a * D + b]! + count[b * D + a]!;
      if (n === 0) continue;
      const dAB = (sum[a * D + b]! + sum[b * D + a]!) / n;
      distance[a * D + b] = distance[b * D + a] = dAB;
      const dAA = inNet[a]!.d_self;
      const dBB = inNet[b]!.d_self;
      if (dAA !== null && dBB !== null) separation[a * D + b] = separation[b * D + a] = dAB - (dAA + dBB) / 2;
    }
  }
  return { modules: inNet, distance, separation };
}
