// A breadth-first search from a gene set that answers what network separation needs — every gene's hops to the
// set's nearest gene, and each source's hops to the nearest OTHER source — in one single-label pass over
// reusable buffers (the separation null runs thousands of them). The second quantity comes from the Voronoi
// boundary: for a source s, the nearest other source is min over edges (u, v) with label(u) = s ≠ label(v) of
// d(u) + 1 + d(v). Why exact: such an edge gives a walk from s to another source, so the minimum is at least the
// true distance L; and on a shortest path from s to its nearest other source, the first node v not labelled s
// and its predecessor u (labelled s, d(u) = dist(s, u)) give d(u) + 1 + d(v) <= L. Every edge is looked at from
// its first-settled end during the search, so no extra pass is needed. Pure (the buffers belong to the caller).
import type { Interactome } from './interactome';

export class SetDistanceBuffers {
  readonly nearest: Int32Array;
  private readonly label: Int32Array;
  private readonly queue: Int32Array;
  private readonly best: Int32Array;

  constructor(private readonly net: Interactome) {
    const n = net.nodes.length;
    this.nearest = new Int32Array(n);
    this.label = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.best = new Int32Array(n);
  }

  /**
   * Fills `nearest` and returns, per source in the given order, the hops to the nearest other source (−1 when
   * none is reachable). Duplicate sources are one source. With `mustReach`, the search stops early — once every
   * gene of `mustReach` has its distance and every source's nearest-other distance is final — and `nearest` is
   * then only valid for those genes (−1 elsewhere may mean "not visited"). Final: before level L is expanded, every
   * edge not yet looked at joins two genes at distance >= L, so a later boundary walk is at least 2L + 1 long.
   */
  run(sources: ArrayLike<number>, mustReach?: ArrayLike<number>): Int32Array {
    const { start, neighbours } = this.net;
    const { nearest, label, queue, best } = this;
    nearest.fill(-1);
    let tail = 0;
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!;
      if (nearest[s] !== -1) continue;
      nearest[s] = 0; label[s] = s; best[s] = -1;
      queue[tail++] = s;
    }
    const done = (level: number) => {
      for (let i = 0; i < mustReach!.length; i++) if (nearest[mustReach![i]!] === -1) return false;
      for (let i = 0; i < sources.length; i++) { const b = best[sources[i]!]!; if (b === -1 || b > 2 * level + 1) return false; }
      return true;
    };
    for (let head = 0; head < tail;) {
      const level = nearest[queue[head]!]!;
      if (mustReach && done(level)) break;
      const end = tail;
      for (; head < end; head++) {
        const u = queue[head]!;
        const du = nearest[u]!, lu = label[u]!;
        for (let p = start[u]!; p < start[u + 1]!; p++) {
          const v = neighbours[p]!;
          const dv = nearest[v]!;
          if (dv === -1) { nearest[v] = du + 1; label[v] = lu; queue[tail++] = v; continue; }
          const lv = label[v]!;
          if (lv === lu) continue;
          const walk = du + 1 + dv;
          if (best[lu] === -1 || walk < best[lu]!) best[lu] = walk;
          if (best[lv] === -1 || walk < best[lv]!) best[lv] = walk;
        }
      }
    }
    const out = new Int32Array(sources.length);
    for (let i = 0; i < sources.length; i++) out[i] = best[sources[i]!]!;
    return out;
  }
}
