// The text of a record the offline ranking reads (title, full text or abstract, structured names), and its
// BM25 term bag, tokenised once per record object. A mirror that hands out the same record object again (the
// store mirror keeps the records it read: infra/literature/record-cache.ts) gets its bag back without
// tokenising the text again; a record object read anew is tokenised anew. Records are never mutated after they
// are read (a source run selects and orders them), so a bag stays the bag of its record.
import type { SourceRecord } from '../sources';
import { termBag, type TermBag } from '../../retrieval/bm25';

export function recordText(record: SourceRecord): string {
  const { drugs, targets, pathways } = record.structured;
  return [record.title, record.fullText ?? record.text, ...drugs, ...targets, ...pathways].join('\n');
}

const bags = new WeakMap<SourceRecord, TermBag>();

/** termBag of recordText(record), computed the first time this record object is ranked. */
export function recordTermBag(record: SourceRecord): TermBag {
  let bag = bags.get(record);
  if (!bag) { bag = termBag([{ text: recordText(record), weight: 1 }]); bags.set(record, bag); }
  return bag;
}
