// The bit-parallel multi-source search (32 searches at once) against bfsFromSet run for each set alone (itself
// checked against Floyd–Warshall in interactome.unit.spec.ts), on random graphs with hubs, several components
// and any number of lanes.
import { expect } from 'chai';
import { bfsFromSet, buildInteractome, distancesFrom, UNREACHABLE } from '../../../domain/network-medicine/interactome';
import { distanceRows, LANES, MultiSourceBfs } from '../../../domain/network-medicine/multi-source-bfs';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { geneGraph } from './support';

describe('network medicine: 32 breadth-first searches at once (bit lanes)', () => {
  it('gives every lane the distances bfsFromSet gives its set alone, unreachable genes included', () => {
    const random = seededRandom(2014);
    let unreachableSeen = 0;
    for (let trial = 0; trial < 40; trial++) {
      const n = 20 + Math.floor(random() * 200);
      const edges: [number, number][] = [];
      // Preferential attachment over most genes (hubs), plus a few loose random edges that leave small components.
      const ends: number[] = [1, 2];
      edges.push([1, 2]);
      for (let v = 3; v <= n * 0.9; v++) { const u = ends[Math.floor(random() * ends.length)]!; edges.push([u, v]); ends.push(u, v); }
      for (let e = 0; e < n / 10; e++) { const a = 1 + Math.floor(random() * n), b = 1 + Math.floor(random() * n); if (a !== b) edges.push([a, b]); }
      edges.push([n + 1, n + 2], [n + 2, n + 3]); // a component of its own
      const ia = buildInteractome(geneGraph(edges));
      const lanes = 1 + Math.floor(random() * LANES);
      const setSize = 1 + Math.floor(random() * 4);
      const sets = Array.from({ length: lanes }, () => Int32Array.from({ length: setSize }, () => Math.floor(random() * ia.size)));
      const dist = new Uint8Array(LANES * ia.size).fill(7);
      new MultiSourceBfs(ia).run(sets, setSize, lanes, dist);
      const alone = new Uint8Array(ia.size);
      for (let k = 0; k < lanes; k++) {
        bfsFromSet(ia, sets[k]!, setSize, alone, new Int32Array(ia.size));
        expect([...dist.subarray(k * ia.size, (k + 1) * ia.size)], `trial ${trial}, lane ${k} of ${lanes}`).to.deep.equal([...alone]);
      }
      if (dist.subarray(0, lanes * ia.size).includes(UNREACHABLE)) unreachableSeen++;
    }
    expect(unreachableSeen).to.be.greaterThan(30);
  });

  it('gives each gene\'s distance row as distancesFrom does, over more genes than one search has lanes', () => {
    const random = seededRandom(3);
    const edges: [number, number][] = [];
    for (let v = 2; v <= 120; v++) edges.push([1 + Math.floor(random() * (v - 1)), v]);
    edges.push([200, 201]);
    const ia = buildInteractome(geneGraph(edges));
    const genes = Array.from({ length: 70 }, () => Math.floor(random() * ia.size));
    const rows = distanceRows(ia, genes);
    expect(rows.map((r) => [...r])).to.deep.equal(genes.map((g) => [...distancesFrom(ia, g)]));
  });
});
