// The two /api/kg reads whose maths can hold a core for seconds (whole-graph betweenness, closeness and
// Louvain on the first request of a snapshot set; exact metrics over a disease's 1000-node neighbourhood on
// every request) as one call that can run in this thread or in an analysis worker thread
// (app/analysis-threads.compose.ts), with identical answers. A `busy` outcome comes only from the thread
// pool when every thread computes and its bounded queue is full (issue 23: no request stalls the service).
import { kgCentrality, type CentralityInput } from './kg-centrality';
import { kgCommunities, type CommunitiesInput } from './kg-communities';
import type { KgReadDeps, KgReadOutcome } from './kg-read-context';

/** Which read, with its validated input (defaults applied). Structured-cloneable. */
export type KgHeavyCall = { read: 'centrality'; input: CentralityInput } | { read: 'communities'; input: CommunitiesInput };

export type KgHeavyAnswer = KgReadOutcome | { kind: 'busy'; retryAfterSeconds: number; detail: string };

export type KgHeavyReadRunner = (call: KgHeavyCall) => Promise<KgHeavyAnswer>;

/** Runs the call in this thread. */
export function kgHeavyReadRunner(deps: KgReadDeps): KgHeavyReadRunner {
  return (call) => (call.read === 'centrality' ? kgCentrality(deps, call.input) : kgCommunities(deps, call.input));
}
