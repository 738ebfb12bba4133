// Degree-preserving randomisation of the interactome by double edge swaps (Maslov & Sneppen, Science 2002,
// doi:10.1126/science.1065103): pick two edges (a, b) and (c, d) uniformly, orient the second at random, and
// rewire them to (a, d) and (c, b) unless that makes a self-loop or an edge that already exists. Every gene keeps
// its degree; the graph stays simple. A rejected swap leaves the graph as it was and still counts as a step of
// the chain (so the chain's stationary distribution is uniform over the simple graphs of that degree sequence
// that it can reach). Randomised networks are drawn from one seeded chain: a burn-in of Q_0·|E| attempted swaps,
// then Q·|E| between consecutive networks (thinning), the way networkx's double_edge_swap(nswap = Q·|E|) is used in
// the network-medicine literature. Pure and seeded.
import type { Interactome } from './interactome';

/** The undirected edges of an interactome once each (u < v), in CSR order. */
export function undirectedEdges(net: Interactome): { a: Int32Array; b: Int32Array } {
  const a: number[] = [];
  const b: number[] = [];
  const n = net.nodes.length;
  const seen = new EdgeKeySet(net.neighbours.length / 2, n * n);
  for (let u = 0; u < n; u++) {
    for (let p = net.start[u]!; p < net.start[u + 1]!; p++) {
      const v = net.neighbours[p]!;
      if (v === u) continue; // self-interactions carry no distance
      const lo = Math.min(u, v), hi = Math.max(u, v);
      const key = lo * n + hi;
      if (seen.has(key)) continue;
      seen.add(key);
      a.push(lo); b.push(hi);
    }
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b) };
}

/**
 * A set of edge keys (u·n + v, u < v) by open addressing with linear probing and backward-shift deletion (no
 * tombstones, so millions of delete/insert pairs do not degrade it). Why not a JS Set: the swaps are its hot loop,
 * and a typed table is several times faster there.
 */
export class EdgeKeySet {
  private readonly table: Float64Array | Uint32Array;
  /** The empty slot's value: no key can take it. */
  private readonly empty: number;
  private readonly mask: number;
  private readonly shift: number;

  /**
   * `maxKey`, when given and below 2³² − 1, lets the table hold 32-bit keys (half the memory of 64-bit slots, so more
   * of it stays in cache during the swaps; the slots are the same, since a key below 2³² hashes on its low word only).
   */
  constructor(capacity: number, maxKey?: number) {
    let bits = 4;
    while (1 << bits < 2 * capacity + 16) bits++;
    const small = maxKey !== undefined && maxKey < 0xffffffff;
    this.empty = small ? 0xffffffff : -1;
    this.table = small ? new Uint32Array(1 << bits).fill(0xffffffff) : new Float64Array(1 << bits).fill(-1);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  private slot(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  has(key: number): boolean {
    for (let i = this.slot(key); ; i = (i + 1) & this.mask) {
      const k = this.table[i]!;
      if (k === key) return true;
      if (k === this.empty) return false;
    }
  }

  add(key: number): void {
    let i = this.slot(key);
    while (this.table[i] !== this.empty) { if (this.table[i] === key) return; i = (i + 1) & this.mask; }
    this.table[i] = key;
  }

  delete(key: number): void {
    let i = this.slot(key);
    while (this.table[i] !== key) { if (this.table[i] === this.empty) return; i = (i + 1) & this.mask; }
    // Backward shift: move later entries of the probe run into the hole when their home slot allows it.
    for (let j = (i + 1) & this.mask; this.table[j] !== this.empty; j = (j + 1) & this.mask) {
      const home = this.slot(this.table[j]!);
      const movable = i <= j ? (home <= i || home > j) : (home <= i && home > j);
      if (movable) { this.table[i] = this.table[j]!; i = j; }
    }
    this.table[i] = this.empty;
  }
}

export class EdgeSwapChain {
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly present: EdgeKeySet;
  private readonly n: number;
  /** Swaps accepted so far. */
  accepted = 0;
  /** Swaps attempted so far. */
  attempted = 0;

  constructor(private readonly net: Interactome, private readonly random: () => number) {
    this.n = net.nodes.length;
    const edges = undirectedEdges(net);
    this.a = edges.a;
    this.b = edges.b;
    this.present = new EdgeKeySet(this.a.length, this.n * this.n);
    for (let i = 0; i < this.a.length; i++) this.present.add(this.key(this.a[i]!, this.b[i]!));
  }

  get edgeCount(): number { return this.a.length; }

  private key(u: number, v: number): number { return u < v ? u * this.n + v : v * this.n + u; }

  /** Attempts `count` double edge swaps. */
  step(count: number): void {
    const m = this.a.length;
    if (m < 2) { this.attempted += count; return; }
    const { a, b, present } = this;
    for (let k = 0; k < count; k++) {
      this.attempted++;
      const i = Math.floor(this.random() * m);
      const j = Math.floor(this.random() * m);
      if (i === j) continue;
      const x = a[i]!, y = b[i]!;
      let u = a[j]!, v = b[j]!;
      if (this.random() < 0.5) { const t = u; u = v; v = t; }
      // (x, y), (u, v) → (x, v), (u, y)
      if (x === v || u === y) continue; // self-loop
      const k1 = this.key(x, v), k2 = this.key(u, y);
      if (present.has(k1) || present.has(k2)) continue; // multi-edge (also covers x === u or y === v)
      present.delete(this.key(x, y)); present.delete(this.key(u, v));
      present.add(k1); present.add(k2);
      a[i] = Math.min(x, v); b[i] = Math.max(x, v);
      a[j] = Math.min(u, y); b[j] = Math.max(u, y);
      this.accepted++;
    }
  }

  /** The current graph as an interactome over the same genes (same local indices and nodes). */
  network(): Interactome {
    const n = this.n;
    const m = this.a.length;
    const start = new Int32Array(n + 1);
    for (let i = 0; i < m; i++) { start[this.a[i]! + 1]!++; start[this.b[i]! + 1]!++; }
    for (let u = 0; u < n; u++) start[u + 1]! += start[u]!;
    const fill = start.slice(0, n);
    const neighbours = new Int32Array(2 * m);
    for (let i = 0; i < m; i++) {
      const x = this.a[i]!, y = this.b[i]!;
      neighbours[fill[x]!++] = y;
      neighbours[fill[y]!++] = x;
    }
    return { nodes: this.net.nodes, local: this.net.local, start, neighbours };
  }
}

export interface SwapSchedule {
  /** Attempted swaps per edge before the first network. */
  burnInPerEdge: number;
  /** Attempted swaps per edge between consecutive networks. */
  thinningPerEdge: number;
}

/** `count` randomised networks from one chain: a burn-in, then a thinning stride before each further network. */
export function* randomisedNetworks(net: Interactome, count: number, schedule: SwapSchedule, random: () => number): Generator<Interactome> {
  const chain = new EdgeSwapChain(net, random);
  const m = chain.edgeCount;
  for (let k = 0; k < count; k++) {
    chain.step(Math.max(1, Math.round((k === 0 ? schedule.burnInPerEdge : schedule.thinningPerEdge) * m)));
    yield chain.network();
  }
}
