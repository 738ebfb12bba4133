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
    // Once every source's nearest-other distance is final (see above; at once for one distinct source, whose answer
    // is −1 however far the search goes) the labels are no longer needed, and the rest is a plain breadth-first
    // search of distances, direction-optimizing as interactome.ts's bfsFromSet (Beamer, Asanović & Patterson,
    // SC 2012): a level whose frontier touches many edges is expanded bottom-up. The distances are the same.
    // Before, a one-target drug's search never stopped early and every level went top-down with labels.
    const single = tail === 1;
    const settled = (level: number) => {
      if (single) return true;
      for (let i = 0; i < sources.length; i++) { const b = best[sources[i]!]!; if (b === -1 || b > 2 * level + 1) return false; }
      return true;
    };
    const reached = () => {
      for (let i = 0; i < mustReach!.length; i++) if (nearest[mustReach![i]!] === -1) return false;
      return true;
    };
    let plain = false;
    let frontierEdges = 0;
    let unexploredEdges = 0;
    for (let head = 0; head < tail;) {
      const level = nearest[queue[head]!]!;
      if (!plain && settled(level)) {
        plain = true;
        // Edges of the frontier and of the genes not yet reached, for the direction heuristic.
        let visitedEdges = 0;
        for (let i = 0; i < tail; i++) { const u = queue[i]!; const deg = start[u + 1]! - start[u]!; visitedEdges += deg; if (i >= head) frontierEdges += deg; }
        unexploredEdges = neighbours.length - visitedEdges;
      }
      if (mustReach && plain && reached()) break;
      const end = tail;
      if (plain) {
        const next = level + 1;
        let nextEdges = 0;
        if (frontierEdges * 14 > unexploredEdges) {
          for (let v = 0; v < nearest.length; v++) {
            if (nearest[v] !== -1) continue;
            for (let p = start[v]!; p < start[v + 1]!; p++) {
              if (nearest[neighbours[p]!] === level) { nearest[v] = next; queue[tail++] = v; nextEdges += start[v + 1]! - start[v]!; break; }
            }
          }
          head = end;
        } else {
          for (; head < end; head++) {
            const u = queue[head]!;
            for (let p = start[u]!; p < start[u + 1]!; p++) {
              const v = neighbours[p]!;
              if (nearest[v] === -1) { nearest[v] = next; queue[tail++] = v; nextEdges += start[v + 1]! - start[v]!; }
            }
          }
        }
        unexploredEdges -= nextEdges;
        frontierEdges = nextEdges;
        continue;
      }
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
