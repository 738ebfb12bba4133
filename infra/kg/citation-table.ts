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
import { copyOut, copyUnescape, sqlLiteral } from '../biomed/store/copy-to';
import { T } from '../biomed/store/tables';

/** Citations per edge shown; an edge stated by more claims says so in claim_count. */
export const CITATIONS_PER_EDGE = 5;

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

const NONE = -1;
const PAGE = 50_000;
const TAB = 9;
const NEWLINE = 10;

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

/** Interns strings: each distinct one stored once, rows keep its index. */
class Interned {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(text: string | null): number {
    if (text === null) return NONE;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(text);
      this.index.set(text, i);
    }
    return i;
  }
}

/**
 * The cited slots of snapshot `s` sorted by claim number, as keys claim_no * span + slot (one numeric
 * sort of a Float64Array instead of an object per slot).
 */
function citedSlots(g: TypedKnowledgeGraph, s: number): { keys: Float64Array; span: number } {
  const span = g.claimCount + 1;
  const picked: number[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    const start = g.claimSlotStart(e);
    const end = Math.min(g.claimSlotStart(e + 1), start + CITATIONS_PER_EDGE);
    for (let p = start; p < end; p++) {
      const claim = g.claimNumber(p);
      if (g.claimSnapshotIndex(p) === s && claim >= 0) picked.push(claim * span + p);
    }
  }
  const keys = Float64Array.from(picked);
  if (keys.length > 0 && !Number.isSafeInteger(keys.reduce((a, b) => Math.max(a, b), 0))) throw new Error('citation table: claim numbers too large to key');
  return { keys: keys.sort(), span };
}

interface LinkRow { claim_no: number; source_file: string; source_line: number; reference: string | null; evidence_code: string | null }

/** The first evidence link of every claim of a snapshot, in claim_no order (those `wanted` refuses are not decoded). */
async function forEachFirstLink(db: Knex, snapshotId: string, wanted: (claimNo: number) => boolean, visit: (row: LinkRow) => void): Promise<void> {
  const select = (snapshot: string) => `select claim_no, source_file, source_line, reference, evidence_code from ${T.evidence}
    where snapshot_id = ${snapshot} and link_no = 1`;
  const field = (row: Buffer, from: number, to: number) => {
    const text = row.toString('utf8', from, to);
    return text === '\\N' ? null : copyUnescape(text);
  };
  const copied = await copyOut(db, `${select(sqlLiteral(snapshotId))} order by claim_no`, (row) => {
    const a = row.indexOf(TAB);
    const claimNo = Number(row.toString('latin1', 0, a));
    if (!wanted(claimNo)) return;
    const b = row.indexOf(TAB, a + 1);
    const c = row.indexOf(TAB, b + 1);
    const d = row.indexOf(TAB, c + 1);
    const end = row[row.length - 1] === NEWLINE ? row.length - 1 : row.length;
    visit({ claim_no: claimNo, source_file: field(row, a + 1, b)!, source_line: Number(row.toString('latin1', b + 1, c)), reference: field(row, c + 1, d), evidence_code: field(row, d + 1, end) });
  });
  if (copied) return;
  let after = -1;
  for (;;) {
    const { rows } = await db.raw(`${select('?')} and claim_no > ? order by claim_no limit ?`, [snapshotId, after, PAGE]);
    const page = rows as LinkRow[];
    for (const r of page) if (wanted(r.claim_no)) visit(r);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.claim_no;
  }
}

/** Reads the citation table of a graph from the store. */
export async function loadCitationTable(db: Knex, g: TypedKnowledgeGraph, qualifiersKept = QUALIFIERS_KEPT): Promise<CitationTable> {
  const slots = g.claimCount;
  const file = new Int32Array(slots).fill(NONE);
  const line = new Int32Array(slots);
  const reference = new Int32Array(slots).fill(NONE);
  const code = new Int32Array(slots).fill(NONE);
  const strings = new Interned();
  for (let s = 0; s < g.snapshots.length; s++) {
    const { keys, span } = citedSlots(g, s);
    if (keys.length === 0) continue;
    let at = 0; // rows come in claim_no order, as the keys are sorted
    const claimAt = (i: number) => Math.floor(keys[i]! / span);
    await forEachFirstLink(db, g.snapshots[s]!.snapshot_id, (claimNo) => {
      while (at < keys.length && claimAt(at) < claimNo) at++;
      return at < keys.length && claimAt(at) === claimNo;
    }, (row) => {
      for (let i = at; i < keys.length && claimAt(i) === row.claim_no; i++) {
        const p = keys[i]! % span;
        file[p] = strings.of(row.source_file);
        line[p] = row.source_line;
        reference[p] = strings.of(row.reference);
        code[p] = strings.of(row.evidence_code);
      }
    });
  }
  return new CitationTable(g, file, line, reference, code, strings.list, qualifiersKept);
}
