// GET /api/kg/search as a query: nodes by id, label or synonym, ranked by match tier, then degree.
import type { NodeType } from '../../domain/knowledge-graph/metagraph';
import { inTurns } from '../../infra/threads/in-turns';
import { currentKnowledgeGraph, nodeJson } from './current-graph';
import { KgReadDeps, KgReadOutcome, snapshotsOf } from './kg-read-context';

export const SEARCH_TIERS = ['id', 'label', 'synonym', 'label_prefix', 'label_word_prefix', 'synonym_contains', 'label_contains'];

export async function kgSearch(deps: Pick<KgReadDeps, 'db'>, input: { q: string; types?: NodeType[]; limit: number }): Promise<KgReadOutcome> {
  const served = await currentKnowledgeGraph(deps.db);
  const g = served.graph;
  const degree = (n: number) => g.degree(n, served.defaultMask);
  // A slice of nodes per event-loop turn (issue 23).
  const hits = await inTurns(served.search().searchInSlices(input.q, input.types, input.limit, degree));
  return {
    kind: 'ok',
    body: { query: input.q, hits: hits.map((h) => ({ ...nodeJson(g, h.node), match: SEARCH_TIERS[h.tier], matched: h.matched, degree: degree(h.node) })), snapshots: snapshotsOf(g) },
  };
}
