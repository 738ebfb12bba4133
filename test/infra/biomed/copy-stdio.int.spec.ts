// COPY ... TO STDOUT as the graph build reads claims with it: every row, in order, with the text PostgreSQL
// itself returns for the same query (the independent reading), whatever characters COPY has to escape; and
// COPY ... FROM STDIN (the importers' bulk load) and TO STDOUT rejecting, not hanging, when the server refuses.
import { expect } from 'chai';
import knexFactory, { Knex } from 'knex';
import { copyCapableClient, copyFrom } from '../../../infra/biomed/store/copy-from';
import { copyOut, copyUnescape, sqlLiteral } from '../../../infra/biomed/store/copy-to';
import { createScratchDatabase, ScratchDatabase } from '../../biomed/support/biomed-env';

describe('infra/biomed/store: COPY FROM STDIN and TO STDOUT', function () {
  this.timeout(30_000);
  let scratch: ScratchDatabase;
  let db: Knex;

  before(async () => {
    scratch = await createScratchDatabase();
    db = knexFactory({ client: 'pg', connection: scratch.url, pool: { min: 0, max: 2 } });
  });
  after(async () => {
    await db?.destroy();
    await scratch?.drop();
  });

  it('streams every row in order, and each field decodes to the text an ordinary query returns', async () => {
    const values = ['NCBIGene:1', "it's", 'tab\there', 'new\nline', 'back\\slash', 'cr\rx', 'bell\bform\fvert\v', 'ünïcödé', ''];
    const query = `select n, v from unnest(${sqlLiteral(`{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`)}::text[]) with ordinality as t(v, n) order by n`;
    const expected = ((await db.raw(query)).rows as { n: string; v: string }[]).map((r) => [Number(r.n), r.v]);
    expect(expected.map((r) => r[1])).to.deep.equal(values); // the literal carried every value intact
    const got: [number, string][] = [];
    const copied = await copyOut(db, query, (row) => {
      const text = row.toString('utf8').replace(/\n$/, '');
      const tab = text.indexOf('\t');
      got.push([Number(text.slice(0, tab)), copyUnescape(text.slice(tab + 1))]);
    });
    expect(copied).to.equal(true);
    expect(got).to.deep.equal(expected);
  });

  it('COPY TO rejects with the server\'s error and leaves the pool usable', async () => {
    let error: unknown;
    try { await copyOut(db, 'select * from no_such_table', () => undefined); } catch (e) { error = e; }
    expect(String(error)).to.match(/no_such_table/);
    expect((await db.raw('select 1 as one')).rows[0].one).to.equal(1);
  });

  it('COPY FROM rejects when the server refuses a row (it waited for ever: node-pg never hands a refused query its ReadyForQuery)', async () => {
    await db.raw('create table copied (n integer primary key)');
    let error: unknown;
    try {
      await db.transaction(async (trx) => {
        const client = await copyCapableClient(trx);
        expect(client).to.not.equal(undefined);
        await copyFrom(client!, 'copied', ['n'], Buffer.from('1\n1\n'));
      });
    } catch (e) { error = e; }
    expect(String(error)).to.match(/duplicate key/);
    expect((await db.raw('select count(*)::int as n from copied')).rows[0].n).to.equal(0);
  });
});
