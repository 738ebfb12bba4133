// The seed's surfaceome slice (fixtures/seed/surfaceome/TCSA-Figure1_GESPscore.seed.tsv) against the real
// workbook: the workbook is read through exceljs (parseSurfaceomeWorkbook), the slice through the TSV reader
// (no exceljs), and the slice's records must equal the workbook's records of the seed genes, which the test
// selects itself from the committed seed files (GWAS genes, DrugCentral targets, BindingDB genes -> their
// Ensembl dbXrefs in the seed gene_info; the seed ChEMBL molecules' targets -> UniProt -> the seed HGNC rows'
// Ensembl ids). Skips with a message where ../shared/data is absent.
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parseSurfaceomeWorkbook, SurfaceomeRow, SurfaceomeSheet } from '../../infra/biomed/parsers/surfaceome';
import { parseSurfaceomeTsv } from '../../infra/biomed/parsers/surfaceome-tsv';
import { PROJECT_ROOT, requireSharedData, shared } from './support/biomed-env';

const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');
const SLICE = path.join(SEED, 'surfaceome', 'TCSA-Figure1_GESPscore.seed.tsv');
const WORKBOOK = 'surfaceome/TCSA-Figure1_GESPscore.xlsx';

/** A column of a committed seed TSV (header on the first line). */
function column(rel: string, name: string): string[] {
  const [header, ...rows] = fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').filter((l) => l !== '');
  const i = header!.split('\t').indexOf(name);
  expect(i, `${rel} ${name}`).to.be.at.least(0);
  return rows.map((l) => l.split('\t')[i]!);
}

/** The fields of one CSV line (RFC 4180 quotes; the seed CSVs have no line breaks inside fields). */
const csv = (line: string) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));

