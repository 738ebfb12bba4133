// Node search by id, label or synonym. Ranked in tiers, then by degree (better-connected first), then id:
//   0 the id itself or an exact alias (DOID:… finds its MONDO node)   1 label equal to the query
//   2 a synonym equal to the query   3 label starts with it   4 a word of the label starts with it
//   5 a synonym contains it   6 the label contains it
// Case- and accent-insensitive (NFKD without marks). Lexical only: no meaning is inferred.
import { runSlices } from '../shared/run-slices';
import type { NodeType } from './metagraph';
import type { TypedKnowledgeGraph } from './typed-graph';

/** Nodes searchInSlices scans between two pauses (a few ms). */
export const SEARCH_SLICE_NODES = 20_000;

export interface SearchHit { node: number; tier: number; matched: string }

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export class NodeSearchIndex {
  private readonly labels: string[];
  private readonly synonyms: string[][];

  constructor(private readonly g: TypedKnowledgeGraph) {
    this.labels = new Array(g.nodeCount);
    this.synonyms = new Array(g.nodeCount);
    for (let i = 0; i < g.nodeCount; i++) {
      this.labels[i] = fold(g.label(i));
      this.synonyms[i] = g.synonymsOf(i).map(fold);
    }
  }

  search(query: string, types: readonly NodeType[] | undefined, limit: number, degree: (node: number) => number): SearchHit[] {
    return runSlices(this.searchInSlices(query, types, limit, degree));
  }

  /**
   * search, pausing (yielding) after every `sliceNodes` nodes scanned, so a caller on an event loop lets other
   * tasks run between slices (issue 23: a scan of the whole graph held the serving loop about 30 ms under
   * bench:fuzz). Same hits as search, which runs it without pausing.
   */
  *searchInSlices(query: string, types: readonly NodeType[] | undefined, limit: number, degree: (node: number) => number, sliceNodes = SEARCH_SLICE_NODES): Generator<void, SearchHit[], void> {
    const q = fold(query.trim());
    if (q === '') return [];
    const wanted = types && types.length > 0 ? new Set(types) : undefined;
    const hits: SearchHit[] = [];
    const byId = this.g.lookup(query.trim());
    if (byId !== undefined && (!wanted || wanted.has(this.g.typeOf(byId)))) hits.push({ node: byId, tier: 0, matched: query.trim() });
    for (let i = 0; i < this.g.nodeCount; i++) {
      if (i > 0 && i % sliceNodes === 0) yield;
      if (i === byId) continue;
      if (wanted && !wanted.has(this.g.typeOf(i))) continue;
      const hit = this.match(i, q);
      if (hit) hits.push(hit);
    }
    const degrees = new Map<number, number>();
    const degreeOf = (n: number) => {
      let d = degrees.get(n);
      if (d === undefined) degrees.set(n, (d = degree(n)));
      return d;
    };
    hits.sort((a, b) => a.tier - b.tier || degreeOf(b.node) - degreeOf(a.node) || (this.g.id(a.node) < this.g.id(b.node) ? -1 : 1));
    return hits.slice(0, limit);
  }

  private match(i: number, q: string): SearchHit | undefined {
    const label = this.labels[i]!;
    const synonyms = this.synonyms[i]!;
    if (label === q) return { node: i, tier: 1, matched: this.g.label(i) };
    const equalSynonym = synonyms.findIndex((s) => s === q);
    if (equalSynonym >= 0) return { node: i, tier: 2, matched: this.g.synonymsOf(i)[equalSynonym]! };
    if (label.startsWith(q)) return { node: i, tier: 3, matched: this.g.label(i) };
    const at = label.indexOf(q);
    if (at > 0 && !/[\p{L}\p{N}]/u.test(label[at - 1]!)) return { node: i, tier: 4, matched: this.g.label(i) };
    const containing = synonyms.findIndex((s) => s.includes(q));
    if (containing >= 0) return { node: i, tier: 5, matched: this.g.synonymsOf(i)[containing]! };
    if (at > 0) return { node: i, tier: 6, matched: this.g.label(i) };
    return undefined;
  }
}
