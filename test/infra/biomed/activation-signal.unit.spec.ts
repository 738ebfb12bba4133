// The analysis worker threads keep knowledge graphs of their own (app/analysis-thread.ts): an activation
// committed on the main thread must reach their caches too, not only the main thread's.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { activationGeneration, signalActivation } from '../../../infra/biomed/store/activation-signal';

const SIGNAL_MODULE = path.resolve(__dirname, '../../../infra/biomed/store/activation-signal.js');

describe('activation signal', () => {
  it('changes the generation in this thread at once', () => {
    const before = activationGeneration();
    signalActivation();
    expect(activationGeneration()).to.not.equal(before);
  });

  it('reaches another thread of the process (an analysis worker thread), which signals back just as well', async () => {
    // The worker reports its generation once it changes, then signals one activation of its own.
    const worker = new Worker(`
      const { parentPort } = require('node:worker_threads');
      const signal = require(${JSON.stringify(SIGNAL_MODULE)});
      const start = signal.activationGeneration();
      parentPort.postMessage('ready');
      const timer = setInterval(() => {
        if (signal.activationGeneration() === start) return;
        clearInterval(timer);
        parentPort.postMessage('seen');
        signal.signalActivation();
        setTimeout(() => process.exit(0), 50);
      }, 5);
    `, { eval: true });
    try {
      const messages: string[] = [];
      const seen = new Promise<void>((resolve, reject) => {
        worker.on('message', (m: string) => {
          messages.push(m);
          if (m === 'ready') signalActivation();
          if (m === 'seen') resolve();
        });
        worker.on('error', reject);
      });
      const before = activationGeneration();
      await seen;
      expect(messages).to.deep.equal(['ready', 'seen']);
      // The worker's own signal arrives here.
      for (let i = 0; i < 100 && activationGeneration() === before + 1; i++) await new Promise((r) => setTimeout(r, 5));
      expect(activationGeneration()).to.be.greaterThan(before + 1);
    } finally {
      await worker.terminate();
    }
  });
});
