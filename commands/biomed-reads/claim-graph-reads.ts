// GET /api/v1/analytics/subgraph/{curie} and /api/v1/biomed/pathways (and their CLI commands): the claim
// walks of domain/knowledge-graph/claim-walks.ts over the one store graph of the active snapshots (the
// same graph /api/kg serves), read claim by claim. An entity no claim names but a term of the active
// snapshots does is found, alone: a subgraph of its centre only, no paths.
import type { Knex } from 'knex';
import { ClaimGraph, ClaimNode } from '../../domain/knowledge-graph/claim-graph';
import { ClaimPathsAnswer, claimPathsInSlices, claimSubgraphInSlices, ClaimSubgraph } from '../../domain/knowledge-graph/claim-walks';
import { activeSnapshots, ActiveSnapshot } from '../../infra/biomed/read/active-snapshots';
import { findTerm } from '../../infra/biomed/read/conditions';
import { termNames } from '../../infra/biomed/read/term-names';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { inTurns } from '../../infra/threads/in-turns';

export type Subgraph = ClaimSubgraph & { snapshots: ActiveSnapshot[] };
export type ClaimPaths = ClaimPathsAnswer & { snapshots: ActiveSnapshot[] };

/** The node of an entity, or the term naming it when no claim does; undefined when neither knows it. */
async function resolve(db: Knex, cg: ClaimGraph, curie: string): Promise<{ node: number } | { term: ClaimNode } | undefined> {
  const node = cg.resolve(curie);
  if (node !== undefined) return { node };
  const term = await findTerm(db, curie);
  if (!term) return undefined;
  const viaTerm = cg.resolve(term.curie);
  return viaTerm !== undefined ? { node: viaTerm } : { term: { curie: term.curie, kind: term.kind, label: term.label } };
}

/** The answer's nodes named by the terms of the active snapshots where one names them (as /api/v1 always did). */
async function named<T>(db: Knex, answer: T, nodesOf: (answer: T) => ClaimNode[]): Promise<T> {
  const nodes = nodesOf(answer);
  const names = await termNames(db, [...new Set(nodes.map((n) => n.curie))]);
  for (const n of nodes) {
    const name = names.get(n.curie);
    if (name) { n.kind = name.kind; n.label = name.label; }
  }
  return answer;
}

async function claimGraph(db: Knex): Promise<ClaimGraph> {
  return (await storeGraphCache(db).current()).claimGraph(db);
}

/** The walk runs a slice of claims per event-loop turn (issue 23: a hub's walk held the serving loop 28–88 ms). */
export async function subgraph(db: Knex, curie: string, maxHops: number, limit: number): Promise<Subgraph | undefined> {
  const [cg, snapshots] = await Promise.all([claimGraph(db), activeSnapshots(db)]);
  const center = await resolve(db, cg, curie);
  if (!center) return undefined;
  if ('term' in center) return { center: center.term, max_hops: maxHops, limit, truncated: false, nodes: [{ ...center.term, hop: 0 }], edges: [], snapshots };
  const answer = await named(db, await inTurns(claimSubgraphInSlices(cg, center.node, maxHops, limit)), (a) => [a.center, ...a.nodes]);
  return { ...answer, snapshots };
}

/** The search runs a slice of claim steps per event-loop turn (issue 23: a hub's rings held the serving loop 30 ms). */
export async function claimPaths(db: Knex, startCurie: string, targetCurie: string, maxDepth: number, limit: number)
  : Promise<{ found: true; result: ClaimPaths } | { found: false; missing: string[] }> {
  const [cg, snapshots] = await Promise.all([claimGraph(db), activeSnapshots(db)]);
  const [start, target] = await Promise.all([resolve(db, cg, startCurie), resolve(db, cg, targetCurie)]);
  const missing = [[startCurie, start], [targetCurie, target]].filter(([, c]) => !c).map(([c]) => c as string);
  if (!start || !target) return { found: false, missing };
  if ('term' in start || 'term' in target) {
    const a = 'term' in start ? start.term : cg.node(start.node);
    const b = 'term' in target ? target.term : cg.node(target.node);
    const nodes = a.curie === b.curie ? [a] : [a, b].sort((x, y) => x.curie.localeCompare(y.curie));
    return { found: true, result: { start: a, target: b, max_depth: maxDepth, limit, paths: [], nodes, search_truncated: false, snapshots } };
  }
  const answer = await named(db, await inTurns(claimPathsInSlices(cg, start.node, target.node, maxDepth, limit)), (a) => [a.start, a.target, ...a.nodes]);
  return { found: true, result: { ...answer, snapshots } };
}
