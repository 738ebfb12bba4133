// Analysis threads run below the serving loop (issue 23: on 2 cores the analysis thread's maths took its time
// slices on equal terms with the loop that answers /api/health, whose p99 was 100 ms under bench:fuzz).
// Linux keeps a nice value per thread: lowering a worker thread's must leave the main thread's as it was.
import path from 'node:path';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { BACKGROUND_THREAD_NICE } from '../../../infra/threads/thread-priority';

const modulePath = path.join(__dirname, '../../../infra/threads/thread-priority.js');

function inWorker(): Promise<{ before: number; returned: number | undefined; after: number }> {
  const code = `
    const { parentPort } = require('node:worker_threads');
    const os = require('node:os');
    const before = os.getPriority(0);
    const returned = require(${JSON.stringify(modulePath)}).lowerThisThreadPriority();
    parentPort.postMessage({ before, returned, after: os.getPriority(0) });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (message) => { resolve(message); void worker.terminate(); });
    worker.once('error', reject);
  });
}

describe('thread priority', function () {
  this.timeout(20_000);

  it('lowers an analysis thread below the serving loop and leaves the serving loop\'s priority alone', async function () {
    if (process.platform !== 'linux') this.skip();
    const mainBefore = os.getPriority(0);
    if (mainBefore >= BACKGROUND_THREAD_NICE) this.skip(); // already as low: nothing to tell apart
    const seen = await inWorker();
    expect(seen.before).to.equal(mainBefore); // a new thread starts at its creator's value
    expect(seen.after).to.equal(BACKGROUND_THREAD_NICE);
    expect(seen.returned).to.equal(BACKGROUND_THREAD_NICE);
    expect(os.getPriority(0)).to.equal(mainBefore);
    expect(os.getPriority(process.pid), 'the process (its main thread) keeps its nice value').to.equal(mainBefore);
  });
});
