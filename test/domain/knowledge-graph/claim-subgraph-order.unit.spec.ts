// Issue 23: claimSubgraph built one string key and one copied object per claim of a ring and sorted them by a
// string comparator: 150–500 ms on the serving event loop for a hub (MONDO:0007915, 4 hops, limit 500) under
// bench:fuzz. It now keys claims by snapshot then number and sorts numbers. The answers must not move: checked
// here against the previous implementation (kept below as the independent reference) on random claim graphs
// with hubs, claims shared by two frontier nodes, snapshot ids out of order and every limit.
import { expect } from 'chai';
import fc from 'fast-check';
import { byStoreOrder, ClaimGraph, type ClaimEdge, type ClaimStep, type LayerClaimRow } from '../../../domain/knowledge-graph/claim-graph';
import { claimSubgraph, claimSubgraphInSlices, type ClaimSubgraph } from '../../../domain/knowledge-graph/claim-walks';
import { inTurns, nextTurn } from '../../../infra/threads/in-turns';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';

/** The implementation before issue 23, verbatim but for its ring cap (a parameter here). */
function referenceSubgraph(cg: ClaimGraph, center: number, maxHops: number, limit: number, ringCap = 100_000): ClaimSubgraph {
  const claimKey = (c: ClaimEdge) => `${c.snapshot_id}#${c.claim_no}`;
  const hop = new Map<number, number>([[center, 0]]);
  const edges = new Map<string, ClaimEdge>();
  let frontier = [center];
  let truncated = false;
  for (let h = 1; h <= maxHops && frontier.length > 0 && !truncated; h += 1) {
    const claims = new Map<string, ClaimStep & { from: number }>();
    for (const u of frontier) {
      if (claims.size >= ringCap) break;
      for (const s of cg.steps(u)) claims.set(claimKey(s.claim), { ...s, from: u });
    }
    const next: number[] = [];
    for (const s of [...claims.values()].sort((a, b) => byStoreOrder(a.claim, b.claim))) {
      for (const n of [s.from, s.other]) {
        if (hop.has(n)) continue;
        if (hop.size >= limit) { truncated = true; continue; }
        hop.set(n, h);
        next.push(n);
      }
      if (hop.has(s.from) && hop.has(s.other)) edges.set(claimKey(s.claim), s.claim);
    }
    frontier = next.sort((a, b) => cg.id(a).localeCompare(cg.id(b)));
  }
  return {
    center: cg.node(center), max_hops: maxHops, limit, truncated,
    nodes: [...hop.entries()].map(([n, h]) => ({ ...cg.node(n), hop: h })).sort((a, b) => a.hop - b.hop || a.curie.localeCompare(b.curie)),
    edges: [...edges.values()],
  };
}

// Snapshot ids whose code-unit order differs from their index order and from localeCompare ('Z' < 'a').
const SNAPSHOTS = ['s-b', 's-a', 'S-Z', 's-a2'].map((snapshot_id) => ({ snapshot_id, resource: 'test' }));

const graphArb = fc.record({
  // Typed edges: compound → gene (TARGETS) and gene → pathway (PARTICIPATES_IN), a few claims each.
  typed: fc.array(fc.record({ kind: fc.constantFrom('TARGETS', 'PARTICIPATES_IN'), a: fc.nat(7), b: fc.nat(7), snapshot: fc.nat(3), claims: fc.uniqueArray(fc.nat(60), { minLength: 1, maxLength: 3 }) }), { maxLength: 40 }),
  // Layer claims between any CURIEs (GO terms: claim-only nodes), node 0 of each kind a hub.
  layer: fc.array(fc.record({ s: fc.constantFrom('DRUGBANK:DB', 'NCBIGene:', 'REACTOME:R', 'GO:'), a: fc.nat(7), o: fc.constantFrom('DRUGBANK:DB', 'NCBIGene:', 'MONDO:000000', 'GO:'), b: fc.nat(7), snapshot: fc.nat(3), claim: fc.nat(60) }), { maxLength: 60 }),
});

type GraphSpec = typeof graphArb extends fc.Arbitrary<infer T> ? T : never;

function build(spec: GraphSpec): ClaimGraph {
  const b = new KnowledgeGraphBuilder(SNAPSHOTS);
  for (const e of spec.typed) {
    const [from, to] = e.kind === 'TARGETS' ? [`DRUGBANK:DB${e.a}`, `NCBIGene:${e.b}`] : [`NCBIGene:${e.a}`, `REACTOME:R${e.b}`];
    for (const claim of e.claims) b.addEdge(edgeTypeIndex(e.kind)!, from, to, e.snapshot, claim);
  }
  const g = b.build(new Map(), new Map());
  const seen = new Set<string>();
  const layer: LayerClaimRow[] = [];
  for (const c of spec.layer) {
    const key = `${c.snapshot}#${c.claim + 100}`; // layer claim numbers apart from the typed ones, each claim once
    if (seen.has(key)) continue;
    seen.add(key);
    layer.push({ snapshot_id: SNAPSHOTS[c.snapshot]!.snapshot_id, claim_no: c.claim + 100, subject: `${c.s}${c.a}`, predicate: 'RELATED_TO', object: `${c.o}${c.b}`, evidence_direction: 'supports' });
  }
  return new ClaimGraph(g, layer);
}

