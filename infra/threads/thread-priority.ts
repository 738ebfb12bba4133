// Lowers the scheduling priority of the calling thread only (issue 23: on a 2-core host the analysis thread's
// CPU-bound maths competed with the serving event loop on equal terms, and /api/health waited behind it for
// its time slice). On Linux the nice value is per thread: setpriority(PRIO_PROCESS, 0) — os.setPriority(0, …)
// — changes the caller, not its process. Elsewhere it would lower the whole process, serving loop included,
// so it is left alone there. Raising the nice value needs no privilege.
import os from 'node:os';

/** Nice value of an analysis thread: the serving loop (nice 0) gets about nine time slices to its one when both want a core. */
export const BACKGROUND_THREAD_NICE = 10;

/** Sets the calling thread's nice value (never lowers it); returns the value now in force, or undefined where it is not per thread. */
export function lowerThisThreadPriority(nice = BACKGROUND_THREAD_NICE): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    if (os.getPriority(0) < nice) os.setPriority(0, nice);
    return os.getPriority(0);
  } catch {
    return undefined; // a sandbox that forbids setpriority: the thread keeps its priority
  }
}
