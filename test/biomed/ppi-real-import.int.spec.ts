// The ppi importer on the real shared files (Hetionet's protein-interactions.txt.gz + NCBI Gene's
// Homo_sapiens.gene_info.gz): counts equal the test's own reading of both files (plain string splitting
// after zlib.gunzipSync, never the importer's parsers), one symmetric INTERACTS_WITH claim per unordered
// gene pair with the smaller CURIE as subject, HGNC -> NCBIGene only through exactly one gene_info row,
// self-loops skipped and duplicate rows merged (checked on a crafted copy: the real file has neither),
// idempotent, a tampered copy refused, and the HGNC ids kept without gene_info.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportFailedError } from '../../commands/biomed/import-snapshot';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const PPI = 'ppi/protein-interactions.txt.gz';
const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';

interface Row { line: number; source: string; sourceSymbol: string; target: string; targetSymbol: string; pubmed: string; type: string; method: string }

const listOf = (text: string, sep: RegExp) => [...new Set(text.split(sep).map((s) => s.trim()).filter((s) => s !== '' && s !== '-'))];

function readRows(bytes: Buffer): Row[] {
  const lines = zlib.gunzipSync(bytes).toString('utf8').split(/\r?\n/); // the file has CRLF line ends
  const header = lines[0]!.split('\t');
  const col = (name: string) => header.indexOf(name);
  const rows: Row[] = [];
  lines.forEach((l, i) => {
    if (i === 0 || l === '') return;
    const c = l.split('\t');
    rows.push({ line: i + 1, source: c[col('source_code')]!, sourceSymbol: c[col('source_symbol')]!, target: c[col('target_code')]!, targetSymbol: c[col('target_symbol')]!,
      pubmed: c[col('pubmed')]!, type: c[col('interaction_type')]!, method: c[col('method')]! });
  });
  return rows;
}

/** HGNC id -> GeneIDs of the tax_id 9606 genes listing it (dbXrefs "HGNC:HGNC:5"). */
function hgncToEntrez(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const line of zlib.gunzipSync(fs.readFileSync(shared(GENE_INFO))).toString('utf8').split('\n')) {
    if (line.startsWith('#') || line === '') continue;
    const c = line.split('\t');
    if (c[0] !== '9606') continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('HGNC:HGNC:')) out.set(`HGNC:${x.slice(10)}`, (out.get(`HGNC:${x.slice(10)}`) ?? new Set()).add(c[1]!));
  }
  return out;
}

/** Pairs, self-loops and duplicates of the rows under a gene mapping. */
function pairsOf(rows: Row[], gene: (hgnc: string) => string) {
  const pairs = new Map<string, { subject: string; object: string; rows: Row[] }>();
  let selfLoops = 0;
  let duplicates = 0;
  for (const r of rows) {
    const a = gene(r.source);
    const b = gene(r.target);
    if (a === b) { selfLoops++; continue; }
    const [subject, object] = a < b ? [a, b] : [b, a];
    const key = `${subject} ${object}`;
    const known = pairs.get(key);
    if (known) { duplicates++; known.rows.push(r); } else pairs.set(key, { subject, object, rows: [r] });
  }
  return { pairs, selfLoops, duplicates };
}

function expectedFromFiles() {
  const rows = readRows(fs.readFileSync(shared(PPI)));
  const entrez = hgncToEntrez();
  const gene = (h: string) => (entrez.get(h)?.size === 1 ? `NCBIGene:${[...entrez.get(h)!][0]}` : h);
  const hgncIds = new Set(rows.flatMap((r) => [r.source, r.target]));
  const unmapped = [...hgncIds].filter((h) => !entrez.has(h));
  const ambiguous = [...hgncIds].filter((h) => (entrez.get(h)?.size ?? 0) > 1);
  const mapped = pairsOf(rows, gene);
  const hgncOnly = pairsOf(rows, (h) => h);
  const genes = new Set([...mapped.pairs.values()].flatMap((p) => [p.subject, p.object]));
  const onNcbi = [...mapped.pairs.values()].filter((p) => p.subject.startsWith('NCBIGene:') && p.object.startsWith('NCBIGene:')).length;
  return { rows, entrez, gene, hgncIds, unmapped, ambiguous, mapped, hgncOnly, genes, onNcbi };
}

