// The single-label search with Voronoi-boundary second distances against the two-label breadth-first search of
// interactome.ts (a second implementation), on random graphs with several components.
import { expect } from 'chai';
import { setDistances, Interactome } from '../../../domain/synergy/interactome';
import { SetDistanceBuffers } from '../../../domain/synergy/set-distance-buffers';
import { seededRandom } from '../../../domain/shared/seeded-random';

function randomNet(n: number, m: number, random: () => number): Interactome {
  const pairs: [number, number][] = [];
  for (let i = 0; i < m; i++) { const a = Math.floor(random() * n), b = Math.floor(random() * n); if (a !== b) pairs.push([a, b]); }
  return netOf(n, pairs);
}

function netOf(n: number, edges: readonly (readonly [number, number])[]): Interactome {
  const pairs = edges.flat();
  const start = new Int32Array(n + 1);
  for (let i = 0; i < pairs.length; i += 2) { start[pairs[i]! + 1]!++; start[pairs[i + 1]! + 1]!++; }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const neighbours = new Int32Array(pairs.length);
  for (let i = 0; i < pairs.length; i += 2) { neighbours[fill[pairs[i]!]!++] = pairs[i + 1]!; neighbours[fill[pairs[i + 1]!]!++] = pairs[i]!; }
  return { nodes: new Int32Array(n), local: new Map(), start, neighbours };
}

describe('set distances by one single-label search (Voronoi boundary)', () => {
  it('gives the nearest-source hops and each source\'s nearest other source as the two-label search does', () => {
    const random = seededRandom(42);
    for (let trial = 0; trial < 200; trial++) {
      const n = 5 + Math.floor(random() * 60);
      const net = randomNet(n, Math.floor(random() * 2 * n), random);
      const k = 1 + Math.floor(random() * 6);
      const sources = [...new Set(Array.from({ length: k }, () => Math.floor(random() * n)))];
      const expected = setDistances(net, sources);
      const buffers = new SetDistanceBuffers(net);
      const other = buffers.run(sources);
      expect([...buffers.nearest], `trial ${trial}`).to.deep.equal([...expected.nearest]);
      expect([...other], `trial ${trial}`).to.deep.equal(sources.map((s) => expected.other.get(s)!));
      // Stopping early once a few genes are reached: their distances and the second distances are unchanged.
      const reach = Array.from({ length: 3 }, () => Math.floor(random() * n));
      const early = buffers.run(sources, reach);
      expect([...early], `trial ${trial} (early stop)`).to.deep.equal(sources.map((s) => expected.other.get(s)!));
      for (const r of reach) expect(buffers.nearest[r], `trial ${trial}: gene ${r}`).to.equal(expected.nearest[r]);
    }
  });

  it('gives the same distances when hub-rich graphs make it finish levels bottom-up, stopping early or not', () => {
    // Preferential attachment (hubs, a small world like the interactome): after the sources' nearest-other distances
    // are final, the search drops its labels and expands the wide middle levels bottom-up.
    const random = seededRandom(7);
    for (let trial = 0; trial < 30; trial++) {
      const n = 300 + Math.floor(random() * 500);
      const ends: number[] = [0, 1];
      const pairs: [number, number][] = [[0, 1]];
      for (let v = 2; v < n; v++) {
        for (let e = 0; e < 2; e++) { const u = ends[Math.floor(random() * ends.length)]!; if (u !== v) { pairs.push([u, v]); ends.push(u, v); } }
      }
      const net = netOf(n, pairs);
      const k = 1 + Math.floor(random() * 5);
      const sources = [...new Set(Array.from({ length: k }, () => Math.floor(random() * n)))];
      const expected = setDistances(net, sources);
      const buffers = new SetDistanceBuffers(net);
      const other = buffers.run(sources);
      expect([...buffers.nearest], `trial ${trial}`).to.deep.equal([...expected.nearest]);
      expect([...other], `trial ${trial}`).to.deep.equal(sources.map((s) => expected.other.get(s)!));
      const reach = Array.from({ length: 4 }, () => Math.floor(random() * n));
      const early = buffers.run(sources, reach);
      expect([...early], `trial ${trial} (early stop)`).to.deep.equal(sources.map((s) => expected.other.get(s)!));
      for (const r of reach) expect(buffers.nearest[r], `trial ${trial}: gene ${r}`).to.equal(expected.nearest[r]);
    }
  });
});
