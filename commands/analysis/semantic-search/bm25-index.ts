// Okapi BM25 ranking (Robertson & Zaragoza, Found Trends Inf Retr 2009) through wink-bm25-text-search: each
// document has two fields, `names` (labels, synonyms; weight 2) and `text` (definition or claim statement;
// weight 1), folded into one bag of words with the field weights as term-frequency multipliers (BM25F's simple
// form). Score of a document for query terms q: Σ idf(q)·tf·(k1+1)/(tf + k1·(1 − b + b·dl/avgdl)), idf(q) =
// ln(1 + (N − n + 0.5)/(n + 0.5)), k1 = 1.2, b = 0.75; each term's contribution is rounded to 4 decimals by the
// library. Ties are broken by document id, so the order is reproducible.
import bm25 from 'wink-bm25-text-search';
import { tokens } from '../../../domain/semantic-search/tokens';

export interface IndexedDoc { id: string; names: string; text: string }
export const FIELD_WEIGHTS = { names: 2, text: 1 } as const;
export const BM25_PARAMS = { k1: 1.2, b: 0.75, k: 1 } as const;
export const MIN_DOCS = 3;

export class Bm25Index {
  private readonly engine = bm25();
  readonly size: number;

  /** At least MIN_DOCS documents (the library's minimum for its statistics). */
  constructor(docs: Iterable<IndexedDoc>) {
    this.engine.defineConfig({ fldWeights: { ...FIELD_WEIGHTS }, bm25Params: { ...BM25_PARAMS } });
    this.engine.definePrepTasks([tokens]);
    let n = 0;
    for (const doc of docs) {
      this.engine.addDoc({ names: doc.names, text: doc.text }, doc.id);
      n++;
    }
    this.size = n;
    if (n >= MIN_DOCS) this.engine.consolidate(4);
  }

  /** Documents matching any query token, best first (ties by id), those `keep` accepts, at most `limit`. */
  search(queryTokens: readonly string[], limit: number, keep: (id: string) => boolean = () => true): { id: string; score: number }[] {
    if (this.size < MIN_DOCS || queryTokens.length === 0) return [];
    return this.engine.search(queryTokens.join(' '), this.size)
      .filter(([id]) => keep(id))
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }
}
