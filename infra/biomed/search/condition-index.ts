// Conditions search over one set of active snapshots, answered from memory. Semantics (docs/biomed-store.md):
// case-insensitive substring of the label or of any one synonym; ranked exact label, then label
// prefix, label substring, synonym; within a rank by label length (no label last), CURIE, snapshot id.
// Entries are sorted in that within-rank order once (their entry number), so a search only buckets its
// matches by rank, and label-prefix hits come from a label-sorted order by binary search.
import type { ReadinessTier } from '../../../domain/biomed/readiness';
import { TrigramIndex } from './trigram-index';

export interface ConditionEntry {
  curie: string; label: string | null; kind: string; resource: string; snapshot_id: string;
  /** Synonym texts as written (the matched one is returned as written). */
  synonyms: readonly string[];
  mondo_curie: string | null; efo_id: string | null; readiness_tier: ReadinessTier;
}

export interface SearchHit {
  curie: string; label: string | null; kind: string; resource: string; snapshot_id: string;
  matched: 'label' | 'synonym'; matched_text: string; mondo_curie: string | null; efo_id: string | null; readiness_tier: ReadinessTier;
}

interface Indexed {
  entry: ConditionEntry; label: string; synonyms: string[];
  /** The hit's JSON around `matched` / `matched_text`, made on first use (most entries are never returned). */
  json?: { head: string; tail: string };
}

const RANKS = 4;

