// The first evidence link (file, line, reference, evidence code) of every claim of one snapshot, in claim_no
// order, for the citation table (citation-table.ts): one streamed COPY on node-postgres, pages by primary key on
// PGlite. Strings come back interned (an index into `strings`, NONE for null). On the COPY path each row is
// decoded from its bytes: claim numbers and lines parsed digit by digit, and a field whose bytes equal the
// previous row's (a snapshot's rows mostly share their file and evidence code) reuses its index without
// decoding (issue 25: decoding 2.1 M rows into strings was most of the table's load, on the serving loop).
import type { Knex } from 'knex';
import { copyOut, copyUnescape, sqlLiteral } from '../biomed/store/copy-to';
import { T } from '../biomed/store/tables';

export const NONE = -1;
const PAGE = 50_000;
/** Rows decoded between two turns of the event loop (well under a millisecond of work). */
const ROWS_PER_TURN = 2_000;
const TAB = 9;
const NEWLINE = 10;

/** Interns strings: each distinct one stored once, rows keep its index. */
export class Interned {
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

/** A COPY text field interned, remembering the last field's bytes: the same bytes again give the same index. */
class LastField {
  private last: Buffer | undefined;
  private lastIndex = NONE;
  constructor(private readonly strings: Interned) {}
  of(row: Buffer, from: number, to: number): number {
    if (this.same(row, from, to)) return this.lastIndex;
    const text = row.toString('utf8', from, to);
    this.lastIndex = this.strings.of(text === '\\N' ? null : copyUnescape(text));
    this.last = Buffer.from(row.subarray(from, to)); // the row's bytes are node-pg's buffer, reused after the call
    return this.lastIndex;
  }

  /** Byte by byte: the fields are short, and Buffer.compare's native call costs more than the loop. */
  private same(row: Buffer, from: number, to: number): boolean {
    const last = this.last;
    if (last === undefined || last.length !== to - from) return false;
    for (let i = 0; i < last.length; i++) if (row[from + i] !== last[i]) return false;
    return true;
  }
}

/** A COPY text field as a number, as Number(text) gives it (digits read directly; anything else through Number). */
export function fieldNumber(row: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = row[i]! - 48;
    if (d < 0 || d > 9 || i - from >= 15) return Number(row.toString('latin1', from, to));
    n = n * 10 + d;
  }
  return n;
}

/** The next tab at or after `from` (a loop: Buffer.indexOf's native call costs more on fields this short). */
function nextTab(row: Buffer, from: number): number {
  for (let i = from; i < row.length; i++) if (row[i] === TAB) return i;
  return -1;
}

export type FirstLinkVisit = (claimNo: number, file: number, line: number, reference: number, code: number) => void;

interface LinkRow { claim_no: number; source_file: string | null; source_line: number; reference: string | null; evidence_code: string | null }

/** Calls visit for each claim of the snapshot that `wanted` accepts (the others are not decoded). */
export async function forEachFirstLink(db: Knex, snapshotId: string, strings: Interned, wanted: (claimNo: number) => boolean, visit: FirstLinkVisit): Promise<void> {
  const select = (snapshot: string) => `select claim_no, source_file, source_line, reference, evidence_code from ${T.evidence}
    where snapshot_id = ${snapshot} and link_no = 1`;
  const file = new LastField(strings);
  const reference = new LastField(strings);
  const code = new LastField(strings);
  const copied = await copyOut(db, `${select(sqlLiteral(snapshotId))} order by claim_no`, (row) => {
    const a = nextTab(row, 0);
    const claimNo = fieldNumber(row, 0, a);
    if (!wanted(claimNo)) return;
    const b = nextTab(row, a + 1);
    const c = nextTab(row, b + 1);
    const d = nextTab(row, c + 1);
    const end = row[row.length - 1] === NEWLINE ? row.length - 1 : row.length;
    visit(claimNo, file.of(row, a + 1, b), fieldNumber(row, b + 1, c), reference.of(row, c + 1, d), code.of(row, d + 1, end));
  }, ROWS_PER_TURN);
  if (copied) return;
  let after = -1;
  for (;;) {
    const { rows } = await db.raw(`${select('?')} and claim_no > ? order by claim_no limit ?`, [snapshotId, after, PAGE]);
    const page = rows as LinkRow[];
    for (const r of page) if (wanted(r.claim_no)) visit(r.claim_no, strings.of(r.source_file), r.source_line, strings.of(r.reference), strings.of(r.evidence_code));
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.claim_no;
  }
}
