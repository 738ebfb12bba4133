// Issue 23: the claim path search (/api/v1/biomed/pathways) ran its rings around a hub in one piece, about 30 ms
// on the serving event loop under bench:fuzz. claimPathsInSlices pauses every few thousand claim steps; the
// answers must not move: checked against the implementation before the change (kept below, verbatim but for
// names, as the independent reference) on random claim graphs with hubs, every slice size, depth and limit.
import { expect } from 'chai';
import fc from 'fast-check';
import { byStoreOrder, ClaimGraph, type ClaimEdge, type ClaimStep, type LayerClaimRow } from '../../../domain/knowledge-graph/claim-graph';
import { claimPaths, claimPathsInSlices, type ClaimPath, type ClaimPathsAnswer } from '../../../domain/knowledge-graph/claim-walks';
import { inTurns, nextTurn } from '../../../infra/threads/in-turns';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';

/** claimPaths before issue 23's slicing. */
function referencePaths(cg: ClaimGraph, start: number, target: number, maxDepth: number, limit: number): ClaimPathsAnswer {
  const orderedSteps = (node: number): ClaimStep[] => cg.steps(node).filter((s) => s.other !== node)
    .sort((x, y) => cg.id(x.other).localeCompare(cg.id(y.other)) || byStoreOrder(x.claim, y.claim));
  const steps = new Map<number, ClaimStep[]>();
  const stepsOf = (n: number) => { let s = steps.get(n); if (!s) steps.set(n, (s = orderedSteps(n))); return s; };
  const toTarget = new Map<number, number>([[target, 0]]);
  let ring = [target];
  for (let d = 1; d < maxDepth && ring.length > 0; d += 1) {
    const next: number[] = [];
    for (const n of ring) cg.forEachNeighbour(n, (other) => { if (!toTarget.has(other)) { toTarget.set(other, d); next.push(other); } });
    ring = next;
  }
  const paths: ClaimPath[] = [];
  const onPaths = new Set<number>([start, target]);
  if (start !== target) {
    for (let depth = 1; depth <= maxDepth && paths.length < limit; depth += 1) {
      const nodes = [start];
      const claims: ClaimEdge[] = [];
      const walk = (node: number) => {
        if (paths.length >= limit) return;
        if (claims.length === depth) {
          if (node === target) { paths.push({ length: depth, nodes: nodes.map((n) => cg.id(n)), claims: [...claims] }); for (const n of nodes) onPaths.add(n); }
          return;
        }
        for (const { other, claim } of stepsOf(node)) {
          const d = toTarget.get(other);
          if (d === undefined || d > depth - claims.length - 1 || nodes.includes(other)) continue;
          if (other === target && claims.length + 1 !== depth) continue;
          nodes.push(other); claims.push(claim);
          walk(other);
          nodes.pop(); claims.pop();
          if (paths.length >= limit) return;
        }
      };
      walk(start);
    }
  }
  return {
    start: cg.node(start), target: cg.node(target), max_depth: maxDepth, limit, paths,
    nodes: [...onPaths].map((n) => cg.node(n)).sort((a, b) => a.curie.localeCompare(b.curie)), search_truncated: false,
  };
}

const SNAPSHOTS = ['s-b', 's-a', 'S-Z'].map((snapshot_id) => ({ snapshot_id, resource: 'test' }));

const graphArb = fc.record({
  typed: fc.array(fc.record({ kind: fc.constantFrom('TARGETS', 'PARTICIPATES_IN'), a: fc.nat(5), b: fc.nat(5), snapshot: fc.nat(2), claims: fc.uniqueArray(fc.nat(40), { minLength: 1, maxLength: 3 }) }), { maxLength: 30 }),
  layer: fc.array(fc.record({ s: fc.constantFrom('DRUGBANK:DB', 'NCBIGene:', 'GO:'), a: fc.nat(5), o: fc.constantFrom('NCBIGene:', 'MONDO:000000', 'GO:'), b: fc.nat(5), snapshot: fc.nat(2), claim: fc.nat(40) }), { maxLength: 40 }),
});

