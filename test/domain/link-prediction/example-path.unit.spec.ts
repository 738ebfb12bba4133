// The example path of a feature: the heaviest simple path of the metapath, checked against the naive
// enumeration of every simple path (graph-fixtures.ts) on random graphs.
import { expect } from 'chai';
import { heaviestPath, HeaviestPaths } from '../../../domain/link-prediction/example-path';
import { CANDIDATE_METAPATHS, METAPATHS } from '../../../domain/link-prediction/metapaths';
import { graphOf, naivePaths, randomEdges, viewOf } from './graph-fixtures';

describe('link prediction: example paths', () => {
  for (const metapath of [...METAPATHS, ...CANDIDATE_METAPATHS]) {
    it(`finds a heaviest simple ${metapath.abbreviation} path, or none when there is none`, () => {
      for (let seed = 1; seed <= 10; seed++) {
        const edges = randomEdges(100 + seed, 0.3 + (seed % 3) * 0.15);
        const g = graphOf(edges);
        const view = viewOf(g, edges);
        for (let d = 0; d < g.nodeCount; d++) {
          if (g.typeOf(d) !== 'Disease') continue;
          const shared = new HeaviestPaths(view, metapath, d);
          for (let c = 0; c < g.nodeCount; c++) {
            if (g.typeOf(c) !== 'Compound') continue;
            const naive = naivePaths(edges, metapath, g.id(c), g.id(d));
            const found = shared.from(c);
            const label = `${metapath.id} ${g.id(c)} ${g.id(d)} seed ${seed}`;
            if (naive.length === 0) { expect(found, label).to.equal(null); continue; }
            const best = Math.max(...naive.map((p) => p.weight));
            expect(found, label).to.not.equal(null);
            expect(found!.weight, label).to.be.closeTo(best, 1e-12);
            // The path found is one of the simple paths, with that weight.
            const ids = found!.nodes.map((i) => g.id(i));
            const match = naive.find((p) => p.nodes.join(' ') === ids.join(' '));
            expect(match, `${label}: ${ids.join(' > ')}`).to.not.equal(undefined);
            expect(match!.weight).to.be.closeTo(found!.weight, 1e-12);
            expect(heaviestPath(view, metapath, c, d)!.weight).to.be.closeTo(best, 1e-12);
          }
        }
      }
    });
  }
});
