// The citations of a served graph's edges, held in memory beside it so a neighbour page or a path answers
// without a database round trip: for each claim slot an edge cites (its first CITATIONS_PER_EDGE claims),
// the claim's first evidence link (file, line, reference, evidence code) and its qualifiers, as plain
// arrays indexed by slot, with every distinct string and qualifier text stored once. Read once per snapshot
// set (snapshot rows never change), per snapshot in claim_no order: one streamed COPY on node-postgres,
// pages by primary key on PGlite. Answers are the ones the per-request query gives (kg-views.ts readCitations).
import type { Knex } from 'knex';
import { EDGE_TYPE_NAMES } from '../../domain/knowledge-graph/metagraph';
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

const NONE = -1;
const PAGE = 50_000;
const TAB = 9;
const NEWLINE = 10;

export class CitationTable {
  constructor(
    private readonly graph: TypedKnowledgeGraph,
    /** Per slot: index into `strings` (NONE: no evidence link read for the slot), and the link's line. */
    private readonly file: Int32Array,
    private readonly line: Int32Array,
    private readonly reference: Int32Array,
    private readonly code: Int32Array,
    /** Per slot: index into `qualifierTexts` (NONE: null). */
    private readonly qualifierOf: Int32Array,
    private readonly strings: readonly string[],
    private readonly qualifierTexts: readonly string[],
  ) {}

  /** The citation of a claim slot, or undefined when the claim has no evidence link (an IS_A hierarchy edge). */
  citation(slot: number, withQualifiers: boolean): CitationJson | undefined {
    const file = this.file[slot]!;
    if (file === NONE) return undefined;
    const snapshot = this.graph.snapshots[this.graph.claimSnapshotIndex(slot)]!;
    const reference = this.reference[slot]!;
    const code = this.code[slot]!;
    const q = withQualifiers ? this.qualifierOf[slot]! : NONE;
    return {
      snapshot_id: snapshot.snapshot_id, claim_no: this.graph.claimNumber(slot),
      reference: reference === NONE ? null : this.strings[reference]!, source_file: this.strings[file]!, source_line: this.line[slot]!,
      evidence_code: code === NONE ? null : this.strings[code]!,
      // Parsed per answer: each answer owns its objects, as it did when they came from a query.
      qualifiers: q === NONE ? null : JSON.parse(this.qualifierTexts[q]!) as Record<string, unknown>,
      resource: snapshot.resource,
    };
  }

  /** What the table holds, for the bench's memory figures. */
  get size(): { slots: number; strings: number; qualifier_texts: number } {
    let slots = 0;
    for (let p = 0; p < this.file.length; p++) if (this.file[p] !== NONE) slots++;
    return { slots, strings: this.strings.length, qualifier_texts: this.qualifierTexts.length };
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

interface LinkRow { claim_no: number; source_file: string; source_line: number; reference: string | null; evidence_code: string | null; qualifiers: string | null }

/** The first evidence link and qualifiers of every supporting edge claim of a snapshot, in claim_no order. */
async function forEachCitedLink(db: Knex, snapshotId: string, wanted: (claimNo: number) => boolean, visit: (row: LinkRow) => void): Promise<void> {
  const select = (snapshot: string, types: string) => `select e.claim_no, e.source_file, e.source_line, e.reference, e.evidence_code, c.qualifiers::text
    from ${T.evidence} e join ${T.claims} c on c.snapshot_id = e.snapshot_id and c.claim_no = e.claim_no
    where e.snapshot_id = ${snapshot} and e.link_no = 1 and c.evidence_direction = 'supports' and c.predicate = any(${types}::text[])`;
  const typesLiteral = sqlLiteral(`{${EDGE_TYPE_NAMES.map((t) => `"${t}"`).join(',')}}`);
  const field = (row: Buffer, from: number, to: number) => {
    const text = row.toString('utf8', from, to);
    return text === '\\N' ? null : copyUnescape(text);
  };
  const copied = await copyOut(db, `${select(sqlLiteral(snapshotId), typesLiteral)} order by e.claim_no`, (row) => {
    const a = row.indexOf(TAB);
    const claimNo = Number(row.toString('latin1', 0, a));
    if (!wanted(claimNo)) return; // beyond an edge's cited claims: not decoded
    const b = row.indexOf(TAB, a + 1);
    const c = row.indexOf(TAB, b + 1);
    const d = row.indexOf(TAB, c + 1);
    const f = row.indexOf(TAB, d + 1);
    const end = row[row.length - 1] === NEWLINE ? row.length - 1 : row.length;
    visit({ claim_no: claimNo, source_file: field(row, a + 1, b)!, source_line: Number(row.toString('latin1', b + 1, c)), reference: field(row, c + 1, d), evidence_code: field(row, d + 1, f), qualifiers: field(row, f + 1, end) });
  });
  if (copied) return;
  let after = -1;
  for (;;) {
    const { rows } = await db.raw(`${select('?', '?')} and e.claim_no > ? order by e.claim_no limit ?`, [snapshotId, [...EDGE_TYPE_NAMES], after, PAGE]);
    const page = rows as LinkRow[];
    for (const r of page) if (wanted(r.claim_no)) visit(r);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.claim_no;
  }
}

/** Reads the citation table of a graph from the store. */
export async function loadCitationTable(db: Knex, g: TypedKnowledgeGraph): Promise<CitationTable> {
  const slots = g.claimCount;
  const file = new Int32Array(slots).fill(NONE);
  const line = new Int32Array(slots);
  const reference = new Int32Array(slots).fill(NONE);
  const code = new Int32Array(slots).fill(NONE);
  const qualifierOf = new Int32Array(slots).fill(NONE);
  const strings = new Interned();
  const qualifierTexts = new Interned();
  for (let s = 0; s < g.snapshots.length; s++) {
    const { keys, span } = citedSlots(g, s);
    if (keys.length === 0) continue;
    let at = 0; // rows come in claim_no order, as the keys are sorted
    const claimAt = (i: number) => Math.floor(keys[i]! / span);
    await forEachCitedLink(db, g.snapshots[s]!.snapshot_id, (claimNo) => {
      while (at < keys.length && claimAt(at) < claimNo) at++;
      return at < keys.length && claimAt(at) === claimNo;
    }, (row) => {
      for (let i = at; i < keys.length && claimAt(i) === row.claim_no; i++) {
        const p = keys[i]! % span;
        file[p] = strings.of(row.source_file);
        line[p] = row.source_line;
        reference[p] = strings.of(row.reference);
        code[p] = strings.of(row.evidence_code);
        qualifierOf[p] = qualifierTexts.of(row.qualifiers === null ? null : typeof row.qualifiers === 'string' ? row.qualifiers : JSON.stringify(row.qualifiers));
      }
    });
  }
  return new CitationTable(g, file, line, reference, code, qualifierOf, strings.list, qualifierTexts.list);
}
