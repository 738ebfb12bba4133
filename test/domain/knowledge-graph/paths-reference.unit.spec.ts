// The k shortest paths (domain/knowledge-graph/paths.ts: backward distances prune a depth-first walk over the
// adjacency restricted to the allowed edge types, with reused per-node arrays) checked against a
// straightforward second implementation written here: every simple path from the source walked with
// TypedKnowledgeGraph.forEachStep, no pruning, length by length, the first k kept. Random typed graphs with
// hubs, symmetric interactions, expression edges the default mask leaves out, and blocked nodes; and many
// searches in a row on one graph, so a working array left dirty by one search would change the next answer.
import { expect } from 'chai';
import { edgeTypeIndex, PATH_DEFAULT_EXCLUDED } from '../../../domain/knowledge-graph/metagraph';
import { FoundPath, kShortestPaths } from '../../../domain/knowledge-graph/paths';
import { edgeTypeMask, KnowledgeGraphBuilder, TypedKnowledgeGraph, WalkMode } from '../../../domain/knowledge-graph/typed-graph';

/** mulberry32: a small seeded generator, so a failing graph can be rebuilt from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFIX = { Compound: 'DRUGBANK:DB', Gene: 'NCBIGene:', Disease: 'MONDO:', Anatomy: 'UBERON:', Pathway: 'REACTOME:R-HSA-' } as const;
type Kind = keyof typeof PREFIX;
const EDGES: [string, Kind, Kind][] = [
  ['TREATS', 'Compound', 'Disease'], ['TARGETS', 'Compound', 'Gene'], ['ASSOCIATES', 'Disease', 'Gene'], ['IS_A', 'Disease', 'Disease'],
  ['INTERACTS_WITH', 'Gene', 'Gene'], ['PARTICIPATES_IN', 'Gene', 'Pathway'], ['EXPRESSED_IN', 'Gene', 'Anatomy'],
];

function randomGraph(seed: number): TypedKnowledgeGraph {
  const r = random(seed);
  const size: Record<Kind, number> = { Compound: 6, Gene: 14, Disease: 6, Anatomy: 3, Pathway: 3 };
  const node = (kind: Kind) => {
    // Node 0 of each kind is a hub: a third of the picks land on it.
    const i = r() < 0.33 ? 0 : Math.floor(r() * size[kind]);
    return kind === 'Disease' ? `MONDO:${String(i + 1).padStart(7, '0')}` : `${PREFIX[kind]}${i + 1}`;
  };
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
  for (let claim = 0; claim < 90; claim++) {
    const [type, from, to] = EDGES[Math.floor(r() * EDGES.length)]!;
    b.addEdge(edgeTypeIndex(type)!, node(from), node(to), 0, claim);
  }
  return b.build(new Map(), new Map());
}

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
