// Up to 32 breadth-first searches at once, one bit lane each: the multi-source BFS of Then, Kaufmann, Chirigati,
// Hoang-Vu, Pham, Kemper, Neumann & Vo, "The More the Merrier: Efficient Multi-Source Graph Traversal", PVLDB 2014.
// Search k starts from its own source set; a level is one pass over the genes, each unsettled gene OR-ing its
// neighbours' frontier words (bottom-up, stopping at the first neighbours that settle every open lane), so the
// edges are read once per level for all 32 searches instead of once per search. Why: repurposing's permutations
// run one search per random disease-gene set, and that was half their time. The distances are the shortest-path
// lengths, the same as bfsFromSet gives for each set alone (tested against it).
import type { Interactome } from './interactome';
import { UNREACHABLE } from './interactome';

export const LANES = 32;

export class MultiSourceBfs {
  private readonly seen: Int32Array;
  private frontier: Int32Array;
  private next: Int32Array;

  constructor(private readonly ia: Interactome) {
    this.seen = new Int32Array(ia.size);
    this.frontier = new Int32Array(ia.size);
    this.next = new Int32Array(ia.size);
  }

  /**
   * For k < count: the distance from every gene to the nearest gene of sets[k] (its first `setSize` entries) into
   * dist[k·size + gene] (UNREACHABLE where no path exists). count ≤ LANES; `dist` has room for count·size.
   */
  run(sets: readonly ArrayLike<number>[], setSize: number, count: number, dist: Uint8Array): void {
    if (count < 1 || count > LANES) throw new Error(`between 1 and ${LANES} searches at once`);
    const { start, neighbours, size } = this.ia;
    const { seen } = this;
    let frontier = this.frontier;
    let next = this.next;
    dist.fill(UNREACHABLE, 0, count * size);
    seen.fill(0);
    frontier.fill(0);
    const full = count === LANES ? -1 : (1 << count) - 1;
    for (let k = 0; k < count; k++) {
      const set = sets[k]!;
      const bit = 1 << k;
      for (let i = 0; i < setSize; i++) {
        const s = set[i]!;
        seen[s]! |= bit;
        frontier[s]! |= bit;
        dist[k * size + s] = 0;
      }
    }
    let open = size; // genes not yet settled in every lane
    for (let level = 1; ; level++) {
      if (level >= UNREACHABLE) throw new Error(`interactome distances beyond ${UNREACHABLE - 1} steps are not supported`);
      let any = 0;
      let stillOpen = 0;
      for (let v = 0; v < size; v++) {
        const had = seen[v]!;
        if (had === full) { next[v] = 0; continue; }
        let acc = 0;
        for (let p = start[v]!; p < start[v + 1]!; p++) {
          acc |= frontier[neighbours[p]!]!;
          if ((acc | had) === full) break;
        }
        let fresh = acc & ~had;
        next[v] = fresh;
        if (fresh !== 0) {
          any = 1;
          seen[v] = had | fresh;
          while (fresh !== 0) {
            const low = fresh & -fresh;
            dist[(31 - Math.clz32(low)) * size + v] = level;
            fresh ^= low;
          }
        }
        if (seen[v] !== full) stillOpen++;
      }
      open = stillOpen;
      if (any === 0 || open === 0) break;
      const t = frontier; frontier = next; next = t;
    }
    this.frontier = frontier;
    this.next = next;
  }
}

/**
 * The distances from each gene of `genes` to every gene (row i = distancesFrom(ia, genes[i])), LANES rows per
 * search. Why: repurposing explains its candidates with every disease gene's distance row, hundreds of searches.
 */
export function distanceRows(ia: Interactome, genes: readonly number[]): Uint8Array[] {
  const all = new Uint8Array(genes.length * ia.size);
  const bfs = new MultiSourceBfs(ia);
  for (let i = 0; i < genes.length; i += LANES) {
    const lanes = Math.min(LANES, genes.length - i);
    const sets = genes.slice(i, i + lanes).map((g) => [g]);
    bfs.run(sets, 1, lanes, all.subarray(i * ia.size, (i + lanes) * ia.size));
  }
  return genes.map((_, i) => all.subarray(i * ia.size, (i + 1) * ia.size));
}
