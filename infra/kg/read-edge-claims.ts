// The supporting claims of one snapshot whose predicate is an edge type, in claim_no order, as the graph
// build reads them: on node-postgres one streamed COPY ... TO STDOUT (no result objects, no paging round
// trips; each row decoded straight from the wire: claim number, edge type index computed by the database,
// subject, object); on other drivers (PGlite) pages of an ordinary query by primary key.
import type { Knex } from 'knex';
import { EDGE_TYPE_NAMES, edgeTypeIndex } from '../../domain/knowledge-graph/metagraph';
import { copyOut, copyUnescape, sqlLiteral } from '../biomed/store/copy-to';
import { T } from '../biomed/store/tables';

/** One edge claim: edge type index (EDGE_TYPES), subject and object as stored, claim number. */
export type EdgeClaimVisitor = (typeIndex: number, subject: string, object: string, claimNo: number) => void;

const PAGE = 50_000;
const TAB = 9;
const NEWLINE = 10;

/** A non-negative decimal integer of a COPY row, from its bytes. */
function parseIntField(row: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (row[i]! - 48);
  return n;
}

function edgeTypesLiteral(): string {
  return sqlLiteral(`{${EDGE_TYPE_NAMES.map((t) => `"${t}"`).join(',')}}`);
}

/** Visits every edge claim of the snapshot in claim_no order. */
export async function forEachEdgeClaim(db: Knex, snapshotId: string, visit: EdgeClaimVisitor): Promise<void> {
  const types = edgeTypesLiteral();
  const copied = await copyOut(db, `select claim_no, array_position(${types}::text[], predicate) - 1, subject, object from ${T.claims}
    where snapshot_id = ${sqlLiteral(snapshotId)} and evidence_direction = 'supports' and predicate = any(${types}::text[]) order by claim_no`, (row) => {
    const a = row.indexOf(TAB);
    const b = row.indexOf(TAB, a + 1);
    const c = row.indexOf(TAB, b + 1);
    const end = row[row.length - 1] === NEWLINE ? row.length - 1 : row.length;
    visit(parseIntField(row, a + 1, b), copyUnescape(row.toString('utf8', b + 1, c)), copyUnescape(row.toString('utf8', c + 1, end)), parseIntField(row, 0, a));
  });
  if (copied) return;
  let after = -1;
  for (;;) {
    const { rows } = await db.raw(`select claim_no, subject, predicate, object from ${T.claims}
      where snapshot_id = ? and claim_no > ? and evidence_direction = 'supports' and predicate = any(?::text[])
      order by claim_no limit ?`, [snapshotId, after, [...EDGE_TYPE_NAMES], PAGE]);
    const page = rows as { claim_no: number; subject: string; predicate: string; object: string }[];
    for (const r of page) visit(edgeTypeIndex(r.predicate)!, r.subject, r.object, r.claim_no);
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.claim_no;
  }
}