describe('biomed: ppi import of the real shared files', function () {
  this.timeout(180_000);
  let env: BiomedEnv;
  let e: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, PPI, GENE_INFO);
    e = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-ppi-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the file has the issue\'s counts (read by the test itself): 98,187 interactions, no self-loop, no duplicate pair', () => {
    expect(e.rows.length).to.equal(98187);
    expect([e.mapped.selfLoops, e.mapped.duplicates, e.mapped.pairs.size]).to.deep.equal([0, 0, 98187]);
    expect([e.hgncOnly.selfLoops, e.hgncOnly.duplicates, e.hgncOnly.pairs.size]).to.deep.equal([0, 0, 98187]);
    expect(e.hgncIds.size).to.equal(14409);
    // 16 HGNC ids are in no human gene_info row (68 rows touch one); none is listed by two genes.
    expect([e.unmapped.length, e.ambiguous.length]).to.deep.equal([16, 0]);
    expect(e.rows.filter((r) => e.gene(r.source).startsWith('HGNC:') || e.gene(r.target).startsWith('HGNC:')).length).to.equal(68);
  });

  it('imports the pinned files in seconds: one INTERACTS_WITH claim per unordered pair, smaller CURIE first, on NCBIGene', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'ppi', files: [shared(PPI), shared(GENE_INFO)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    console.log(`      ppi import of ${e.rows.length} rows (+ gene_info): ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.deep.include({
      rows: e.rows.length, self_loops: 0, duplicate_rows: 0, distinct_pairs: e.mapped.pairs.size, claims: e.mapped.pairs.size,
      evidence_links: e.rows.length, terms: 0, mappings: 0, genes: e.genes.size, hgnc_ids: e.hgncIds.size,
      hgnc_mapped_to_ncbigene: e.hgncIds.size - e.unmapped.length, hgnc_unmapped: e.unmapped.length, hgnc_ambiguous: 0,
      claims_on_ncbigene: e.onNcbi, claims_with_hgnc: e.mapped.pairs.size - e.onNcbi,
      rows_without_pubmed: e.rows.filter((r) => listOf(r.pubmed, /[|,]/).length === 0).length,
      rows_without_method: e.rows.filter((r) => listOf(r.method, /\|/).length === 0).length,
    });
    expect((result.report.details as { gene_mapping: { hgnc_unmapped: string[] } }).gene_mapping.hgnc_unmapped.sort()).to.deep.equal([...e.unmapped].sort());
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.claims', `${where} and predicate = 'INTERACTS_WITH' and evidence_direction = 'supports'`)).to.equal(e.mapped.pairs.size);
    expect(await env.count('biomed.claims', `${where} and subject >= object`)).to.equal(0);
    expect(await env.count('biomed.claims', `${where} and (qualifiers->>'symmetric')::boolean`)).to.equal(e.mapped.pairs.size);
    // Every claim is one of the file's pairs, with that pair's PubMed ids, methods and interaction types.
    const { rows } = await env.runtime.db.knex.raw(`select subject, object, qualifiers from biomed.claims where ${where}`);
    expect(rows).to.have.length(e.mapped.pairs.size);
    for (const c of rows as { subject: string; object: string; qualifiers: Record<string, unknown> }[]) {
      const pair = e.mapped.pairs.get(`${c.subject} ${c.object}`);
      expect(pair, `${c.subject} ${c.object}`).to.not.equal(undefined);
      const r = pair!.rows[0]!;
      expect(c.qualifiers.pubmed_ids).to.deep.equal(listOf(r.pubmed, /[|,]/));
      expect(c.qualifiers.methods).to.deep.equal(listOf(r.method, /\|/));
      expect(c.qualifiers.interaction_types).to.deep.equal(listOf(r.type, /\|/));
    }
  });

  it('checks known rows by hand: A1BG-ANXA7 (two hybrid, PMID 21900206), A1CF-APOBEC1 (three PMIDs), MDM2-TP53', async () => {
    const claim = async (subject: string, object: string) => (await env.runtime.db.knex.raw(`select c.claim_no, c.predicate, c.evidence_direction, c.mondo_curie, c.qualifiers
      from biomed.claims c where c.snapshot_id = ? and c.subject = ? and c.object = ?`, [snapshotId, subject, object])).rows;
    const links = async (claimNo: number) => (await env.runtime.db.knex.raw(`select link_no, source_file, source_line, reference, evidence_code
      from biomed.evidence_links where snapshot_id = ? and claim_no = ? order by link_no`, [snapshotId, claimNo])).rows;
    // Line 2: HGNC:5 A1BG - HGNC:545 ANXA7, 21900206, MI:0407(direct interaction), MI:0018(two hybrid).
    expect(e.rows[0]).to.deep.equal({ line: 2, source: 'HGNC:5', sourceSymbol: 'A1BG', target: 'HGNC:545', targetSymbol: 'ANXA7', pubmed: '21900206',
      type: 'MI:0407(direct interaction)', method: 'MI:0018(two hybrid)' });
    const [a1bg] = await claim('NCBIGene:1', 'NCBIGene:310');
    expect(a1bg).to.deep.include({ predicate: 'INTERACTS_WITH', evidence_direction: 'supports', mondo_curie: null });
    expect(a1bg.qualifiers).to.deep.equal({
      symmetric: true, methods: ['MI:0018(two hybrid)'], interaction_types: ['MI:0407(direct interaction)'], pubmed_ids: ['21900206'],
      symbols: ['A1BG', 'ANXA7'], hgnc_ids: ['HGNC:5', 'HGNC:545'], source_rows: 1, source: 'Hetionet PPI (dhimmel/ppi)', license: 'CC BY 4.0',
    });
    expect(await links(a1bg.claim_no)).to.deep.equal([{ link_no: 1, source_file: 'protein-interactions.txt.gz', source_line: 2, reference: 'PMID:21900206', evidence_code: 'MI:0018(two hybrid)' }]);
    // Line 13: A1CF (NCBIGene:29974) - APOBEC1 (NCBIGene:339); 'NCBIGene:29974' < 'NCBIGene:339' as strings.
    const row13 = e.rows.find((r) => r.line === 13)!;
    expect(row13).to.include({ source: 'HGNC:24086', target: 'HGNC:604', pubmed: '10669759|11134005, 10669759, 12881431|11134005', method: 'MI:0004(affinity chromatography technology)|MI:0096(pull down)|-' });
    const [a1cf] = await claim('NCBIGene:29974', 'NCBIGene:339');
    expect(a1cf.qualifiers).to.deep.include({
      pubmed_ids: ['10669759', '11134005', '12881431'], methods: ['MI:0004(affinity chromatography technology)', 'MI:0096(pull down)'],
      interaction_types: ['MI:0915(physical association)', 'MI:0407(direct interaction)'], symbols: ['A1CF', 'APOBEC1'],
    });
    expect((await links(a1cf.claim_no))[0]).to.include({ source_line: 13, reference: 'PMID:10669759', evidence_code: 'MI:0004(affinity chromatography technology)' });
    // MDM2 (HGNC:6973 = NCBIGene:4193) - TP53 (HGNC:11998 = NCBIGene:7157): the file writes MDM2 first.
    const mdm2 = e.rows.find((r) => r.source === 'HGNC:6973' && r.target === 'HGNC:11998')!;
    const [p53] = await claim('NCBIGene:4193', 'NCBIGene:7157');
    expect(p53.qualifiers.pubmed_ids).to.deep.equal(listOf(mdm2.pubmed, /[|,]/));
    expect((p53.qualifiers.pubmed_ids as string[]).length).to.be.above(50);
    expect(p53.qualifiers.symbols).to.deep.equal(['MDM2', 'TP53']);
    expect((await links(p53.claim_no))[0]).to.include({ source_line: mdm2.line, reference: `PMID:${listOf(mdm2.pubmed, /[|,]/)[0]}` });
    // An HGNC id gene_info does not list keeps its HGNC CURIE.
    const unmappedRow = e.rows.find((r) => e.unmapped.includes(r.source) || e.unmapped.includes(r.target))!;
    const ends = [e.gene(unmappedRow.source), e.gene(unmappedRow.target)].sort();
    expect(await claim(ends[0]!, ends[1]!)).to.have.length(1);
    expect(ends.some((x) => x.startsWith('HGNC:'))).to.equal(true);
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    expect(stats.predicates).to.deep.include({ predicate: 'INTERACTS_WITH', count: e.mapped.pairs.size, supports: e.mapped.pairs.size, contradicts: 0, neutral: 0 });
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'ppi', files: [shared(GENE_INFO), shared(PPI)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(PPI));
    const at = bytes.length >> 1;
    bytes[at] = bytes[at]! ^ 0x01;
    const copy = path.join(dir, 'protein-interactions.txt.gz');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'ppi', files: [copy, shared(GENE_INFO)] }).then(() => null, (err: unknown) => err);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=ppi')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('fails a malformed copy (forced) naming the line: nothing written, the active snapshot untouched', async () => {
    const before = await storeFootprint(env);
    const lines = zlib.gunzipSync(fs.readFileSync(shared(PPI))).toString('utf8').split('\r\n');
    lines[30_000] = lines[30_000]!.replace(/^HGNC:\d+/, 'ENSG00000121410'); // file line 30,001: not an HGNC id
    const broken = path.join(dir, 'broken-interactions.txt.gz');
    fs.writeFileSync(broken, zlib.gzipSync(lines.join('\r\n')));
    const error = await env.import({ resource: 'ppi', files: [broken, shared(GENE_INFO)], allowUnpinned: true }).then(() => null, (err: unknown) => err);
    expect(error).to.be.instanceOf(ImportFailedError);
    expect((error as Error).message).to.match(/line 30001: source_code 'ENSG00000121410' is not an HGNC id/);
    const failedId = (error as ImportFailedError).snapshotId;
    expect(await env.count('biomed.claims', `snapshot_id = '${failedId}'`)).to.equal(0);
    expect(await storeFootprint(env)).to.deep.equal({ ...before, 'biomed.snapshots': before['biomed.snapshots']! + 1, es_events: before.es_events! + 2 });
    const snapshots = (await env.get('/api/v1/snapshots?resource=ppi')).body.snapshots;
    expect(snapshots.find((s: { snapshot_id: string }) => s.snapshot_id === snapshotId)).to.include({ active: true });
  });

  it('keeps the HGNC ids without gene_info', async () => {
    const alone = await env.import({ resource: 'ppi', files: [shared(PPI)] });
    expect(alone.outcome).to.equal('imported');
    expect(alone.snapshot.counts).to.deep.include({ claims: e.hgncOnly.pairs.size, claims_on_ncbigene: 0, claims_with_hgnc: e.hgncOnly.pairs.size, hgnc_mapped_to_ncbigene: 0 });
    const id = alone.snapshot.snapshot_id;
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and (subject not like 'HGNC:%' or object not like 'HGNC:%')`)).to.equal(0);
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and subject >= object`)).to.equal(0);
    // 'HGNC:5' < 'HGNC:545' as strings: A1BG is the subject, as with NCBIGene:1 < NCBIGene:310.
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and subject = 'HGNC:5' and object = 'HGNC:545'`)).to.equal(1);
  });

  it('skips self-loops and merges duplicate pairs (A-B again, B-A) into one claim with one evidence link per row (crafted copy, forced)', async () => {
    const lines = zlib.gunzipSync(fs.readFileSync(shared(PPI))).toString('utf8').split('\r\n');
    const crafted = [
      ...lines.slice(0, 21), // header + file lines 2..21
      'HGNC:545\tANXA7\tHGNC:5\tA1BG\t1234567, 21900206\tMI:0915(physical association)\tMI:0096(pull down)', // line 22: B-A of line 2
      'HGNC:5\tA1BG\tHGNC:5\tA1BG\t99\tMI:0407(direct interaction)\tMI:0018(two hybrid)', // line 23: self-loop
      lines[11]!, // line 24: line 12 again, as written
    ].join('\n') + '\n';
    const file = path.join(dir, 'crafted-interactions.txt.gz');
    fs.writeFileSync(file, zlib.gzipSync(crafted));
    const result = await env.import({ resource: 'ppi', files: [file, shared(GENE_INFO)], allowUnpinned: true });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    expect(result.snapshot.forced).to.equal(true);
    expect(result.snapshot.counts).to.deep.include({ rows: 23, self_loops: 1, duplicate_rows: 2, distinct_pairs: 20, claims: 20, evidence_links: 22 });
    const id = result.snapshot.snapshot_id;
    const [merged] = (await env.runtime.db.knex.raw(`select claim_no, qualifiers from biomed.claims where snapshot_id = ? and subject = 'NCBIGene:1' and object = 'NCBIGene:310'`, [id])).rows;
    expect(merged.qualifiers).to.deep.include({
      pubmed_ids: ['21900206', '1234567'], methods: ['MI:0018(two hybrid)', 'MI:0096(pull down)'],
      interaction_types: ['MI:0407(direct interaction)', 'MI:0915(physical association)'], symbols: ['A1BG', 'ANXA7'], source_rows: 2,
    });
    const links = (await env.runtime.db.knex.raw(`select link_no, source_line, reference from biomed.evidence_links where snapshot_id = ? and claim_no = ? order by link_no`, [id, merged.claim_no])).rows;
    expect(links).to.deep.equal([{ link_no: 1, source_line: 2, reference: 'PMID:21900206' }, { link_no: 2, source_line: 22, reference: 'PMID:1234567' }]);
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and subject = object`)).to.equal(0);
    expect((result.report.warnings as string[]).some((w) => /1 row\(s\) pair a gene with itself/.test(w))).to.equal(true);
  });

  it('imports through `evidence biomed import ppi <table> <gene_info>`', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const started = Date.now();
      const { code, output } = await runCli(['biomed', 'import', 'ppi', shared(PPI), shared(GENE_INFO)], cliEnv);
      console.log(`      CLI ppi import (process start to exit): ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported ppi as snapshot ppi-/).and.contain(`"distinct_pairs": ${e.mapped.pairs.size}`).and.contain('"self_loops": 0');
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'ppi', files: [shared(PPI), shared(PPI)] }).then(() => null, (err: unknown) => err);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
