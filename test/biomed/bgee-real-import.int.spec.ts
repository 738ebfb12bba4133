// The bgee importer on the real shared matrices (dhimmel/bgee present-in-adult.tsv.gz and diffex.tsv.gz,
// 1.68 million claims): counts per predicate, genes and anatomy columns equal the test's own reading of
// the files (gunzipSync + split), every gene's claims and evidence line checked against its row, TNF by
// hand, the import time on PostgreSQL, idempotent re-import, a tampered copy refused, and the same small
// matrix giving the same rows on PGlite (no COPY) as on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportFailedError, importSnapshot } from '../../commands/biomed/import-snapshot';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { PostgresEventStore } from '../../infra/event-store/postgres-event-store';
import { openTestPglite } from '../support/databases';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const PRESENT = 'bgee/present-in-adult.tsv.gz';
const DIFFEX = 'bgee/diffex.tsv.gz';
const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';
const IMPORT_SECONDS_TARGET = 25;

interface GeneCounts { line: number; n: Record<string, number> }

/** Read straight from a matrix: header, per-value totals and, per gene, its line and value counts. */
function readMatrix(rel: string) {
  const lines = zlib.gunzipSync(fs.readFileSync(shared(rel))).toString('utf8').split('\n');
  const header = lines[0]!.split('\t');
  const totals: Record<string, number> = {};
  const genes = new Map<string, GeneCounts>();
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '') continue;
    const cells = lines[i]!.split('\t');
    const n: Record<string, number> = {};
    for (const v of cells.slice(1)) { n[v] = (n[v] ?? 0) + 1; totals[v] = (totals[v] ?? 0) + 1; }
    genes.set(cells[0]!, { line: i + 1, n });
  }
  return { header, totals, genes };
}

