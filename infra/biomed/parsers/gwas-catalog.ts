// Streaming readers of Himmelstein's GWAS Catalog extraction (dhimmel/gwas-catalog data/, loci.ipynb):
// - gene-associations.tsv: doid_code, doid_name, locus, high_confidence (0/1), primary (0/1), status
//   (HC-P, HC-S, LC-P, LC-S: the two flags written together), gene (Entrez GeneID), symbol. One
//   disease-gene association per line, a gene once per disease.
// - snp-associations.tsv: the GWAS Catalog associations behind the loci, one per (study association,
//   containing gene) line: doid_code, doid_name, reported_symbols, pubmed_id, upstream_gene, date,
//   containing_genes ('|'-separated), lead_snp, mlog_pvalue (-log10 p, may be empty), downstream_gene,
//   reported_genes ('|'-separated Entrez ids), cases, controls, samples (written as floats "542.0", may
//   be empty), high_confidence (0/1), lead_chrom, lower_coord, upper_coord (the lead SNP's LD window,
//   GRCh38), locus (per-disease locus number, joins gene-associations on (doid_code, locus)).
// Columns are found by name. A row with another column count, a non-DOID disease, a non-numeric gene id,
// locus or number, a 0/1 flag with another value, or a status that disagrees with its flags fails the
// import naming the line (ParseError).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ParseError, readLineBatches } from './line-reader';

export const GWAS_STATUSES = ['HC-P', 'HC-S', 'LC-P', 'LC-S'] as const;
export type GwasStatus = (typeof GWAS_STATUSES)[number];

export interface GwasGeneRow {
  line: number;
  doid: string;
  doidName: string;
  locus: number;
  highConfidence: boolean;
  primary: boolean;
  status: GwasStatus;
  gene: string;
  symbol: string;
}

export interface GwasSnpRow {
  line: number;
  doid: string;
  doidName: string;
  locus: number;
  leadSnp: string;
  /** -log10(p) as written; null when the cell is empty. */
  mlogPvalue: number | null;
  pubmedId: string;
  date: string;
  highConfidence: boolean;
  cases: number | null;
  controls: number | null;
  samples: number | null;
  chromosome: string;
  lowerCoord: number | null;
  upperCoord: number | null;
  containingGenes: string[];
  upstreamGene: string | null;
  downstreamGene: string | null;
  reportedGenes: string[];
  reportedSymbols: string;
}

const GENE_COLUMNS = ['doid_code', 'doid_name', 'locus', 'high_confidence', 'primary', 'status', 'gene', 'symbol'] as const;
const SNP_COLUMNS = ['doid_code', 'doid_name', 'reported_symbols', 'pubmed_id', 'upstream_gene', 'date', 'containing_genes', 'lead_snp', 'mlog_pvalue',
  'downstream_gene', 'reported_genes', 'cases', 'controls', 'samples', 'high_confidence', 'lead_chrom', 'lower_coord', 'upper_coord', 'locus'] as const;

const DOID = /^DOID:\d+$/;
const GENE_ID = /^\d+$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** Which of the two files a header line is: 'snps' (has lead_snp), 'genes' (has status and gene), else null. */
export function gwasKindOfHeader(header: string): 'genes' | 'snps' | null {
  const names = new Set(header.split('\t').map((n) => n.trim()));
  if (SNP_COLUMNS.every((c) => names.has(c))) return 'snps';
  if (GENE_COLUMNS.every((c) => names.has(c))) return 'genes';
  return null;
}