function build(spec: typeof graphArb extends fc.Arbitrary<infer T> ? T : never): ClaimGraph {
  const b = new KnowledgeGraphBuilder(SNAPSHOTS);
  for (const e of spec.typed) {
    const [from, to] = e.kind === 'TARGETS' ? [`DRUGBANK:DB${e.a}`, `NCBIGene:${e.b}`] : [`NCBIGene:${e.a}`, `REACTOME:R${e.b}`];
    for (const claim of e.claims) b.addEdge(edgeTypeIndex(e.kind)!, from, to, e.snapshot, claim);
  }
  const seen = new Set<string>();
  const layer: LayerClaimRow[] = [];
  for (const c of spec.layer) {
    const key = `${c.snapshot}#${c.claim + 100}`;
    if (seen.has(key)) continue;
    seen.add(key);
    layer.push({ snapshot_id: SNAPSHOTS[c.snapshot]!.snapshot_id, claim_no: c.claim + 100, subject: `${c.s}${c.a}`, predicate: 'RELATED_TO', object: `${c.o}${c.b}`, evidence_direction: 'supports' });
  }
  return new ClaimGraph(b.build(new Map(), new Map()), layer);
}

const CURIES = ['DRUGBANK:DB0', 'DRUGBANK:DB1', 'NCBIGene:0', 'NCBIGene:2', 'REACTOME:R0', 'GO:0', 'MONDO:0000001'];

describe('claimPathsInSlices: the path search a slice of claim steps per event-loop turn (issue 23)', () => {
  it('gives the answers of the unsliced search before the change, whatever the slice size', () => {
    fc.assert(fc.property(graphArb, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 6 }), (spec, maxDepth, limit, slice) => {
      const cg = build(spec);
      const nodes = CURIES.map((c) => cg.resolve(c)).filter((n): n is number => n !== undefined);
      for (const start of nodes) for (const target of nodes) {
        const expected = referencePaths(cg, start, target, maxDepth, limit);
        expect(claimPaths(cg, start, target, maxDepth, limit)).to.deep.equal(expected);
        const search = claimPathsInSlices(cg, start, target, maxDepth, limit, slice);
        let step = search.next();
        while (!step.done) step = search.next();
        expect(step.value).to.deep.equal(expected);
      }
    }), { numRuns: 150, seed: 23 });
  });

  it('lets other tasks run while the rings around a hub are searched: turns counted, not timed', async () => {
    // By hand: DRUGBANK:DB0 targets 30 genes, each in REACTOME:R0, so there are 30 paths of 2 claims DB0 → gene → R0.
    // Slices of 8 steps: the target's ring alone meets 30 neighbours (3 pauses), the search tries 30 + 30 steps
    // (7 more): at least 10 turns, and a task queued before the search runs before its answer.
    const b = new KnowledgeGraphBuilder(SNAPSHOTS);
    for (let i = 0; i < 30; i++) {
      b.addEdge(edgeTypeIndex('TARGETS')!, 'DRUGBANK:DB0', `NCBIGene:${i}`, 0, i);
      b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, `NCBIGene:${i}`, 'REACTOME:R0', 1, i);
    }
    const cg = new ClaimGraph(b.build(new Map(), new Map()), []);
    const [drug, pathway] = [cg.resolve('DRUGBANK:DB0')!, cg.resolve('REACTOME:R0')!];
    let turns = 0;
    const order: string[] = [];
    setImmediate(() => order.push('other task'));
    const answer = await inTurns(claimPathsInSlices(cg, drug, pathway, 2, 100, 8), async () => { turns += 1; await nextTurn(); });
    order.push('answer');
    expect(order).to.deep.equal(['other task', 'answer']);
    expect(turns).to.be.at.least(10);
    expect(answer.paths).to.have.length(30);
    expect(answer).to.deep.equal(referencePaths(cg, drug, pathway, 2, 100));
  });
});
