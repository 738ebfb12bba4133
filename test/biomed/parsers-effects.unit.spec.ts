// The sider, bgee and surfaceome parsers on small inputs written here: the STITCH -> PubChem rule, rows of
// the right shape, malformed rows skipped through onSkip (never a crash, never guessed), and the
// file-level problems (a wrong header, not a workbook) failing with a ParseError that names the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { expect } from 'chai';
import { parseExpressionMatrix, parseMatrixHeader } from '../../infra/biomed/parsers/bgee';
import { ParseError } from '../../infra/biomed/parsers/line-reader';
import { parsePubchemMapping, parseSiderFrequencies, parseSiderSideEffects, stitchToPubchem } from '../../infra/biomed/parsers/sider';
import { parseSurfaceomeWorkbook, SurfaceomeSheet } from '../../infra/biomed/parsers/surfaceome';
import { parseSurfaceomeTsv } from '../../infra/biomed/parsers/surfaceome-tsv';

async function collect<T>(batches: AsyncGenerator<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const batch of batches) out.push(...batch);
  return out;
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(() => null, (e: unknown) => e);
}

describe('biomed: sider, bgee and surfaceome parsers', () => {
  let dir: string;
  const write = (name: string, text: string, gzip = false) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, gzip ? zlib.gzipSync(text) : text);
    return file;
  };
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsers-effects-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('sider', () => {
    it('turns STITCH ids into PubChem CIDs as SIDER\'s README says (flat minus 100,000,000, stereo as is)', () => {
      expect(stitchToPubchem('CID100002244')).to.equal(2244);
      expect(stitchToPubchem('CID000002244')).to.equal(2244);
      expect(stitchToPubchem('CID105281007')).to.equal(5281007);
      expect(stitchToPubchem('CID005353562')).to.equal(5353562);
      expect(stitchToPubchem('2244')).to.equal(null);
      expect(stitchToPubchem('CID2002244')).to.equal(null);
    });

    it('reads meddra_all_se rows (gzip, no header) and skips malformed ones through onSkip', async () => {
      const file = write('meddra_all_se.tsv.gz', [
        'CID100000085\tCID000010917\tC0000729\tLLT\tC0000729\tAbdominal cramps',
        'CID100000085\tCID000010917\tC0000737\tPT\tC0687713\tGastrointestinal pain',
        'CID100000137\tCID000000137\tC0851353\t\t\tBlood and lymphatic system disorders',
        'CID100000085\tCID000010917\tC0000737\tPT\tC0687713', // 5 columns
        'CID000000085\tCID000010917\tC0000737\tPT\tC0687713\tflat id is a stereo id',
        'CID100000085\tCID000010917\tC0000737\tHLT\tC0687713\tunknown type',
        'CID100000085\tCID000010917\tC0000737\tPT\t\tPT without a MedDRA id',
        '',
      ].join('\n'), true);
      const skipped: [number, string][] = [];
      const rows = await collect(parseSiderSideEffects(file, (line, reason) => skipped.push([line, reason])));
      expect(rows).to.deep.equal([
        { line: 1, stitchFlat: 'CID100000085', stitchStereo: 'CID000010917', umlsLabel: 'C0000729', meddraType: 'LLT', umlsMeddra: 'C0000729', name: 'Abdominal cramps' },
        { line: 2, stitchFlat: 'CID100000085', stitchStereo: 'CID000010917', umlsLabel: 'C0000737', meddraType: 'PT', umlsMeddra: 'C0687713', name: 'Gastrointestinal pain' },
        { line: 3, stitchFlat: 'CID100000137', stitchStereo: 'CID000000137', umlsLabel: 'C0851353', meddraType: '', umlsMeddra: null, name: 'Blood and lymphatic system disorders' },
      ]);
      expect(skipped.map(([line]) => line)).to.deep.equal([4, 5, 6, 7]);
      expect(skipped[0]![1]).to.contain('expected 6 tab-separated columns, found 5');
      expect(skipped[1]![1]).to.contain('flat STITCH id');
      expect(skipped[2]![1]).to.contain('MedDRA concept type \'HLT\'');
      expect(skipped[3]![1]).to.contain('without a MedDRA UMLS id');
    });

    it('reads meddra_freq rows with the placebo flag and numeric bounds; skips bad flags and bounds', async () => {
      const file = write('meddra_freq.tsv', [
        'CID100000085\tCID000010917\tC0000737\t\t21%\t0.21\t0.21\tPT\tC0000737\tAbdominal pain',
        'CID100000085\tCID000010917\tC0000737\tplacebo\tinfrequent\t0.001\t0.01\tLLT\tC0000737\tAbdominal pain',
        'CID100000085\tCID000010917\tC0000737\tmaybe\t1%\t0.01\t0.01\tPT\tC0000737\tAbdominal pain',
        'CID100000085\tCID000010917\tC0000737\t\tcommon\tsome\t1\tPT\tC0000737\tAbdominal pain',
        'CID100000085\tCID000010917\tC0000737\t\t1e-4\t1e-4\t1E-4\tPT\tC0000737\tAbdominal pain',
      ].join('\r\n'));
      const skipped: number[] = [];
      const rows = await collect(parseSiderFrequencies(file, (line) => skipped.push(line)));
      expect(rows.map((r) => [r.line, r.placebo, r.frequency, r.lower, r.upper, r.meddraType, r.umlsMeddra])).to.deep.equal([
        [1, false, '21%', 0.21, 0.21, 'PT', 'C0000737'], [2, true, 'infrequent', 0.001, 0.01, 'LLT', 'C0000737'], [5, false, '1e-4', 0.0001, 0.0001, 'PT', 'C0000737'],
      ]);
      expect(skipped).to.deep.equal([3, 4]);
    });

    it('reads DrugBank\'s pubchem.tsv (CRLF) and refuses a file without its header', async () => {
      const file = write('pubchem.tsv', 'drugbank_id\tpubchem_id\r\nDB00945\t2244\r\nDB0094\t2244\r\nDB00316\tx\r\nDB00316\t1983\r\n');
      const skipped: number[] = [];
      const rows = await collect(parsePubchemMapping(file, (line) => skipped.push(line)));
      expect(rows).to.deep.equal([{ line: 2, drugbankId: 'DB00945', pubchemCid: '2244' }, { line: 5, drugbankId: 'DB00316', pubchemCid: '1983' }]);
      expect(skipped).to.deep.equal([3, 4]);
      const headerless = write('headerless.tsv', 'DB00945\t2244\n');
      const error = await failure(() => collect(parsePubchemMapping(headerless, () => undefined)));
      expect(error).to.be.instanceOf(ParseError);
      expect((error as ParseError).message).to.contain('headerless.tsv line 1').and.contain('drugbank_id');
      expect(await failure(() => collect(parsePubchemMapping(write('empty.tsv', ''), () => undefined)))).to.be.instanceOf(ParseError);
    });
  });

  describe('bgee', () => {
    it('reads a gene x anatomy matrix and skips rows of the wrong width, a non-numeric gene or a value not allowed', async () => {
      const file = write('diffex.tsv.gz', [
        'GeneID\tCL:0000015\tUBERON:0000002\tUBERON:0000007',
        '1\t0\t-1\t1',
        '2\t1\t1',
        'ENSG1\t0\t0\t0',
        '3\t0\t2\t0',
        '4\t-1\t0\t0',
      ].join('\n'), true);
      const skipped: [number, string][] = [];
      const batches = [];
      for await (const batch of parseExpressionMatrix(file, new Set(['-1', '0', '1']), (line, reason) => skipped.push([line, reason]))) batches.push(batch);
      expect(batches[0]!.header).to.deep.equal({ idColumn: 'GeneID', anatomy: ['CL:0000015', 'UBERON:0000002', 'UBERON:0000007'] });
      expect(batches.flatMap((b) => b.rows)).to.deep.equal([{ line: 2, geneId: '1', values: ['0', '-1', '1'] }, { line: 6, geneId: '4', values: ['-1', '0', '0'] }]);
      expect(skipped.map(([line]) => line)).to.deep.equal([3, 4, 5]);
      expect(skipped[2]![1]).to.contain('value \'2\' in column UBERON:0000002');
      // The presence matrix allows 1/0 only: a -1 there is a malformed row.
      const presence: number[] = [];
      for await (const _ of parseExpressionMatrix(file, new Set(['0', '1']), (line) => presence.push(line))) { /* rows */ }
      expect(presence).to.deep.equal([2, 3, 4, 5, 6]);
    });

    it('fails on a header that is not <id> + anatomy CURIEs, naming the column', async () => {
      expect(() => parseMatrixHeader('m.tsv', 'entrez_gene_id\tUBERON:0000002\tbrain')).to.throw(ParseError, 'column 3 header \'brain\' is not an anatomy CURIE');
      expect(() => parseMatrixHeader('m.tsv', 'entrez_gene_id\tUBERON:0000002\tUBERON:0000002')).to.throw(ParseError, 'repeats an earlier column');
      expect(() => parseMatrixHeader('m.tsv', 'UBERON:0000002\tUBERON:0000007')).to.throw(ParseError, 'gene id column name first');
      expect(() => parseMatrixHeader('m.tsv', 'entrez_gene_id')).to.throw(ParseError, 'no anatomy columns');
      expect(() => parseMatrixHeader('m.tsv', 'entrez_gene_id\tGO:0005886')).to.throw(ParseError);
      const error = await failure(async () => { for await (const _ of parseExpressionMatrix(write('e.tsv', ''), new Set(['1']), () => undefined)) { /* none */ } });
      expect(error).to.be.instanceOf(ParseError);
    });
  });

  describe('surfaceome', () => {
    async function workbook(name: string, rows: unknown[][]): Promise<string> {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('GESP score');
      for (const row of rows) sheet.addRow(row);
      const file = path.join(dir, name);
      await wb.xlsx.writeFile(file);
      return file;
    }
    const HEADER = ['Ensembl ID', 'Gene Name', 'Functional annotation', 'Genomic location', 'Core Score', 'CSPA*3', 'HPA*2', 'UniProt*1'];

    it('streams the gene rows under the header row found by "Ensembl ID", resource cells as numbers or null', async () => {
      const file = await workbook('gesp.xlsx', [
        ['Gene Information', null, null, null, 'GESP score'],
        HEADER,
        ['ENSG00000146648', 'EGFR', 'a receptor', 'chr7:55019021-55256620:+', 6, 3, 2, 1],
        ['ENSG00000177455', 'CD19', null, null, 4, 3, null, 1],
        ['ENSG0000017745', 'BAD1', null, null, 4, 3, null, 1], // Ensembl id too short
        ['ENSG00000156738', 'MS4A1', null, null, 'high', 3, null, 1], // score not a number
        ['ENSG00000156739', 'X', null, null, 3, 'yes', null, null], // resource cell not a number
        [],
        ['ENSG00000198877', { richText: [{ text: 'OR5' }, { text: 'D13' }] }, null, null, '2', null, null, '1'],
      ]);
      const skipped: [number, string][] = [];
      let sheet: SurfaceomeSheet | null = null;
      const rows = [];
      for await (const row of parseSurfaceomeWorkbook(file, (line, reason) => skipped.push([line, reason]), (s) => { sheet = s; })) rows.push(row);
      expect(sheet).to.deep.equal({ sheet: 'GESP score', headerRow: 2, resources: [{ header: 'CSPA*3', resource: 'CSPA', weight: 3 }, { header: 'HPA*2', resource: 'HPA', weight: 2 }, { header: 'UniProt*1', resource: 'UniProt', weight: 1 }] });
      expect(rows).to.deep.equal([
        { line: 3, ensemblId: 'ENSG00000146648', symbol: 'EGFR', genomicLocation: 'chr7:55019021-55256620:+', gespScore: 6, evidence: { CSPA: 3, HPA: 2, UniProt: 1 } },
        { line: 4, ensemblId: 'ENSG00000177455', symbol: 'CD19', genomicLocation: null, gespScore: 4, evidence: { CSPA: 3, HPA: null, UniProt: 1 } },
        { line: 9, ensemblId: 'ENSG00000198877', symbol: 'OR5D13', genomicLocation: null, gespScore: 2, evidence: { CSPA: null, HPA: null, UniProt: 1 } },
      ]);
      expect(skipped.map(([line]) => line)).to.deep.equal([5, 6, 7]);
      expect(skipped[1]![1]).to.contain('Core Score \'high\' is not a number');
    });

    it('fails with a ParseError for a sheet without the header or its columns, and for a file that is no workbook', async () => {
      const noHeader = await workbook('no-header.xlsx', Array.from({ length: 12 }, (_, i) => [`row ${i}`]));
      const e1 = await failure(async () => { for await (const _ of parseSurfaceomeWorkbook(noHeader, () => undefined)) { /* none */ } });
      expect(e1).to.be.instanceOf(ParseError);
      expect((e1 as Error).message).to.contain('no-header.xlsx').and.contain('Ensembl ID');
      const noScore = await workbook('no-score.xlsx', [['Ensembl ID', 'Gene Name', 'CSPA*3'], ['ENSG00000146648', 'EGFR', 3]]);
      const e2 = await failure(async () => { for await (const _ of parseSurfaceomeWorkbook(noScore, () => undefined)) { /* none */ } });
      expect((e2 as Error).message).to.contain('Core Score');
      const badResource = await workbook('bad-resource.xlsx', [[...HEADER, 'Notes'], ['ENSG00000146648', 'EGFR', null, null, 6, 3, 2, 1, 'x']]);
      const e3 = await failure(async () => { for await (const _ of parseSurfaceomeWorkbook(badResource, () => undefined)) { /* none */ } });
      expect((e3 as Error).message).to.contain('\'Notes\' is not "<resource>*<weight>"');
      const text = write('not-a-workbook.xlsx', 'Ensembl ID\tGene Name\n');
      const e4 = await failure(async () => { for await (const _ of parseSurfaceomeWorkbook(text, () => undefined)) { /* none */ } });
      expect(e4).to.be.instanceOf(ParseError);
      expect((e4 as Error).message).to.contain('not-a-workbook.xlsx').and.contain('not a readable .xlsx workbook');
    });

    it('reads the TSV form (the seed slice\'s): comment lines, then the header and gene lines, as the workbook rows', async () => {
      const file = write('gesp.tsv', [
        '# a comment naming the source',
        'Ensembl ID\tGene Name\tGenomic location\tCore Score\tCSPA*3\tHPA*2\tUniProt*1',
        'ENSG00000146648\tEGFR\tchr7:55019021-55256620:+\t6\t3\t2\t1',
        'ENSG00000177455\tCD19\t\t4\t3\t\t1',
        'ENSG0000017745\tBAD1\t\t4\t3\t\t1', // Ensembl id too short
        'ENSG00000156738\tMS4A1\t\thigh\t3\t\t1', // score not a number
        '',
        'ENSG00000198877\tOR5D13\t\t1\t\t\t1',
      ].join('\n') + '\n');
      const skipped: number[] = [];
      let sheet: SurfaceomeSheet | null = null;
      const rows = [];
      for await (const row of parseSurfaceomeTsv(file, (line) => skipped.push(line), (s) => { sheet = s; })) rows.push(row);
      expect(sheet).to.deep.equal({ sheet: null, headerRow: 2, resources: [{ header: 'CSPA*3', resource: 'CSPA', weight: 3 }, { header: 'HPA*2', resource: 'HPA', weight: 2 }, { header: 'UniProt*1', resource: 'UniProt', weight: 1 }] });
      expect(rows).to.deep.equal([
        { line: 3, ensemblId: 'ENSG00000146648', symbol: 'EGFR', genomicLocation: 'chr7:55019021-55256620:+', gespScore: 6, evidence: { CSPA: 3, HPA: 2, UniProt: 1 } },
        { line: 4, ensemblId: 'ENSG00000177455', symbol: 'CD19', genomicLocation: null, gespScore: 4, evidence: { CSPA: 3, HPA: null, UniProt: 1 } },
        { line: 8, ensemblId: 'ENSG00000198877', symbol: 'OR5D13', genomicLocation: null, gespScore: 1, evidence: { CSPA: null, HPA: null, UniProt: 1 } },
      ]);
      expect(skipped).to.deep.equal([5, 6]);
      const noHeader = write('no-header.tsv', '# only a comment\nGene Name\tCore Score\nEGFR\t6\n');
      const e1 = await failure(async () => { for await (const _ of parseSurfaceomeTsv(noHeader, () => undefined)) { /* none */ } });
      expect(e1).to.be.instanceOf(ParseError);
      expect((e1 as Error).message).to.contain('no-header.tsv line 2').and.contain('Ensembl ID');
      const empty = write('empty.tsv', '# nothing but a comment\n');
      const e2 = await failure(async () => { for await (const _ of parseSurfaceomeTsv(empty, () => undefined)) { /* none */ } });
      expect((e2 as Error).message).to.contain('no header line');
    });
  });
});