/** The Ensembl ids of the seed ChEMBL molecules' targets: their UniProt accessions, through the seed HGNC rows. */
function modernTargetEnsemblIds(): Set<string> {
  const lines = (rel: string) => fs.readFileSync(path.join(SEED, rel), 'utf8').split('\n').slice(1).filter((l) => l.trim() !== '');
  const uniprots = new Set([
    ...lines('chembl/targets.seed.csv').map((l) => csv(l)[2]!), ...lines('chembl/chembl36-approved-drug-targets.seed.csv').map((l) => csv(l)[1]!),
  ].filter((u) => u !== ''));
  const [header, ...rows] = zlib.gunzipSync(fs.readFileSync(path.join(SEED, 'hgnc/hgnc_complete_set.seed.txt.gz'))).toString('utf8').split('\n');
  const h = header!.split('\t');
  const out = new Set<string>();
  for (const c of rows.map((l) => l.split('\t'))) {
    const ensembl = c[h.indexOf('ensembl_gene_id')];
    if (ensembl && (c[h.indexOf('uniprot_ids')] ?? '').replace(/"/g, '').split('|').some((u) => uniprots.has(u))) out.add(ensembl);
  }
  return out;
}

/** The Ensembl ids of the seed genes, as their NCBI Gene records in the seed gene_info list them. */
function seedEnsemblIds(): Set<string> {
  const genes = new Set([
    ...column('gwas-catalog/gene-associations.seed.tsv', 'gene'), ...column('drugcentral/targets.seed.tsv', 'GeneID'),
    ...column('bindingdb/bindings-drugbank-gene.seed.tsv', 'entrez_gene'),
  ].filter((g) => /^\d+$/.test(g)));
  const out = new Set<string>();
  for (const line of fs.readFileSync(path.join(SEED, 'ncbi-gene/Homo_sapiens.seed.gene_info'), 'utf8').split('\n')) {
    const c = line.split('\t');
    if (c[0] !== '9606' || !genes.has(c[1]!)) continue;
    for (const x of c[5]!.split('|')) if (x.startsWith('Ensembl:')) out.add(x.slice('Ensembl:'.length));
  }
  return out;
}

async function read(parse: typeof parseSurfaceomeWorkbook, file: string): Promise<{ rows: SurfaceomeRow[]; sheet: SurfaceomeSheet | null; skipped: number }> {
  const rows: SurfaceomeRow[] = [];
  let sheet: SurfaceomeSheet | null = null;
  let skipped = 0;
  for await (const row of parse(file, () => { skipped++; }, (s) => { sheet = s; })) rows.push(row);
  return { rows, sheet, skipped };
}

const withoutLine = ({ line: _line, ...rest }: SurfaceomeRow) => rest;

describe('biomed: the seed\'s surfaceome slice equals the workbook\'s rows of the seed genes and the modern drugs\' targets', function () {
  this.timeout(60_000);

  it('holds exactly the workbook rows of the seed genes and of the seed ChEMBL molecules\' targets (CD20/MS4A1 among them), in workbook order, each the same record (exceljs vs TSV)', async function () {
    requireSharedData(this, WORKBOOK);
    const workbook = await read(parseSurfaceomeWorkbook, shared(WORKBOOK));
    const slice = await read(parseSurfaceomeTsv, SLICE);
    expect(slice.skipped).to.equal(0);
    const ids = new Set([...seedEnsemblIds(), ...modernTargetEnsemblIds()]);
    const expected = workbook.rows.filter((r) => ids.has(r.ensemblId));
    expect(expected.length).to.be.greaterThan(100);
    expect(slice.rows.map(withoutLine)).to.deep.equal(expected.map(withoutLine));
    expect(slice.rows.map((r) => r.symbol)).to.include('MS4A1'); // rituximab's target, in SLE trials
    expect(slice.sheet!.resources).to.deep.equal(workbook.sheet!.resources);
    expect(slice.sheet!.sheet).to.equal(null);
    // Each record's line is the slice's own line holding that gene.
    const lines = fs.readFileSync(SLICE, 'utf8').split('\n');
    for (const r of slice.rows) expect(lines[r.line - 1]!.split('\t')[0], r.symbol).to.equal(r.ensemblId);
  });

  it('names its source and licence, and its rows hold the GESP score as the sum of the resource cells', async () => {
    const text = fs.readFileSync(SLICE, 'utf8');
    expect(text).to.match(/^# The Cancer Surfaceome Atlas/).and.contain('fcgportal/TCSA Figure1_GESPscore.xlsx @ 57978cf')
      .and.contain('Licence: published supplementary data; cite Hu, Yuan et al., Nature Cancer 2021');
    const { rows, sheet } = await read(parseSurfaceomeTsv, SLICE);
    // The atlas's weights (Hu et al. 2021, Figure 1): CSPA and SURFY 3, HPA and TOPDB 2, the five others 1; at most 15.
    expect(Object.fromEntries(sheet!.resources.map((r) => [r.resource, r.weight]))).to.deep.equal({
      CSPA: 3, HPA: 2, TOPDB: 2, SURFY2: 3, UniProt: 1, COMPATRMENT: 1, PANTHER: 1, HMPAS: 1, Rabbitts: 1,
    });
    for (const r of rows) {
      const sum = Object.values(r.evidence).reduce<number>((s, v) => s + (v ?? 0), 0);
      expect(r.gespScore, r.symbol).to.equal(sum);
    }
    // Copied by hand from the workbook's cells: row 3 (EGFR, every resource) and row 19 (CD19, no HPA or TOPDB cell).
    expect(withoutLine(rows.find((r) => r.symbol === 'EGFR')!)).to.deep.equal({
      ensemblId: 'ENSG00000146648', symbol: 'EGFR', genomicLocation: 'chr7:55019021-55256620:+', gespScore: 15,
      evidence: { CSPA: 3, HPA: 2, TOPDB: 2, SURFY2: 3, UniProt: 1, COMPATRMENT: 1, PANTHER: 1, HMPAS: 1, Rabbitts: 1 },
    });
    expect(rows.find((r) => r.symbol === 'CD19')).to.deep.include({ gespScore: 11 });
    expect(rows.find((r) => r.symbol === 'CD19')!.evidence).to.deep.include({ CSPA: 3, HPA: null, TOPDB: null, SURFY2: 3 });
  });
});
