// A worker thread for the worker-pool spec: echoes a task's value with its thread id, throws, exits, or
// holds its thread until the test flips a shared flag (Atomics: no timing involved).
import { parentPort, threadId } from 'node:worker_threads';
import { serveTasks } from '../../infra/threads/serve-tasks';

interface EchoTask { value?: unknown; fail?: string; exit?: number; holdUntil?: SharedArrayBuffer }

if (parentPort) {
  serveTasks(parentPort, async (task) => {
    const t = task as EchoTask;
    if (t.fail) throw new Error(t.fail);
    if (t.exit !== undefined) process.exit(t.exit);
    if (t.holdUntil) {
      const flag = new Int32Array(t.holdUntil);
      while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0, 1000);
    }
    return { echo: t.value, threadId };
  });
}
