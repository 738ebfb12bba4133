// Issue 25: the citation table's slot index (infra/kg/cited-slot-index.ts) replaced a per-snapshot scan of every
// edge plus a sort of its keys, which held a serving loop for up to ~250 ms at a time on the full graph. Checked
// here against a straightforward second implementation (a Map of "snapshot#claim" to the slots citing it, the
// first five claims of each edge, IS_A hierarchy claims -1 left out) on random graphs with several snapshots,
// claims shared by edges and edges stated by more than five claims; and that it gives the event loop a turn at
// least every `yieldEvery` + 4 slots (counted, not timed).
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { CITATIONS_PER_EDGE, citedSlotIndex } from '../../../infra/kg/cited-slot-index';
import { random } from '../../domain/knowledge-graph/random-typed-graph';

const EDGES: [string, string, string][] = [['TREATS', 'DRUGBANK:DB', 'MONDO:'], ['TARGETS', 'DRUGBANK:DB', 'NCBIGene:'], ['IS_A', 'MONDO:', 'MONDO:']];

/** Few nodes and many claims, so edges merge several claims (some more than five) and claims repeat across edges. */
function graph(seed: number): TypedKnowledgeGraph {
  const r = random(seed);
  const id = (prefix: string) => (prefix === 'MONDO:' ? `MONDO:${String(1 + Math.floor(r() * 4)).padStart(7, '0')}` : `${prefix}${1 + Math.floor(r() * 4)}`);
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'a', resource: 'x' }, { snapshot_id: 'b', resource: 'y' }, { snapshot_id: 'c', resource: 'z' }]);
  for (let i = 0; i < 400; i++) {
    const [type, from, to] = EDGES[Math.floor(r() * EDGES.length)]!;
    const snapshot = Math.floor(r() * 3);
    // Claim numbers drawn from a small range: the same claim lands on several edges; -1 is a hierarchy edge.
    const claim = type === 'IS_A' && r() < 0.5 ? -1 : Math.floor(r() * 150);
    b.addEdge(edgeTypeIndex(type)!, id(from), id(to), snapshot, claim);
  }
  return b.build(new Map(), new Map());
}

/** The second implementation: snapshot#claim -> the slots citing it, ascending. */
function reference(g: TypedKnowledgeGraph): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let e = 0; e < g.edgeCount; e++) {
    const refs = g.claimsOf(e).slice(0, CITATIONS_PER_EDGE);
    refs.forEach((ref, k) => {
      if (ref.claim_no < 0) return;
      const key = `${g.snapshots.findIndex((s) => s.snapshot_id === ref.snapshot_id)}#${ref.claim_no}`;
      out.set(key, [...(out.get(key) ?? []), g.claimSlotStart(e) + k]);
    });
  }
  return out;
}

describe('infra/kg cited slot index (the citation table\'s claim -> slot map)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`gives every cited slot, and only those, under its snapshot and claim (random graph ${seed})`, async () => {
      const g = graph(seed);
      const expected = reference(g);
      expect(g.claimCount, 'merged claims: more slots than edges').to.be.greaterThan(g.edgeCount);
      expect([...Array(g.edgeCount).keys()].some((e) => g.claimsOf(e).length > CITATIONS_PER_EDGE), 'an edge with more claims than shown').to.equal(true);
      expect([...expected.values()].some((slots) => slots.length > 1), 'a claim cited by two edges').to.equal(true);
      const index = await citedSlotIndex(g, 7);
      const got = new Map<string, number[]>();
      index.first.forEach((column, s) => column.forEach((head, claim) => {
        const slots: number[] = [];
        for (let p = head; p !== -1; p = index.next[p]!) slots.push(p);
        if (slots.length > 0) got.set(`${s}#${claim}`, slots.sort((x, y) => x - y));
      }));
      expect(new Map([...got].sort())).to.deep.equal(new Map([...expected].sort()));
      expect(index.counts.reduce((a, b) => a + b, 0)).to.equal([...expected.values()].reduce((a, s) => a + s.length, 0));
    });
  }

  it('gives the event loop a turn at least every yieldEvery + 4 slots of each of its two passes', async () => {
    const g = graph(9);
    let visited = 0;
    for (let e = 0; e < g.edgeCount; e++) visited += Math.min(g.claimSlotStart(e + 1) - g.claimSlotStart(e), CITATIONS_PER_EDGE);
    let turns = 0;
    let running = true;
    const tick = () => { if (running) { turns++; setImmediate(tick); } };
    setImmediate(tick);
    await citedSlotIndex(g, 10);
    running = false;
    expect(turns).to.be.at.least(2 * Math.floor(visited / 14));
  });
});
