// The ETag of a run's review history is its revision count ("0" when empty), so If-Match names the
// history a save was based on and a save against a moved-on history is refused, never merged.
import type { RecordedEvent } from '../../infra/event-store/event-store';

/** ETag of a review history: its last revision + 1, so an empty history is "0". */
export function reviewEtag(events: readonly RecordedEvent[]): string {
  return `"${events.length === 0 ? 0 : events[events.length - 1]!.revision + 1}"`;
}

/** ETag after an append that left the stream at `revision`. */
export function etagOfRevision(revision: number): string {
  return `"${revision + 1}"`;
}

/** The revision count an If-Match header names; undefined without the header; '*' means any. */
export function parseIfMatch(header: string | undefined): number | undefined | 'invalid' {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(header);
  return match ? Number(match[1]) : 'invalid';
}
