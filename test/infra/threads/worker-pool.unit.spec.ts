// The bounded worker-thread pool behind the analysis GETs (issue 23: heavy maths held the event loop).
import path from 'node:path';
import { expect } from 'chai';
import { WorkerPool } from '../../../infra/threads/worker-pool';

const script = path.join(__dirname, '../../support/echo-thread.js');

function gate() {
  const buffer = new SharedArrayBuffer(4);
  return { buffer, open: () => { Atomics.store(new Int32Array(buffer), 0, 1); Atomics.notify(new Int32Array(buffer), 0); } };
}

describe('WorkerPool', function () {
  this.timeout(30_000);
  let pool: WorkerPool | undefined;
  afterEach(async () => { await pool?.close(); pool = undefined; });

  it('computes a task in a worker thread, not the main one', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 4 });
    const answer = await pool.run<{ echo: unknown; threadId: number }>({ value: { a: [1, 2] } });
    expect(answer.kind).to.equal('done');
    if (answer.kind !== 'done') return;
    expect(answer.value.echo).to.deep.equal({ a: [1, 2] });
    expect(answer.value.threadId).to.be.greaterThan(0);
  });

  it('refuses a task at once when every thread is busy and the queue is full, and runs the queued one when a thread frees', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 1 });
    const held = gate();
    const first = pool.run({ value: 1, holdUntil: held.buffer });
    const queued = pool.run({ value: 2 });
    const refused = await pool.run({ value: 3 });
    expect(refused).to.deep.equal({ kind: 'saturated', waiting: 1 });
    expect(pool.load).to.deep.include({ running: 1, waiting: 1, threads: 1 });
    held.open();
    expect(((await first) as { kind: 'done'; value: { echo: unknown } }).value.echo).to.equal(1);
    expect(((await queued) as { kind: 'done'; value: { echo: unknown } }).value.echo).to.equal(2);
  });

  it('queues a waiting task (a job) even when the queue is full, where a request would be refused', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 0 });
    const held = gate();
    const first = pool.run({ value: 1, holdUntil: held.buffer });
    expect(await pool.run({ value: 2 })).to.deep.equal({ kind: 'saturated', waiting: 0 });
    const job = pool.run<{ echo: unknown }>({ value: 'job' }, { wait: true });
    expect(pool.load).to.deep.include({ running: 1, waiting: 1 });
    held.open();
    await first;
    const answer = await job;
    expect(answer.kind === 'done' && answer.value.echo).to.equal('job');
  });

  it('refuses a request at once while every thread computes a job, and queues it behind a request (issue 23)', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 1 });
    const held = gate();
    const job = pool.run({ value: 'job', holdUntil: held.buffer }, { wait: true });
    // The queue has room, but the only thread holds a job: the request is not kept waiting behind it.
    expect(await pool.run({ value: 'request' })).to.deep.equal({ kind: 'saturated', waiting: 0 });
    held.open();
    await job;
    // Behind a request's task it waits, as before.
    const heldAgain = gate();
    const request = pool.run({ value: 'first request', holdUntil: heldAgain.buffer });
    const queued = pool.run<{ echo: unknown }>({ value: 'second request' });
    expect(pool.load).to.deep.include({ running: 1, waiting: 1 });
    heldAgain.open();
    await request;
    const answer = await queued;
    expect(answer.kind === 'done' && answer.value.echo).to.equal('second request');
  });

  it('fails a task that throws with its message and keeps the thread serving', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 0 });
    let message = '';
    await pool.run({ fail: 'bad input' }).catch((error: Error) => { message = error.message; });
    expect(message).to.equal('bad input');
    const next = await pool.run<{ echo: unknown }>({ value: 'after' });
    expect(next.kind === 'done' && next.value.echo).to.equal('after');
    expect(pool.load.threads).to.equal(1);
  });

  it('fails the task of a thread that exits and gives the next task a fresh thread', async () => {
    pool = new WorkerPool({ script, size: 1, maxQueue: 0 });
    let message = '';
    await pool.run({ exit: 3 }).catch((error: Error) => { message = error.message; });
    expect(message).to.match(/exited \(code 3\)/);
    const next = await pool.run<{ echo: unknown }>({ value: 'fresh' });
    expect(next.kind === 'done' && next.value.echo).to.equal('fresh');
  });
});
