// Issue 23: `serve` builds its knowledge graphs (serving thread and analysis threads) in a `knowledge_graph`
// preload that starts once the other preloads (the seed import) have ended, and /api/ready waits for it: with
// the workers in their own thread nothing else built the serving thread's graph, and the first /api/v1 subgraph
// requests under bench:fuzz waited seconds for it. Shown by the order of events, not by timing.
import { expect } from 'chai';
import { Preloads } from '../../../infra/app/preloads';

describe('Preloads: a preload registered afterOthers', () => {
  it('starts only once every other preload has ended (failed ones included), and is pending until it ends', async () => {
    const events: string[] = [];
    let releaseSeed!: () => void;
    const preloads = new Preloads();
    preloads.register('graph', async () => { events.push('graph started'); }, { afterOthers: true });
    preloads.register('seed', () => new Promise<void>((resolve) => { events.push('seed started'); releaseSeed = () => { events.push('seed ended'); resolve(); }; }));
    preloads.register('broken', async () => { events.push('broken failed'); throw new Error('no'); });
    const running = preloads.runAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).to.deep.equal(['seed started', 'broken failed']);
    expect(preloads.pending('graph')).to.deep.equal({ state: 'pending' });
    releaseSeed();
    await running;
    expect(events).to.deep.equal(['seed started', 'broken failed', 'seed ended', 'graph started']);
    expect(preloads.snapshot().graph!.state).to.equal('ok');
    expect(preloads.snapshot().broken).to.deep.equal({ state: 'failed', error: 'no' });
  });
});
