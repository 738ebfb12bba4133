// Issue 23: a hub's /api/v1 claim subgraph (1.8–3.2 MB of JSON) was serialised in one piece on the serving event
// loop. jsonInSlices writes it a slice at a time; the text must be JSON.stringify's (the independent reference
// here), and other event-loop tasks must run between slices (counted in turns, never timed).
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonInSlices } from '../../../domain/shared/json-in-slices';
import { inTurns } from '../../../infra/threads/in-turns';

function run(value: unknown, sliceItems?: number): { text: string; pauses: number } {
  const slices = jsonInSlices(value, sliceItems);
  let pauses = 0;
  for (;;) {
    const step = slices.next();
    if (step.done) return { text: step.value, pauses };
    pauses += 1;
  }
}

const subgraphLike = (n: number) => ({
  center: { curie: 'MONDO:1', kind: 'disease', label: 'a "quoted" \u2028 label' }, max_hops: 4, limit: 500, truncated: true,
  nodes: Array.from({ length: n }, (_, i) => ({ curie: `NCBIGene:${i}`, kind: 'gene', label: i % 7 === 0 ? null : `g${i}`, hop: i % 4, skipped: undefined })),
  edges: Array.from({ length: n * 2 }, (_, i) => ({ subject: `NCBIGene:${i}`, predicate: 'RELATED_TO', object: 'MONDO:1', snapshot_id: 's', claim_no: i, at: new Date(Date.UTC(2026, 0, 1 + (i % 28))) })),
  holes: [1, undefined, () => 1, Symbol('x'), ...Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? undefined : i))],
  disclaimer: 'research only',
});

describe('jsonInSlices: JSON.stringify in slices', () => {
  it('gives JSON.stringify\'s text for any JSON-like value, whatever the slice size', () => {
    fc.assert(fc.property(fc.anything({ withDate: true, withNullPrototype: true, maxDepth: 4 }), fc.integer({ min: 1, max: 5 }), (value, slice) => {
      expect(run(value, slice).text).to.equal(JSON.stringify(value) ?? 'undefined');
    }), { numRuns: 500, seed: 23 });
    // Long arrays (the ones split into slices), holes, dates, undefined properties and functions among them.
    for (const n of [0, 255, 256, 1000]) expect(run(subgraphLike(n), 7).text).to.equal(JSON.stringify(subgraphLike(n)));
  });

  it('pauses between slices of a large answer: 3,000 nodes and 6,000 edges in slices of 2,000 elements', () => {
    // Elements of the split arrays: 3,000 + 6,000 + 304 = 9,304, so floor((9,304 − 1) / 2,000) = 4 pauses.
    const { text, pauses } = run(subgraphLike(3000));
    expect(text).to.equal(JSON.stringify(subgraphLike(3000)));
    expect(pauses).to.equal(4);
  });

  it('lets a task queued before it run before the text is ready (one slice per event-loop turn)', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('other task'));
    const text = await inTurns(jsonInSlices(subgraphLike(3000)));
    order.push('answer');
    expect(order).to.deep.equal(['other task', 'answer']);
    expect(text.length).to.equal(JSON.stringify(subgraphLike(3000)).length);
  });
});
