// Issue 23: /api/kg/search scanned every node of the graph in one piece on the serving event loop (about 30 ms
// under bench:fuzz). searchInSlices pauses between slices of nodes; its hits must be search's, and other
// event-loop tasks must run before the hits are ready (ordering and pauses counted, never timed).
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { NodeSearchIndex } from '../../../domain/knowledge-graph/search';
import { edgeTypeMask, KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';
import { inTurns } from '../../../infra/threads/in-turns';

function graph(genes: number) {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
  for (let i = 0; i < genes; i++) b.addEdge(edgeTypeIndex('PARTICIPATES_IN')!, `NCBIGene:${i}`, `REACTOME:R${i % 5}`, 0, i);
  const labels = new Map<string, { label: string | null; synonyms: string[] }>();
  for (let i = 0; i < genes; i++) labels.set(`NCBIGene:${i}`, { label: i % 3 === 0 ? `kinase ${i}` : `protein ${i}`, synonyms: i % 4 === 0 ? [`Kinase-like ${i}`] : [] });
  return b.build(labels, new Map());
}

describe('NodeSearchIndex.searchInSlices: the scan a slice of nodes per event-loop turn', () => {
  const g = graph(100);
  const index = new NodeSearchIndex(g);
  const all = edgeTypeMask(undefined);
  const degree = (n: number) => g.degree(n, all);

  it('gives search\'s hits whatever the slice size, pausing once per full slice', () => {
    for (const [query, limit] of [['kinase', 50], ['KINASE 3', 5], ['NCBIGene:7', 3], ['protein', 200], ['nothing', 10]] as const) {
      const whole = index.search(query, undefined, limit, degree);
      expect(whole.length, query).to.be.at.most(limit);
      for (const slice of [1, 7, 1000]) {
        const scan = index.searchInSlices(query, undefined, limit, degree, slice);
        let pauses = 0;
        let step = scan.next();
        while (!step.done) { pauses += 1; step = scan.next(); }
        expect(step.value).to.deep.equal(whole);
        // g.nodeCount = 100 genes + 5 pathways = 105 nodes: a pause before node k·slice for k ≥ 1, k·slice < 105.
        expect(pauses).to.equal(Math.floor((g.nodeCount - 1) / slice));
      }
    }
    expect(index.search('kinase', undefined, 50, degree).map((h) => h.matched)).to.include('kinase 0');
  });

  it('lets a task queued before it run before the hits are ready', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other task'));
    const hits = await inTurns(index.searchInSlices('kinase', undefined, 10, degree, 20));
    order.push('hits');
    expect(order).to.deep.equal(['other task', 'hits']);
    expect(hits).to.deep.equal(index.search('kinase', undefined, 10, degree));
  });
});
