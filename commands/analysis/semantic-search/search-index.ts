// The semantic-search index: Okapi BM25 (domain/retrieval/bm25.ts, k1 1.2, b 0.75) over documents of two
// fields, `names` (labels, synonyms; weight 2) and `text` (definition or claim statement; weight 1), with
// BM25F's simple form (field weight multiplies term frequency and length). Ties are broken by document id,
// so the order is reproducible. Fewer than MIN_DOCS documents: nothing is searched (the active snapshots
// hold too little to be worth ranking; the run says "import resources first").
import { Bm25Index } from '../../../domain/retrieval/bm25';

export interface IndexedDoc { id: string; names: string; text: string }
export const FIELD_WEIGHTS = { names: 2, text: 1 } as const;
export const MIN_DOCS = 3;

export class SearchIndex {
  private readonly bm25: Bm25Index;
  private readonly ids: string[] = [];
  readonly size: number;

  constructor(docs: Iterable<IndexedDoc>) {
    const fields = [];
    for (const doc of docs) {
      this.ids.push(doc.id);
      fields.push([{ text: doc.names, weight: FIELD_WEIGHTS.names }, { text: doc.text, weight: FIELD_WEIGHTS.text }]);
    }
    this.bm25 = new Bm25Index(fields);
    this.size = this.ids.length;
  }

  /** Documents matching any query token, best first (ties by id), those `keep` accepts, at most `limit`. */
  search(queryTokens: readonly string[], limit: number, keep: (id: string) => boolean = () => true): { id: string; score: number }[] {
    if (this.size < MIN_DOCS || queryTokens.length === 0) return [];
    return [...this.bm25.scores(queryTokens)]
      .map(([doc, score]) => ({ id: this.ids[doc]!, score }))
      .filter((hit) => keep(hit.id))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }
}