describe('biomed: bgee import of the real shared matrices (1.68 million claims)', function () {
  this.timeout(300_000);
  let env: BiomedEnv;
  let present: ReturnType<typeof readMatrix>;
  let diffex: ReturnType<typeof readMatrix>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, PRESENT, DIFFEX, GENE_INFO);
    present = readMatrix(PRESENT);
    diffex = readMatrix(DIFFEX);
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-bgee-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the files have the README\'s genes and the expected cells; every column header is a UBERON/CL CURIE (read by the test itself)', () => {
    expect([present.genes.size, diffex.genes.size]).to.deep.equal([18962, 18620]);
    expect([present.header[0], diffex.header[0]]).to.deep.equal(['entrez_gene_id', 'GeneID']);
    expect([present.header.length - 1, diffex.header.length - 1]).to.deep.equal([188, 98]);
    for (const h of [...present.header.slice(1), ...diffex.header.slice(1)]) expect(h).to.match(/^(UBERON|CL):\d{7}$/);
    expect(present.totals).to.deep.equal({ 0: 2414168, 1: 1150688 });
    expect(diffex.totals).to.deep.equal({ '-1': 283995, 0: 1294929, 1: 245836 });
  });

  it(`imports both pinned matrices on PostgreSQL in under ${IMPORT_SECONDS_TARGET} s: a claim and an evidence link per 1 / -1 cell, none per 0`, async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'bgee', files: [shared(PRESENT), shared(DIFFEX)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    const total = present.totals['1']! + diffex.totals['1']! + diffex.totals['-1']!;
    console.log(`      bgee import of ${total} claims + ${total} evidence links: ${seconds.toFixed(1)} s (${Math.round((2 * total) / seconds)} rows/s)`);
    expect(seconds, 'import time (s)').to.be.below(IMPORT_SECONDS_TARGET);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      claims: total, evidence_links: total, terms: 0,
      expressed_in: present.totals['1'], upregulated_in: diffex.totals['1'], downregulated_in: diffex.totals['-1'],
      genes: new Set([...present.genes.keys(), ...diffex.genes.keys()]).size,
      presence_rows: present.genes.size, presence_genes: present.genes.size, presence_anatomy_columns: 188, presence_rows_skipped: 0,
      diffex_rows: diffex.genes.size, diffex_genes: diffex.genes.size, diffex_anatomy_columns: 98, diffex_rows_skipped: 0,
    });
    const { rows } = await env.runtime.db.knex.raw(`select c.predicate, c.evidence_direction, e.evidence_code, e.source_file, e.reference, count(*)::int as n, count(c.qualifiers)::int as with_qualifiers
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? group by 1, 2, 3, 4, 5 order by 1`, [snapshotId]);
    expect(rows).to.deep.equal([
      { predicate: 'DOWNREGULATED_IN', evidence_direction: 'supports', evidence_code: 'under', source_file: 'diffex.tsv.gz', reference: 'doi:10.1093/nar/gkaa793', n: diffex.totals['-1'], with_qualifiers: 0 },
      { predicate: 'EXPRESSED_IN', evidence_direction: 'supports', evidence_code: 'present', source_file: 'present-in-adult.tsv.gz', reference: 'doi:10.1093/nar/gkaa793', n: present.totals['1'], with_qualifiers: 0 },
      { predicate: 'UPREGULATED_IN', evidence_direction: 'supports', evidence_code: 'over', source_file: 'diffex.tsv.gz', reference: 'doi:10.1093/nar/gkaa793', n: diffex.totals['1'], with_qualifiers: 0 },
    ]);
  });

  it('gives every gene exactly its row\'s claims, with its row\'s line as evidence, on anatomy of the header', async () => {
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.predicate, e.source_line, count(*)::int as n, count(distinct c.object)::int as objects
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? group by 1, 2, 3`, [snapshotId]);
    const got = new Map<string, { line: number; n: number; objects: number }>();
    for (const r of rows as { subject: string; predicate: string; source_line: number; n: number; objects: number }[]) {
      const key = `${r.subject}|${r.predicate}`;
      expect(got.has(key), `${key} has one evidence line`).to.equal(false);
      got.set(key, { line: r.source_line, n: r.n, objects: r.objects });
    }
    const want = new Map<string, { line: number; n: number; objects: number }>();
    for (const [gene, g] of present.genes) if (g.n['1']) want.set(`NCBIGene:${gene}|EXPRESSED_IN`, { line: g.line, n: g.n['1'], objects: g.n['1'] });
    for (const [gene, g] of diffex.genes) {
      if (g.n['1']) want.set(`NCBIGene:${gene}|UPREGULATED_IN`, { line: g.line, n: g.n['1'], objects: g.n['1'] });
      if (g.n['-1']) want.set(`NCBIGene:${gene}|DOWNREGULATED_IN`, { line: g.line, n: g.n['-1'], objects: g.n['-1'] });
    }
    expect(got.size).to.equal(want.size);
    for (const [key, w] of want) expect(got.get(key), key).to.deep.equal(w);
    const objects = (await env.runtime.db.knex.raw('select distinct object from biomed.claims where snapshot_id = ?', [snapshotId])).rows.map((r: { object: string }) => r.object);
    const headers = new Set([...present.header.slice(1), ...diffex.header.slice(1)]);
    for (const o of objects) expect(headers.has(o), o).to.equal(true);
  });

  it('checks TNF (NCBIGene:7124) by hand: present-in-adult line 4392, diffex line 4379; read through the API once ncbi_gene is imported', async () => {
    const claims = async (predicate: string) => (await env.runtime.db.knex.raw(`select c.object, e.source_line from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and c.subject = 'NCBIGene:7124' and c.predicate = ? order by 1`, [snapshotId, predicate])).rows;
    const objects = (rows: { object: string }[]) => rows.map((r) => r.object);
    const expressed = await claims('EXPRESSED_IN');
    expect(objects(expressed)).to.deep.equal(['UBERON:0000014', 'UBERON:0000029', 'UBERON:0000178', 'UBERON:0000996', 'UBERON:0002021', 'UBERON:0002372', 'UBERON:0003244', 'UBERON:0007371']);
    expect(new Set(expressed.map((r: { source_line: number }) => r.source_line))).to.deep.equal(new Set([4392]));
    expect(objects(await claims('UPREGULATED_IN'))).to.deep.equal(['UBERON:0000029', 'UBERON:0000178', 'UBERON:0002371', 'UBERON:0002372']);
    expect(objects(await claims('DOWNREGULATED_IN'))).to.deep.equal(['UBERON:0001013', 'UBERON:0007808']);
    // The claims read answers for a CURIE with a term: with ncbi_gene's genes imported, TNF's claims show.
    expect((await env.get('/api/v1/conditions/NCBIGene:7124/claims?predicate=UPREGULATED_IN')).status).to.equal(404);
    expect((await env.import({ resource: 'ncbi_gene', files: [shared(GENE_INFO)] })).outcome).to.equal('imported');
    const api = await env.get('/api/v1/conditions/NCBIGene:7124/claims?predicate=UPREGULATED_IN');
    expect(api.status).to.equal(200);
    for (const c of api.body.claims) expect(c).to.include({ subject: 'NCBIGene:7124', role: 'subject' });
    expect(api.body.claims.map((c: { object: string }) => c.object).sort()).to.deep.equal(['UBERON:0000029', 'UBERON:0000178', 'UBERON:0002371', 'UBERON:0002372']);
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'bgee', files: [shared(DIFFEX), shared(PRESENT)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(DIFFEX));
    const at = bytes.length >> 1;
    bytes[at] = bytes[at]! ^ 0x01;
    const copy = path.join(dir, 'diffex.tsv.gz');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'bgee', files: [shared(PRESENT), copy] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=bgee')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'bgee', files: [shared(DIFFEX)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });

  it('fails a matrix whose header has a column that is no anatomy CURIE, naming it; nothing is written and the active snapshot stays', async () => {
    const before = await storeFootprint(env);
    const active = (await env.get('/api/v1/snapshots?resource=bgee')).body.snapshots.filter((s: { active: boolean }) => s.active).map((s: { snapshot_id: string }) => s.snapshot_id);
    const bad = path.join(dir, 'present-bad-header.tsv');
    fs.writeFileSync(bad, 'entrez_gene_id\tUBERON:0000002\tbrain\n1\t1\t1\n');
    const error = await env.import({ resource: 'bgee', files: [bad], allowUnpinned: true }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportFailedError);
    expect((error as Error).message).to.contain('present-bad-header.tsv line 1: column 3 header \'brain\' is not an anatomy CURIE');
    const after = await storeFootprint(env);
    expect({ ...after, 'biomed.snapshots': before['biomed.snapshots'], es_events: before.es_events }).to.deep.equal(before); // only the failed attempt is on record
    expect((await env.get('/api/v1/snapshots?resource=bgee')).body.snapshots.filter((s: { active: boolean }) => s.active).map((s: { snapshot_id: string }) => s.snapshot_id)).to.deep.equal(active);
  });

  it('writes the same claims and evidence for a small matrix on PGlite (no COPY) as on PostgreSQL; malformed rows counted', async () => {
    const small = path.join(dir, 'present-small.tsv');
    fs.writeFileSync(small, 'entrez_gene_id\tUBERON:0000002\tCL:0000015\n1\t1\t0\n2\t1\t1\nx\t1\t1\n3\t0\t0\n2\t0\t1\n');
    const smallDiffex = path.join(dir, 'diffex-small.tsv');
    fs.writeFileSync(smallDiffex, 'GeneID\tUBERON:0000002\tCL:0000015\n1\t-1\t1\n2\t0\t-1\n3\t1\t7\n');
    const rowsOf = async (knex: typeof env.runtime.db.knex, id: string) => (await knex.raw(`select c.claim_no, c.subject, c.predicate, c.object, c.evidence_direction, c.qualifiers,
      e.link_no, e.source_file, e.source_line, e.reference, e.evidence_code from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? order by c.claim_no`, [id])).rows;
    const pg = await env.import({ resource: 'bgee', files: [small, smallDiffex], allowUnpinned: true });
    expect(pg.outcome).to.equal('imported');
    if (pg.outcome !== 'imported') return;
    expect(pg.snapshot.counts).to.include({ claims: 6, evidence_links: 6, expressed_in: 3, upregulated_in: 1, downregulated_in: 2, presence_rows_skipped: 2, diffex_rows_skipped: 1 });
    expect(pg.report.warnings).to.include('present-small.tsv line 4: gene id \'x\' is not an Entrez id (digits); row skipped');
    const db = await openTestPglite();
    const store = new PostgresEventStore(db.knex);
    try {
      const lite = await importSnapshot({ knex: db.knex, store, logInDatabase: true }, { resource: 'bgee', files: [small, smallDiffex], allowUnpinned: true });
      expect(lite.outcome).to.equal('imported');
      const strip = (rows: Record<string, unknown>[]) => rows.map(({ claim_no: _n, ...r }) => r);
      const expected = await rowsOf(env.runtime.db.knex, pg.snapshot.snapshot_id);
      expect(strip(await rowsOf(db.knex, lite.snapshot.snapshot_id))).to.deep.equal(strip(expected));
      expect(expected.map((r: { subject: string; predicate: string; object: string; source_line: number }) => `${r.subject} ${r.predicate} ${r.object} ${r.source_line}`)).to.deep.equal([
        'NCBIGene:1 EXPRESSED_IN UBERON:0000002 2', 'NCBIGene:2 EXPRESSED_IN UBERON:0000002 3', 'NCBIGene:2 EXPRESSED_IN CL:0000015 3',
        'NCBIGene:1 UPREGULATED_IN CL:0000015 2', 'NCBIGene:1 DOWNREGULATED_IN UBERON:0000002 2', 'NCBIGene:2 DOWNREGULATED_IN CL:0000015 3',
      ]);
    } finally {
      await store.close();
      await db.close();
    }
  });
});
