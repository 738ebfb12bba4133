// Degree centrality (Freeman, "Centrality in social networks: conceptual clarification", Social Networks
// 1978, doi:10.1016/0378-8733(78)90021-7), normalized as degree / (n − 1), in the undirected simple graph
// of the supporting claims of some predicates, read from the claim graph: target prioritization's
// centrality component (docs/biomed-store.md).
import { ClaimGraph } from './claim-graph';

export interface ClaimDegrees {
  /** Nodes and distinct undirected pairs of the graph the degrees are counted in. */
  nodes: number;
  edges: number;
  /** Distinct neighbours of a node (0 when the graph does not hold it). */
  degree(node: number | undefined): number;
}

export function supportingClaimDegrees(cg: ClaimGraph, predicates: readonly string[]): ClaimDegrees {
  const wanted = new Set(predicates);
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => { let s = neighbours.get(a); if (!s) neighbours.set(a, (s = new Set())); s.add(b); };
  cg.forEachClaimOf(wanted, (a, b, claim) => {
    if (claim.evidence_direction !== 'supports' || a === b) return;
    link(a, b); link(b, a);
  });
  let ends = 0;
  for (const s of neighbours.values()) ends += s.size;
  return { nodes: neighbours.size, edges: ends / 2, degree: (node) => (node === undefined ? 0 : neighbours.get(node)?.size ?? 0) };
}
