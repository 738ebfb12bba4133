// The citations of a served graph's edges, held in memory beside it so a neighbour page or a path answers
// without a database round trip: for each claim slot an edge cites (its first CITATIONS_PER_EDGE claims),
// the claim's first evidence link (file, line, reference, evidence code), as plain arrays indexed by slot
// with every distinct string stored once. Read once per snapshot set (snapshot rows never change), per
// snapshot in claim_no order: one streamed COPY on node-postgres, pages by primary key on PGlite.
// Qualifiers (only path answers show them) are not part of it: on the full data they are 305,000 distinct
// JSON texts of ~300 bytes (SIDER, the interactome, ChEMBL indications), ~90 MB for a few paths' sake, so
// they are read for the claims a path cites and memoised per claim, the memo bounded (QUALIFIERS_KEPT).
// Answers are the ones the per-request query gives (kg-views.ts readCitations; tested byte for byte).
import type { Knex } from 'knex';
import type { TypedKnowledgeGraph } from '../../domain/knowledge-graph/typed-graph';
import { T } from '../biomed/store/tables';
import { citedSlotIndex, SLOTS_PER_TURN } from './cited-slot-index';
import { forEachFirstLink, Interned, NONE } from './read-first-links';
import { nextTurn } from '../threads/in-turns';

export { CITATIONS_PER_EDGE } from './cited-slot-index';

/** One claim's citation as the routes show it (key order is the answer's). */
export interface CitationJson {
  snapshot_id: string;
  claim_no: number | null;
  reference: string | null;
  source_file: string | null;
  source_line: number | null;
  evidence_code: string | null;
  qualifiers: Record<string, unknown> | null;
  resource: string;
}

/** Claims whose qualifiers are kept (least recently used dropped first): ~300 bytes each, so ≤ ~20 MB. */
export const QUALIFIERS_KEPT = 50_000;


export class CitationTable {
  /** Qualifier JSON text (null: none) per claim slot, most recently used last. */
  private readonly qualifierMemo = new Map<number, string | null>();

  constructor(
    private readonly graph: TypedKnowledgeGraph,
    /** Per slot: index into `strings` (NONE: no evidence link read for the slot), and the link's line. */
    private readonly file: Int32Array,
    private readonly line: Int32Array,
    private readonly reference: Int32Array,
    private readonly code: Int32Array,
    private readonly strings: readonly string[],
    private readonly qualifiersKept = QUALIFIERS_KEPT,
  ) {}

  /**
   * The citation of a claim slot, or undefined when the claim has no evidence link (an IS_A hierarchy edge).
   * `withQualifiers`: the slot's qualifiers, which qualifiersFor must have read first.
   */
  citation(slot: number, withQualifiers: boolean): CitationJson | undefined {
    const file = this.file[slot]!;
    if (file === NONE) return undefined;
    const snapshot = this.graph.snapshots[this.graph.claimSnapshotIndex(slot)]!;
    const reference = this.reference[slot]!;
    const code = this.code[slot]!;
    const qualifiers = withQualifiers ? this.qualifierMemo.get(slot) : null;
    if (qualifiers === undefined) throw new Error(`citation table: qualifiers of slot ${slot} not read`);
    return {
      snapshot_id: snapshot.snapshot_id, claim_no: this.graph.claimNumber(slot),
      reference: reference === NONE ? null : this.strings[reference]!, source_file: this.strings[file]!, source_line: this.line[slot]!,
      evidence_code: code === NONE ? null : this.strings[code]!,
      // Parsed per answer: each answer owns its objects, as it did when they came from a query.
      qualifiers: qualifiers === null ? null : JSON.parse(qualifiers) as Record<string, unknown>,
      resource: snapshot.resource,
    };
  }

  /** Makes the qualifiers of these slots available to citation(): from the memo, the rest in one query. */
  async qualifiersFor(db: Knex, slots: readonly number[]): Promise<void> {
    const missing: number[] = [];
    for (const slot of slots) {
      const known = this.qualifierMemo.get(slot);
      if (known !== undefined) {
        this.qualifierMemo.delete(slot); // most recently used last
        this.qualifierMemo.set(slot, known);
      } else if (this.file[slot] !== NONE && !missing.includes(slot)) missing.push(slot);
    }
    if (missing.length > 0) {
      const snapshotIds = missing.map((p) => this.graph.snapshots[this.graph.claimSnapshotIndex(p)]!.snapshot_id);
      const { rows } = await db.raw(`select k.slot, c.qualifiers::text as qualifiers
        from unnest(?::int[], ?::text[], ?::int[]) as k(slot, snapshot_id, claim_no)
        join ${T.claims} c on c.snapshot_id = k.snapshot_id and c.claim_no = k.claim_no`, [missing, snapshotIds, missing.map((p) => this.graph.claimNumber(p))]);
      for (const r of rows as { slot: number; qualifiers: string | null }[]) this.qualifierMemo.set(r.slot, r.qualifiers);
    }
    // Trimmed after the answer's own slots are in: they are the most recently used, so they stay.
    for (const slot of this.qualifierMemo.keys()) {
      if (this.qualifierMemo.size <= Math.max(this.qualifiersKept, slots.length)) break;
      this.qualifierMemo.delete(slot);
    }
  }

  /** What the table holds, for the bench's memory figures. */
  get size(): { slots: number; strings: number; qualifiers_kept: number } {
    let slots = 0;
    for (let p = 0; p < this.file.length; p++) if (this.file[p] !== NONE) slots++;
    return { slots, strings: this.strings.length, qualifiers_kept: this.qualifierMemo.size };
  }
}

/**
 * Reads the citation table of a graph from the store. It runs in the background of a serving process, so its
 * own work between two awaits stays short: the slot index yields every `yieldEvery` slots and the rows arrive
 * one socket read at a time.
 */
export async function loadCitationTable(db: Knex, g: TypedKnowledgeGraph, qualifiersKept = QUALIFIERS_KEPT, yieldEvery = SLOTS_PER_TURN): Promise<CitationTable> {
  const slots = g.claimCount;
  const file = new Int32Array(slots).fill(NONE);
  const line = new Int32Array(slots);
  const reference = new Int32Array(slots).fill(NONE);
  const code = new Int32Array(slots).fill(NONE);
  const strings = new Interned();
  const { first, next, counts } = await citedSlotIndex(g, yieldEvery);
  for (let s = 0; s < g.snapshots.length; s++) {
    if (counts[s] === 0) continue;
    const column = first[s]!;
    const wanted = (claimNo: number) => claimNo >= 0 && claimNo < column.length && column[claimNo] !== NONE;
    await forEachFirstLink(db, g.snapshots[s]!.snapshot_id, strings, wanted, (claimNo, f, l, r, c) => {
      for (let p = column[claimNo]!; p !== NONE; p = next[p]!) {
        file[p] = f;
        line[p] = l;
        reference[p] = r;
        code[p] = c;
      }
    });
    await nextTurn();
  }
  return new CitationTable(g, file, line, reference, code, strings.list, qualifiersKept);
}
