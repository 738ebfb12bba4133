// Which claim slots of a graph the citation table fills (citation-table.ts), by snapshot and claim number: the
// first CITATIONS_PER_EDGE claims of every edge (the ones an answer shows), IS_A hierarchy slots (claim -1)
// left out. Built in two linear passes over the slots, with no sort, giving the event loop a turn every
// `yieldEvery` slots: the table loads in the background of a serving process (issue 25: a forward path round
// measured p99 390 ms while the former per-snapshot scan of all 2.1 M edges plus a sort of its keys held the
// loop for up to ~250 ms at a time, 15 snapshots over).
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { nextTurn } from '../threads/in-turns';

/** Citations per edge shown; an edge stated by more claims says so in claim_count. */
export const CITATIONS_PER_EDGE = 5;

/** Slots visited between two turns of the event loop (≈ 1–2 ms of work). */
export const SLOTS_PER_TURN = 50_000;

const NONE = -1;

/**
 * first[s][c]: a cited slot of snapshot s's claim c (NONE: none; claims past the array's end are not cited);
 * next[slot]: the same claim's next cited slot (NONE: the last). A claim cited by several edges (merged
 * statements) has several slots; each gets its citation.
 */
export interface CitedSlotIndex {
  readonly first: readonly Int32Array[];
  readonly next: Int32Array;
  /** Cited slots per snapshot. */
  readonly counts: readonly number[];
}


/** Calls visit(slot) for each cited slot, edge by edge, yielding to the event loop every `yieldEvery` slots. */
async function forEachCitedSlot(g: TypedKnowledgeGraph, yieldEvery: number, visit: (slot: number) => void): Promise<void> {
  let sinceTurn = 0;
  for (let e = 0; e < g.edgeCount; e++) {
    const start = g.claimSlotStart(e);
    const end = Math.min(g.claimSlotStart(e + 1), start + CITATIONS_PER_EDGE);
    for (let p = start; p < end; p++) if (g.claimNumber(p) >= 0) visit(p);
    sinceTurn += end - start;
    if (sinceTurn >= yieldEvery) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
}

export async function citedSlotIndex(g: TypedKnowledgeGraph, yieldEvery = SLOTS_PER_TURN): Promise<CitedSlotIndex> {
  const snapshots = g.snapshots.length;
  const maxClaim = new Array<number>(snapshots).fill(NONE);
  const counts = new Array<number>(snapshots).fill(0);
  await forEachCitedSlot(g, yieldEvery, (p) => {
    const s = g.claimSnapshotIndex(p);
    const c = g.claimNumber(p);
    if (c > maxClaim[s]!) maxClaim[s] = c;
    counts[s]!++;
  });
  const first = maxClaim.map((m) => new Int32Array(m + 1).fill(NONE));
  const next = new Int32Array(g.claimCount).fill(NONE);
  await forEachCitedSlot(g, yieldEvery, (p) => {
    const column = first[g.claimSnapshotIndex(p)]!;
    const c = g.claimNumber(p);
    next[p] = column[c]!;
    column[c] = p;
  });
  return { first, next, counts };
}
