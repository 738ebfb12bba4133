// Tells this process's in-memory caches of the active snapshot set (the knowledge graph's, infra/kg/
// store-graph-cache.ts) that an activation committed here, in any of its threads: the snapshots projector
// signals after the commit of every transaction that applied a SnapshotActivated event, and the caches
// compare the generation they read the set at with the current one. Other threads of the process (the
// analysis worker threads) hear it through a BroadcastChannel; other processes are not told and rely on the
// caches' bounded re-read (infra/biomed/search/recent-active-set.ts).
import { BroadcastChannel } from 'node:worker_threads';

let generation = 0;

const channel = new BroadcastChannel('evidence:biomed-snapshot-activations');
channel.onmessage = () => { generation++; };
channel.unref(); // never keeps a process alive

/** Changes whenever an activation committed in this process (any thread) since the last look. */
export function activationGeneration(): number {
  return generation;
}

/** An activation committed: every cache of the active set in this process reads it again before answering. */
export function signalActivation(): void {
  generation++;
  channel.postMessage(generation); // a BroadcastChannel does not deliver to its sender
}
