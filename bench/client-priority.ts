// A bench client's own share of the CPU. On a 2-core host bench:fuzz's load generator competed with the server it
// measures (a real deployment's clients run on other machines), so it lowers its own priority: every thread of this
// process (on Linux the nice value is per thread, and threads started later inherit their creator's) goes to
// `nice`. The offered load (requests, routes, bodies, concurrency) is unchanged; only who waits for a core is.
// Processes started before the call (the server, the health prober) keep the priority they had.
import fs from 'node:fs';
import os from 'node:os';

/** Sets every thread of this process to at least `nice`; returns the main thread's nice value now (undefined where unsupported). */
export function lowerThisProcessPriority(nice: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  for (const tid of fs.readdirSync('/proc/self/task').map(Number)) {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    } catch { /* the thread has ended, or a sandbox forbids setpriority: it keeps its priority */ }
  }
  return os.getPriority(0);
}
