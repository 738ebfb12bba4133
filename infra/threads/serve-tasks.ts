// The worker side of infra/threads/worker-pool.ts: answers each { id, task } with { id, ok, value } or
// { id, ok: false, error }. A failed task never ends the thread.
import type { MessagePort } from 'node:worker_threads';

export function serveTasks(port: MessagePort, handle: (task: unknown) => Promise<unknown>): void {
  port.on('message', ({ id, task }: { id: number; task: unknown }) => {
    handle(task).then(
      (value) => port.postMessage({ id, ok: true, value }),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ id, ok: false, error: { message: e.message, stack: e.stack } });
      },
    );
  });
}
