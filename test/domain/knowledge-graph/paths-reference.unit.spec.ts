// The k shortest paths (domain/knowledge-graph/paths.ts: backward distances prune a depth-first walk over the
// adjacency restricted to the allowed edge types, with reused per-node arrays) checked against a
// straightforward second implementation written here: every simple path from the source walked with
// TypedKnowledgeGraph.forEachStep, no pruning, length by length, the first k kept. Random typed graphs with
// hubs, symmetric interactions, expression edges the default mask leaves out, and blocked nodes; and many
// searches in a row on one graph, so a working array left dirty by one search would change the next answer.
import { expect } from 'chai';
import { PATH_DEFAULT_EXCLUDED } from '../../../domain/knowledge-graph/metagraph';
import { FoundPath, kShortestPaths } from '../../../domain/knowledge-graph/paths';
import { edgeTypeMask, TypedKnowledgeGraph, WalkMode } from '../../../domain/knowledge-graph/typed-graph';
import { random, randomGraph } from './random-typed-graph';

/** The reference: all simple paths of each length in forEachStep order, the first k; shortest = least length found. */
function referencePaths(g: TypedKnowledgeGraph, from: number, to: number, maxHops: number, k: number, mode: WalkMode, allowed: Uint8Array, blocked?: Uint8Array) {
  const found: FoundPath[] = [];
  let shortest: number | null = null;
  const nodes = [from];
  const steps: FoundPath['steps'] = [];
  const walk = (u: number, length: number) => {
    g.forEachStep(u, mode, allowed, (edge, v, reverse) => {
      if (nodes.includes(v) || (blocked?.[v] && v !== to)) return;
      nodes.push(v);
      steps.push({ edge, from: u, to: v, reverse });
      if (v === to) {
        if (steps.length === length) {
          shortest ??= length;
          found.push({ nodes: [...nodes], steps: [...steps] });
        }
      } else if (steps.length < length) walk(v, length);
      nodes.pop();
      steps.pop();
    });
  };
  if (from !== to) for (let length = 1; length <= maxHops; length++) walk(from, length);
  return { paths: found.slice(0, k), shortest };
}

describe('knowledge graph: k shortest paths against a straightforward enumeration', () => {
  it('gives the same paths, in the same order, and the same shortest length, over 60 random graphs and every pair', () => {
    let compared = 0;
    let withPaths = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const g = randomGraph(seed);
      const r = random(seed * 7919);
      const masks = [edgeTypeMask(undefined), edgeTypeMask(undefined, PATH_DEFAULT_EXCLUDED), edgeTypeMask(['INTERACTS_WITH', 'TARGETS', 'ASSOCIATES'])];
      for (let from = 0; from < g.nodeCount; from++) {
        for (let to = 0; to < g.nodeCount; to += 3) {
          const mode: WalkMode = (from + to) % 2 === 0 ? 'forward' : 'any';
          const allowed = masks[(from + to + seed) % masks.length]!;
          const blocked = r() < 0.3 ? Uint8Array.from({ length: g.nodeCount }, () => (r() < 0.15 ? 1 : 0)) : undefined;
          const k = 1 + ((from * 3 + to) % 6);
          const maxHops = 2 + ((from + to) % 3);
          const expected = referencePaths(g, from, to, maxHops, k, mode, allowed, blocked);
          const got = kShortestPaths(g, { from, to, maxHops, k, mode, allowed, blocked });
          expect(got.paths, `seed ${seed} ${g.id(from)} -> ${g.id(to)} ${mode} hops ${maxHops} k ${k}`).to.deep.equal(expected.paths);
          expect(got.shortest, `seed ${seed} ${g.id(from)} -> ${g.id(to)} shortest`).to.equal(expected.shortest);
          expect(got.truncated).to.equal(false);
          compared++;
          if (expected.paths.length > 0) withPaths++;
        }
      }
    }
    // The comparison is not vacuous: many searches find paths, and most do not find all of them in one length.
    expect(compared).to.be.greaterThan(5000);
    expect(withPaths).to.be.greaterThan(1000);
  });

  it('answers a search the same after other searches ran on the same graph (its working arrays are reset)', () => {
    const g = randomGraph(4242);
    const all = edgeTypeMask(undefined);
    const ask = (from: number, to: number) => kShortestPaths(g, { from, to, maxHops: 4, k: 5, mode: 'any', allowed: all });
    const first = ask(0, g.nodeCount - 1);
    for (let i = 0; i < g.nodeCount; i++) ask(i, (i * 5) % g.nodeCount);
    // A search whose blocked nodes got distances must leave none behind either.
    kShortestPaths(g, { from: 1, to: 2, maxHops: 4, k: 5, mode: 'any', allowed: all, blocked: new Uint8Array(g.nodeCount).fill(1) });
    expect(ask(0, g.nodeCount - 1)).to.deep.equal(first);
    expect(first.paths.length).to.be.greaterThan(0);
  });
});