describe('claimSubgraph: numeric store order gives the answers of the string-keyed implementation', () => {
  it('matches the reference on random claim graphs, every centre, hop count and limit', () => {
    fc.assert(fc.property(graphArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 30 }), (spec, maxHops, limit) => {
      const cg = build(spec);
      for (const curie of ['DRUGBANK:DB0', 'NCBIGene:0', 'NCBIGene:3', 'REACTOME:R0', 'GO:0', 'MONDO:0000000']) {
        const center = cg.resolve(curie);
        if (center === undefined) continue;
        expect(claimSubgraph(cg, center, maxHops, limit)).to.deep.equal(referenceSubgraph(cg, center, maxHops, limit));
      }
    }), { numRuns: 300, seed: 23 });
  });

  it('lists a hub\'s ring in store order: snapshot id by code unit (S-Z before s-a), then claim number', () => {
    // By hand: NCBIGene:1's claims s-a#5 (→ REACTOME:R1), S-Z#9 (→ REACTOME:R2), s-a#2 (→ REACTOME:R3); store order
    // S-Z#9, s-a#2, s-a#5, so a limit of 3 keeps R2 and R3 and drops R1.
    const b = new KnowledgeGraphBuilder(SNAPSHOTS);
    b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:1', 'REACTOME:R1', 1, 5);
    b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:1', 'REACTOME:R2', 2, 9);
    b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:1', 'REACTOME:R3', 1, 2);
    const cg = new ClaimGraph(b.build(new Map(), new Map()), []);
    const answer = claimSubgraph(cg, cg.resolve('NCBIGene:1')!, 1, 3);
    expect(answer.nodes.map((n) => n.curie)).to.deep.equal(['NCBIGene:1', 'REACTOME:R2', 'REACTOME:R3']);
    expect(answer.edges.map((e) => `${e.snapshot_id}#${e.claim_no}`)).to.deep.equal(['S-Z#9', 's-a#2']);
    expect(answer.truncated).to.equal(true);
  });
});

describe('claimSubgraphInSlices: the walk a slice of claims per event-loop turn (issue 23)', () => {
  it('gives the reference answers whatever the slice size', () => {
    fc.assert(fc.property(graphArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 5 }), (spec, maxHops, limit, slice) => {
      const cg = build(spec);
      for (const curie of ['DRUGBANK:DB0', 'NCBIGene:0', 'NCBIGene:3', 'GO:0']) {
        const center = cg.resolve(curie);
        if (center === undefined) continue;
        const walk = claimSubgraphInSlices(cg, center, maxHops, limit, slice);
        let step = walk.next();
        while (!step.done) step = walk.next();
        expect(step.value).to.deep.equal(referenceSubgraph(cg, center, maxHops, limit));
      }
    }), { numRuns: 200, seed: 23 });
  });

  it('lets other tasks run while a hub\'s ring is walked: turns counted, not timed', async () => {
    // A hub with 40 claims (NCBIGene:0 → REACTOME:R0 … R39), slices of 8 claims: reading the ring pauses after
    // frontier nodes holding ≥ 8 claims (the hub is one node: then once, after it), keying the claims for the
    // sort every 8 (4 pauses for 40), once after the sort, putting them in order every 8 (4), taking the
    // endpoints every 8 (4) and once after the hop: 15 turns (7 before keying and ordering were sliced too).
    const b = new KnowledgeGraphBuilder(SNAPSHOTS);
    for (let i = 0; i < 40; i++) b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, 'NCBIGene:0', `REACTOME:R${i}`, i % 4, i);
    const cg = new ClaimGraph(b.build(new Map(), new Map()), []);
    let turns = 0;
    const order: string[] = [];
    setImmediate(() => order.push('other task'));
    const answer = await inTurns(claimSubgraphInSlices(cg, cg.resolve('NCBIGene:0')!, 1, 100, 8), async () => { turns += 1; await nextTurn(); });
    order.push('answer');
    expect(order).to.deep.equal(['other task', 'answer']);
    expect(turns).to.be.at.least(15);
    expect(answer).to.deep.equal(claimSubgraph(cg, cg.resolve('NCBIGene:0')!, 1, 100));
    expect(answer.nodes).to.have.length(41);
  });
});