/** The first line of a (small) text file, gzip or not; '' for an empty file. Synchronous: for classify(). */
export function firstLineOf(path: string): string {
  const fd = fs.openSync(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(1 << 16);
    head = buffer.subarray(0, fs.readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    fs.closeSync(fd);
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    try {
      head = zlib.gunzipSync(fs.readFileSync(path)).subarray(0, 1 << 16);
    } catch {
      return '';
    }
  }
  const text = head.toString('utf8');
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

type Reader = (name: string) => string;

/** Header-indexed TSV rows: yields each data row's cell reader with its line number. */
async function* tsvRows(path: string, required: readonly string[], what: string): AsyncGenerator<{ line: number; cell: Reader }> {
  let index: Record<string, number> | null = null;
  let width = 0;
  let lineNo = 0;
  for await (const batch of readLineBatches(path)) for (const text of batch) {
    lineNo++;
    if (text.trim() === '') continue;
    const cells = text.split('\t');
    if (!index) {
      index = Object.fromEntries(cells.map((name, i) => [name.trim(), i]));
      width = cells.length;
      for (const name of required) {
        if (index[name] === undefined) throw new ParseError(path, lineNo, `column header lacks ${name} (is this ${what}?)`);
      }
      continue;
    }
    if (cells.length !== width) throw new ParseError(path, lineNo, `expected ${width} tab-separated columns, found ${cells.length}`);
    const columns = index;
    yield { line: lineNo, cell: (name) => cells[columns[name]!]!.trim() };
  }
  if (!index) throw new ParseError(path, lineNo, `no column header (${required.slice(0, 3).join(', ')}, ...) found`);
}

function doidOf(path: string, line: number, cell: Reader): string {
  const doid = cell('doid_code');
  if (!DOID.test(doid)) throw new ParseError(path, line, `doid_code '${doid}' is not a DOID CURIE`);
  return doid;
}

function wholeNumber(path: string, line: number, name: string, text: string): number {
  if (!/^\d+$/.test(text)) throw new ParseError(path, line, `${name} '${text}' is not a whole number`);
  return Number(text);
}

function flag(path: string, line: number, name: string, text: string): boolean {
  if (text !== '0' && text !== '1') throw new ParseError(path, line, `${name} '${text}' is neither 0 nor 1`);
  return text === '1';
}

function optionalNumber(path: string, line: number, name: string, text: string): number | null {
  if (text === '' || text === 'nan' || text === 'NaN') return null;
  if (!NUMBER.test(text)) throw new ParseError(path, line, `${name} '${text}' is not a number`);
  return Number(text);
}

function geneIds(path: string, line: number, name: string, text: string): string[] {
  const ids = text === '' ? [] : text.split('|').map((s) => s.trim()).filter((s) => s !== '');
  for (const id of ids) if (!GENE_ID.test(id)) throw new ParseError(path, line, `${name} '${id}' is not an Entrez GeneID`);
  return [...new Set(ids)];
}

export async function* parseGwasGeneAssociations(path: string): AsyncGenerator<GwasGeneRow> {
  for await (const { line, cell } of tsvRows(path, GENE_COLUMNS, 'GWAS Catalog gene-associations.tsv')) {
    const doid = doidOf(path, line, cell);
    const highConfidence = flag(path, line, 'high_confidence', cell('high_confidence'));
    const primary = flag(path, line, 'primary', cell('primary'));
    const status = cell('status');
    const expected = `${highConfidence ? 'H' : 'L'}C-${primary ? 'P' : 'S'}`;
    if (status !== expected) throw new ParseError(path, line, `status '${status}' disagrees with high_confidence ${Number(highConfidence)} and primary ${Number(primary)} (expected ${expected})`);
    const gene = cell('gene');
    if (!GENE_ID.test(gene)) throw new ParseError(path, line, `gene '${gene}' is not an Entrez GeneID`);
    yield {
      line, doid, doidName: cell('doid_name'), locus: wholeNumber(path, line, 'locus', cell('locus')), highConfidence, primary,
      status: status as GwasStatus, gene, symbol: cell('symbol'),
    };
  }
}

export async function* parseGwasSnpAssociations(path: string): AsyncGenerator<GwasSnpRow> {
  for await (const { line, cell } of tsvRows(path, SNP_COLUMNS, 'GWAS Catalog snp-associations.tsv')) {
    const doid = doidOf(path, line, cell);
    const leadSnp = cell('lead_snp');
    if (leadSnp === '') throw new ParseError(path, line, 'lead_snp is empty');
    const pubmedId = cell('pubmed_id');
    if (!/^\d+$/.test(pubmedId)) throw new ParseError(path, line, `pubmed_id '${pubmedId}' is not a PubMed id`);
    const single = (name: string) => {
      const ids = geneIds(path, line, name, cell(name));
      if (ids.length > 1) throw new ParseError(path, line, `${name} names ${ids.length} genes, expected at most one`);
      return ids[0] ?? null;
    };
    yield {
      line, doid, doidName: cell('doid_name'), locus: wholeNumber(path, line, 'locus', cell('locus')), leadSnp,
      mlogPvalue: optionalNumber(path, line, 'mlog_pvalue', cell('mlog_pvalue')), pubmedId, date: cell('date'),
      highConfidence: flag(path, line, 'high_confidence', cell('high_confidence')),
      cases: optionalNumber(path, line, 'cases', cell('cases')), controls: optionalNumber(path, line, 'controls', cell('controls')),
      samples: optionalNumber(path, line, 'samples', cell('samples')), chromosome: cell('lead_chrom'),
      lowerCoord: optionalNumber(path, line, 'lower_coord', cell('lower_coord')), upperCoord: optionalNumber(path, line, 'upper_coord', cell('upper_coord')),
      containingGenes: geneIds(path, line, 'containing_genes', cell('containing_genes')), upstreamGene: single('upstream_gene'),
      downstreamGene: single('downstream_gene'), reportedGenes: geneIds(path, line, 'reported_genes', cell('reported_genes')),
      reportedSymbols: cell('reported_symbols'),
    };
  }
}
