// Source records -> evidence records with provenance (pure). Each record keeps its identity (evidence id =
// "ev_" + 16 hex of SHA-256("<source>:<nativeId>"), as the Workspace's evidence items), canonical URL (none for
// a synthetic example), snippet, date, type, structured entities and attributes, and its provenance: how it
// was retrieved (live, cache, offline_corpus), whether it is a synthetic example, and when. Records of several
// sources naming the same publication or trial (same PMID, NCT id or DOI: the Workspace's identity keys) are
// merged into the first in source order, the others listed in also_found_in.
import { canonicalUrl, identityKeys } from '../workspace/citations';
import { evidenceId, isoDate, makeSnippet } from '../workspace/normalize';
import type { RetrievalMode, SourceName, SourceRecord } from '../workspace/sources';

export interface Provenance { mode: 'live' | 'cache' | 'offline_corpus'; synthetic: boolean; retrieved_at: string }
export interface GatheredRecord {
  evidence_id: string; source: SourceName; native_id: string; type: SourceRecord['recordType']; title: string; url: string | null;
  snippet: string; published: string | null; structured: SourceRecord['structured']; attributes: SourceRecord['attributes'];
  provenance: Provenance; also_found_in: { source: SourceName; native_id: string; evidence_id: string }[];
}
export interface SourceBatch { records: readonly SourceRecord[]; retrieval_mode: RetrievalMode | null; retrieved_at: string }

const modeOf = (mode: RetrievalMode | null): Provenance['mode'] => (mode === 'offline' ? 'offline_corpus' : mode === 'cache' ? 'cache' : 'live');

export function gatheredRecord(record: SourceRecord, batch: SourceBatch): GatheredRecord {
  return {
    evidence_id: evidenceId(record.source, record.nativeId), source: record.source, native_id: record.nativeId, type: record.recordType,
    title: record.title.replace(/\s+/g, ' ').trim(), url: record.synthetic ? null : canonicalUrl(record), snippet: makeSnippet(record.text || record.title),
    published: isoDate(record.published), structured: record.structured, attributes: record.attributes,
    provenance: { mode: modeOf(batch.retrieval_mode), synthetic: record.synthetic === true, retrieved_at: batch.retrieved_at },
    also_found_in: [],
  };
}

/** Every batch's records normalized, cross-source duplicates merged into the first seen (batches in source order). */
export function gatherRecords(batches: readonly SourceBatch[]): { records: GatheredRecord[]; merged: number } {
  const byKey = new Map<string, GatheredRecord>();
  const records: GatheredRecord[] = [];
  let merged = 0;
  for (const batch of batches) {
    for (const record of batch.records) {
      const keys = identityKeys(record);
      const first = keys.map((k) => byKey.get(k)).find((r) => r !== undefined);
      if (first) {
        merged++;
        first.also_found_in.push({ source: record.source, native_id: record.nativeId, evidence_id: evidenceId(record.source, record.nativeId) });
        continue;
      }
      const g = gatheredRecord(record, batch);
      for (const k of keys) byKey.set(k, g);
      records.push(g);
    }
  }
  return { records, merged };
}
