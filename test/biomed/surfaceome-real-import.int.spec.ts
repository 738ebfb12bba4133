// The surfaceome importer on the real shared workbook (TCSA Figure1_GESPscore.xlsx) with NCBI Gene's
// gene_info: the test reads the workbook itself WITHOUT exceljs, by inflating the zip entries with
// node's zlib (central directory -> local header -> inflateRawSync) and picking cells out of the sheet
// XML with regular expressions; every claim's row, Ensembl id, symbol and GESP score is compared with that
// reading, the Ensembl -> NCBIGene rule with its own reading of gene_info; EGFR and CD19 by hand,
// idempotent re-import, a tampered copy refused, and the CLI import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const WORKBOOK = 'surfaceome/TCSA-Figure1_GESPscore.xlsx';
const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';

/** The named entries of a zip file, inflated (stored or deflated entries only). */
function unzipEntries(file: string, names: string[]): Map<string, string> {
  const zip = fs.readFileSync(file);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (names.includes(name)) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      out.set(name, (method === 0 ? data : zlib.inflateRawSync(data)).toString('utf8'));
    }
    at = next;
  }
  return out;
}

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, '\'').replace(/&amp;/g, '&');

/** Rows of the sheet as column letter -> cell text (shared strings resolved), read from the XML. */
function readWorkbook() {
  const xml = unzipEntries(shared(WORKBOOK), ['xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml']);
  const strings = [...xml.get('xl/sharedStrings.xml')!.matchAll(/<si>([\s\S]*?)<\/si>/g)]
    .map((m) => unescapeXml([...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')));
  const rows = new Map<number, Record<string, string>>();
  for (const row of xml.get('xl/worksheets/sheet1.xml')!.matchAll(/<row r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: Record<string, string> = {};
    for (const c of row[2]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const v = c[3] ? /<v>([\s\S]*?)<\/v>/.exec(c[3]) : null;
      if (v) cells[c[1]!] = /t="s"/.test(c[2]!) ? strings[Number(v[1])]! : v[1]!;
    }
    rows.set(Number(row[1]), cells);
  }
  return rows;
}

function expectedFromFiles() {
  const rows = readWorkbook();
  const header = rows.get(2)!;
  const genes = [...rows.entries()].filter(([r, c]) => r > 2 && c.A).map(([r, c]) => ({ row: r, ensembl: c.A!, symbol: c.B!, score: Number(c.E) }));
  const entrez = new Map<string, Set<string>>();
  for (const line of zlib.gunzipSync(fs.readFileSync(shared(GENE_INFO))).toString('utf8').split('\n')) {
    const c = line.split('\t');
    if (c[0] !== '9606') continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('Ensembl:')) entrez.set(x.slice(8), (entrez.get(x.slice(8)) ?? new Set()).add(c[1]!));
  }
  const subjectOf = (ensembl: string) => (entrez.get(ensembl)?.size === 1 ? `NCBIGene:${[...entrez.get(ensembl)!][0]}` : `ENSEMBL:${ensembl}`);
  return { header, genes, entrez, subjectOf };
}

describe('biomed: surfaceome import of the real shared workbook (TCSA GESP scores) with gene_info', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, WORKBOOK, GENE_INFO);
    expected = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-surfaceome-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the workbook has one header row and 3,567 genes (read from the sheet XML by the test itself)', () => {
    expect(Object.values(expected.header)).to.deep.equal(['Ensembl ID', 'Gene Name', 'Functional annotation', 'Genomic location', 'Core Score',
      'CSPA*3', 'HPA*2', 'TOPDB*2', 'SURFY2*3', 'UniProt*1', 'COMPATRMENT*1', 'PANTHER*1', 'HMPAS*1', 'Rabbitts*1']);
    expect(expected.genes).to.have.length(3567);
    expect(new Set(expected.genes.map((g) => g.ensembl)).size).to.equal(3567);
    expect(expected.genes.find((g) => g.symbol === 'EGFR')).to.deep.equal({ row: 3, ensembl: 'ENSG00000146648', symbol: 'EGFR', score: 15 });
  });

  it('imports the pinned files: one HAS_SURFACE_EVIDENCE claim per gene row, on NCBIGene when exactly one Entrez gene lists the Ensembl id', async () => {
    const result = await env.import({ resource: 'surfaceome', files: [shared(WORKBOOK), shared(GENE_INFO)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.forced).to.equal(false);
    const onNcbi = expected.genes.filter((g) => expected.subjectOf(g.ensembl).startsWith('NCBIGene:')).length;
    const several = expected.genes.filter((g) => (expected.entrez.get(g.ensembl)?.size ?? 0) > 1).length;
    expect([onNcbi, several]).to.deep.equal([3228, 7]);
    expect(result.snapshot.counts).to.include({
      rows: 3567, claims: 3567, evidence_links: 3567, terms: 1, rows_skipped_malformed: 0, claims_on_ncbigene: onNcbi, claims_on_ensembl: 3567 - onNcbi,
      ensembl_with_several_entrez: several, ensembl_without_entrez: 3567 - onNcbi - several, zero_score_rows: expected.genes.filter((g) => g.score === 0).length,
      subjects: new Set(expected.genes.map((g) => expected.subjectOf(g.ensembl))).size,
    });
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.predicate, c.object, c.evidence_direction, c.qualifiers, e.source_file, e.source_line, e.reference, e.evidence_code
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? order by e.source_line`, [snapshotId]);
    expect(rows.map((r: { source_line: number; subject: string; qualifiers: { ensembl_id: string; symbol: string; gesp_score: number } }) =>
      ({ row: r.source_line, ensembl: r.qualifiers.ensembl_id, symbol: r.qualifiers.symbol, score: r.qualifiers.gesp_score, subject: r.subject })))
      .to.deep.equal(expected.genes.map((g) => ({ ...g, subject: expected.subjectOf(g.ensembl) })));
    for (const r of rows) {
      expect(r).to.include({ predicate: 'HAS_SURFACE_EVIDENCE', object: 'SURFACEOME:cell_surface', evidence_direction: 'supports', source_file: 'TCSA-Figure1_GESPscore.xlsx',
        reference: 'doi:10.1038/s43018-021-00282-w', evidence_code: 'GESP' });
      // The GESP score is the sum of the resource cells.
      expect(Object.values(r.qualifiers.evidence as Record<string, number | null>).reduce((n: number, v) => n + (v ?? 0), 0)).to.equal(r.qualifiers.gesp_score);
    }
  });

  it('checks EGFR and CD19 by hand (rows 3 and 19 of the sheet)', async () => {
    const claim = async (symbol: string) => (await env.runtime.db.knex.raw(`select c.subject, c.qualifiers, e.source_line from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and c.qualifiers->>'symbol' = ?`, [snapshotId, symbol])).rows;
    const [egfr] = await claim('EGFR');
    expect(egfr.subject).to.equal('NCBIGene:1956');
    expect(egfr.source_line).to.equal(3);
    expect(egfr.qualifiers).to.deep.equal({
      gesp_score: 15, evidence: { CSPA: 3, HPA: 2, TOPDB: 2, SURFY2: 3, UniProt: 1, COMPATRMENT: 1, PANTHER: 1, HMPAS: 1, Rabbitts: 1 },
      resource_weights: { CSPA: 3, HPA: 2, TOPDB: 2, SURFY2: 3, UniProt: 1, COMPATRMENT: 1, PANTHER: 1, HMPAS: 1, Rabbitts: 1 },
      symbol: 'EGFR', ensembl_id: 'ENSG00000146648', genomic_location: 'chr7:55019021-55256620:+',
      source: 'The Cancer Surfaceome Atlas (Hu et al., Nature Cancer 2021)', license: 'published supplementary data; cite the paper',
    });
    const [cd19] = await claim('CD19');
    const cd19Row = expected.genes.find((g) => g.symbol === 'CD19')!;
    expect([cd19.subject, cd19.source_line, cd19Row.row, cd19.qualifiers.gesp_score]).to.deep.equal(['NCBIGene:930', 19, 19, 11]);
    expect(cd19.qualifiers.evidence).to.deep.equal({ CSPA: 3, HPA: null, TOPDB: null, SURFY2: 3, UniProt: 1, COMPATRMENT: 1, PANTHER: 1, HMPAS: 1, Rabbitts: 1 });
    // Two Ensembl ids of OR5D13 (NCBIGene:390142): two claims on the one gene.
    expect((await claim('OR5D13')).map((c: { subject: string }) => c.subject)).to.deep.equal(['NCBIGene:390142', 'NCBIGene:390142']);
    const node = await env.get('/api/v1/conditions/SURFACEOME:cell_surface');
    expect(node.status).to.equal(200);
    expect(node.body.kind).to.equal('surface_location');
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'surfaceome', files: [shared(GENE_INFO), shared(WORKBOOK)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(WORKBOOK));
    const at = bytes.length >> 1;
    bytes[at] = bytes[at]! ^ 0x01;
    const copy = path.join(dir, 'TCSA-Figure1_GESPscore.xlsx');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'surfaceome', files: [copy, shared(GENE_INFO)] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=surfaceome')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'surfaceome', files: [shared(GENE_INFO)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });

  it('imports through `evidence biomed import surfaceome <xlsx>` (no gene_info: every gene stays ENSEMBL)', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'surfaceome', shared(WORKBOOK)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported surfaceome as snapshot surfaceome-4cb38c75b96c-1/).and.contain('"claims_on_ensembl": 3567').and.contain('"claims_on_ncbigene": 0')
        .and.contain('no gene_info file given');
    } finally {
      await scratch.drop();
    }
  });
});