/** PostgreSQL's length(): characters (code points), not UTF-16 units; a missing label sorts last. */
function labelLength(label: string | null): number {
  return label === null ? Number.POSITIVE_INFINITY : [...label].length;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** 0 exact label, 1 label prefix, 2 label substring, 3 synonym substring; only ranks below `relevant` are tried. */
function rankOf(doc: Indexed, needle: string, relevant: number): number | undefined {
  if (doc.label === needle) return 0;
  if (relevant > 1 && doc.label.startsWith(needle)) return 1;
  if (relevant > 2 && doc.label.includes(needle)) return 2;
  if (relevant > 3 && doc.synonyms.some((s) => s.includes(needle))) return 3;
  return undefined;
}

export class ConditionIndex {
  private readonly docs: Indexed[];
  private readonly trigrams: TrigramIndex;
  /** Entry numbers ordered by lower-cased label (then entry number), and those labels, for prefix ranges. */
  private readonly byLabel: Int32Array;
  private readonly sortedLabels: string[];

  constructor(entries: readonly ConditionEntry[]) {
    this.docs = entries
      .map((entry) => ({ entry, length: labelLength(entry.label) }))
      .sort((a, b) => a.length - b.length || byCodeUnits(a.entry.curie, b.entry.curie) || byCodeUnits(a.entry.snapshot_id, b.entry.snapshot_id))
      .map(({ entry }) => ({ entry, label: (entry.label ?? '').toLowerCase(), synonyms: entry.synonyms.map((s) => s.toLowerCase()) }));
    this.trigrams = new TrigramIndex(this.docs.length, (doc) => [this.docs[doc]!.label, ...this.docs[doc]!.synonyms]);
    this.byLabel = Int32Array.from(this.docs.keys()).sort((a, b) => byCodeUnits(this.docs[a]!.label, this.docs[b]!.label) || a - b);
    this.sortedLabels = Array.from(this.byLabel, (doc) => this.docs[doc]!.label);
  }

  get size(): number {
    return this.docs.length;
  }

  /** `needle` is the trimmed, lower-cased query; at most `limit` hits, best first. */
  search(needle: string, limit: number): SearchHit[] {
    return this.matches(needle, limit).map((doc) => this.hit(this.docs[doc]!, needle));
  }

  /**
   * The same hits already serialized: exactly JSON.stringify(search(needle, limit)), from fragments made
   * once per entry, so the busiest route neither builds hit objects nor stringifies them per request.
   */
  searchJson(needle: string, limit: number): { count: number; json: string } {
    const docs = this.matches(needle, limit);
    let json = '[';
    docs.forEach((doc, i) => {
      const d = this.docs[doc]!;
      d.json ??= this.fragments(d.entry);
      const synonym = d.label.includes(needle) ? -1 : d.synonyms.findIndex((s) => s.includes(needle));
      const matched = synonym < 0 ? `"label","matched_text":${JSON.stringify(d.entry.label ?? '')}`
        : `"synonym","matched_text":${JSON.stringify(d.entry.synonyms[synonym] ?? '')}`;
      json += `${i > 0 ? ',' : ''}${d.json.head}${matched}${d.json.tail}`;
    });
    return { count: docs.length, json: `${json}]` };
  }

  private fragments(e: ConditionEntry): { head: string; tail: string } {
    const head = JSON.stringify({ curie: e.curie, label: e.label, kind: e.kind, resource: e.resource, snapshot_id: e.snapshot_id, matched: '' });
    const tail = JSON.stringify({ mondo_curie: e.mondo_curie, efo_id: e.efo_id, readiness_tier: e.readiness_tier });
    return { head: head.slice(0, -3), tail: `,${tail.slice(1)}` }; // head ends with "matched":  tail starts after the brace
  }

  /** Document numbers of the hits, best first. */
  private matches(needle: string, limit: number): number[] {
    // Ranks 0 and 1 (the label starts with the needle) are one range of the label-sorted order, found by
    // binary search without touching other entries; often they fill the answer on their own.
    const [exact, prefix] = this.labelPrefixRange(needle);
    const held = exact.length + prefix.length;
    if (held >= limit) return [...exact, ...prefix].slice(0, limit);
    // Ranks 2 and 3 from the trigram candidates, in the within-rank order; stop as soon as neither can
    // still place (a new hit of rank r lands after every hit already held of rank <= r).
    const inLabel: number[] = [];
    const inSynonym: number[] = [];
    const candidates = this.trigrams.candidates(needle);
    const count = candidates ? candidates.length : this.docs.length;
    for (let i = 0; i < count; i++) {
      const relevant = held + inLabel.length >= limit ? 2 : held + inLabel.length + inSynonym.length >= limit ? 3 : RANKS;
      if (relevant === 2) break;
      const doc = candidates ? candidates[i]! : i;
      const rank = rankOf(this.docs[doc]!, needle, relevant);
      if (rank === 2) inLabel.push(doc);
      else if (rank === 3) inSynonym.push(doc);
    }
    return [...exact, ...prefix, ...inLabel, ...inSynonym].slice(0, limit);
  }

  /** Entries whose label equals the needle, and whose label only starts with it; each in entry order. */
  private labelPrefixRange(needle: string): [Int32Array, Int32Array] {
    const labels = this.sortedLabels;
    let lo = 0;
    let hi = labels.length;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (labels[mid]! < needle) lo = mid + 1; else hi = mid; }
    const start = lo;
    let equalEnd = start;
    while (equalEnd < labels.length && labels[equalEnd] === needle) equalEnd++;
    // Labels >= needle: first those that start with it, then none that do.
    hi = labels.length;
    lo = equalEnd;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (labels[mid]!.startsWith(needle)) lo = mid + 1; else hi = mid; }
    return [this.byLabel.slice(start, equalEnd), this.byLabel.slice(equalEnd, lo).sort()];
  }

  private hit(doc: Indexed, needle: string): SearchHit {
    const { entry } = doc;
    const inLabel = doc.label.includes(needle);
    const synonym = inLabel ? -1 : doc.synonyms.findIndex((s) => s.includes(needle));
    return {
      curie: entry.curie, label: entry.label, kind: entry.kind, resource: entry.resource, snapshot_id: entry.snapshot_id,
      matched: inLabel ? 'label' : 'synonym', matched_text: inLabel ? entry.label ?? '' : entry.synonyms[synonym] ?? '',
      mondo_curie: entry.mondo_curie, efo_id: entry.efo_id, readiness_tier: entry.readiness_tier,
    };
  }
}
