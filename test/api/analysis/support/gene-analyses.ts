// Shared by the GWAS, expression, CAR-T and biomarker specs: reading the seed (or shared) GWAS Catalog and
// Bgee files directly, so the specs check the modules against the files and not against the code's own
// output; an exact BigInt hypergeometric tail; running a job to its end.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { eventually } from '../../../support/databases';
import { PROJECT_ROOT } from '../../../biomed/support/biomed-env';

export const SEED = path.join(PROJECT_ROOT, 'fixtures', 'seed');
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function readText(file: string): string {
  const buffer = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(buffer) : buffer).toString('utf8');
}

/** A TSV as objects keyed by its header. */
export function tsv(file: string): Record<string, string>[] {
  const [header, ...lines] = readText(file).split('\n').filter((l) => l.trim() !== '');
  const columns = header!.split('\t');
  return lines.map((l) => { const c = l.split('\t'); return Object.fromEntries(columns.map((name, i) => [name, c[i] ?? ''])); });
}

/** The GWAS Catalog rows of one DOID from gene-associations / snp-associations in `dir`. */
export function gwasRows(dir: string, genesFile: string, snpsFile: string, doid: string) {
  return {
    genes: tsv(path.join(dir, genesFile)).filter((r) => r.doid_code === doid),
    snps: tsv(path.join(dir, snpsFile)).filter((r) => r.doid_code === doid),
  };
}

/** A Bgee matrix (gene x anatomy): gene id -> anatomy ids whose cell equals `value`. */
export function bgeeCalls(file: string, value: string): { anatomy: string[]; calls: Map<string, Set<string>> } {
  const [header, ...lines] = readText(file).split('\n').filter((l) => l.trim() !== '');
  const anatomy = header!.split('\t').slice(1);
  const calls = new Map<string, Set<string>>();
  for (const line of lines) {
    const c = line.split('\t');
    if (calls.has(c[0]!)) continue;
    const set = new Set<string>();
    for (let i = 1; i < c.length; i++) if (c[i] === value) set.add(anatomy[i - 1]!);
    calls.set(c[0]!, set);
  }
  return { anatomy, calls };
}

function choose(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0n; i < BigInt(k); i++) r = (r * (BigInt(n) - i)) / (i + 1n);
  return r;
}

/** P(X >= k) for X ~ Hypergeometric(N, K, n), from exact binomial coefficients. */
export function exactTail(N: number, K: number, n: number, k: number): number {
  let num = 0n;
  for (let i = k; i <= Math.min(n, K); i++) num += choose(K, i) * choose(N - K, n - i);
  const scale = 10n ** 40n;
  return Number((num * scale) / choose(N, n)) / 1e40;
}

/** Submits POST /api/jobs/{name}?query and waits for the end; returns the job status document. */
export async function runJob(baseUrl: string, name: string, query: string): Promise<Json> {
  const submitted = await fetch(`${baseUrl}/api/jobs/${name}?${query}`, { method: 'POST' });
  expect(submitted.status, name).to.equal(202);
  const { job_id } = await submitted.json() as Json;
  let last: Json = {};
  await eventually(async () => {
    last = await (await fetch(`${baseUrl}/api/jobs/${job_id}`)).json() as Json;
    return ['SUCCESS', 'FAILURE'].includes(last.status);
  }, `job ${job_id} finishes`, 60_000);
  return last;
}

/** BH step-up adjusted p-values, written out from the paper's definition (in input order). */
export function bh(ps: number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(m);
  let min = 1;
  for (let r = m; r >= 1; r--) { min = Math.min(min, (ps[order[r - 1]![1]]! * m) / r); out[order[r - 1]![1]] = min; }
  return out;
}

/** The expected tissue table from the Bgee matrices and the disease's GWAS genes (NCBI ids). */
export function expectedTissues(presenceFile: string, diffexFile: string, disease: Set<string>) {
  const over = bgeeCalls(diffexFile, '1');
  const under = bgeeCalls(diffexFile, '-1');
  const present = bgeeCalls(presenceFile, '1');
  const background = new Set([...over.calls].filter(([, s]) => s.size > 0).map(([g]) => g).concat([...under.calls].filter(([, s]) => s.size > 0).map(([g]) => g)));
  const query = [...disease].filter((x) => background.has(x));
  const rows = over.anatomy.map((a) => {
    const members = [...over.calls].filter(([, s]) => s.has(a)).map(([gene]) => gene);
    return { id: a, K: members.length, k: members.filter((x) => disease.has(x)).length, present: [...present.calls].filter(([gene, s]) => disease.has(gene) && s.has(a)).length, under: [...under.calls].filter(([gene, s]) => disease.has(gene) && s.has(a)).length };
  }).filter((r) => r.K > 0).map((r) => ({ ...r, p: exactTail(background.size, r.K, query.length, r.k) }));
  const fdr = bh(rows.map((r) => r.p));
  return { N: background.size, n: query.length, rows: rows.map((r, i) => ({ ...r, fdr: fdr[i]! })), present };
}

/** Fractional rank (1 = best) of values[i]: the values strictly better, plus the mean position among its ties. */
export function fractionalRank(values: number[], i: number, higherIsBetter: boolean): number {
  const better = values.filter((v) => (higherIsBetter ? v > values[i]! : v < values[i]!)).length;
  const equal = values.filter((v) => v === values[i]).length;
  return better + (equal + 1) / 2;
}

/** Each gene's strongest -log10 p over its loci, the lead of a locus being its strongest HC row (else any row): NCBI id -> mlog. */
export function bestMlogPerGene(rows: ReturnType<typeof gwasRows>): Map<string, number> {
  const out = new Map<string, number>();
  for (const g of rows.genes) {
    const locus = rows.snps.filter((s) => s.locus === g.locus);
    const hc = locus.filter((s) => s.high_confidence === '1');
    const mlogs = (hc.length > 0 ? hc : locus).map((s) => Number(s.mlog_pvalue)).filter((x) => Number.isFinite(x) && x >= 0);
    const best = mlogs.length > 0 ? Math.max(...mlogs) : 0;
    out.set(g.gene!, Math.max(out.get(g.gene!) ?? 0, best));
  }
  return out;
}

/** NCBI Gene's gene_info: symbol -> id and Ensembl id -> ids (tax 9606). */
export function geneInfo(file: string): { bySymbol: Map<string, string>; byEnsembl: Map<string, string[]> } {
  const bySymbol = new Map<string, string>();
  const byEnsembl = new Map<string, string[]>();
  for (const line of readText(file).split('\n')) {
    const c = line.split('\t');
    if (c[0] !== '9606') continue;
    bySymbol.set(c[2]!, c[1]!);
    for (const x of (c[5] ?? '').split('|')) if (x.startsWith('Ensembl:')) byEnsembl.set(x.slice(8), [...(byEnsembl.get(x.slice(8)) ?? []), c[1]!]);
  }
  return { bySymbol, byEnsembl };
}

const split = (cell: string | undefined) => (cell ?? '').split(/[|,;]/).map((s) => s.trim()).filter((s) => s !== '');

/** What the files say about one disease's loci: per locus the genes, the expected lead rows and each gene's mapped/reported flags. */
export function expectedLoci(dir: string, genesFile: string, snpsFile: string, doid: string) {
  const { genes, snps } = gwasRows(dir, genesFile, snpsFile, doid);
  const loci = new Map<string, { genes: Map<string, { mapped: boolean; reported: boolean; status: string }>; leads: Record<string, string>[]; maxMlog: number | null }>();
  for (const row of genes) {
    const locusRows = snps.filter((s) => s.locus === row.locus);
    const hc = locusRows.filter((s) => s.high_confidence === '1');
    const pool = hc.length > 0 ? hc : locusRows;
    const mlogs = pool.map((s) => Number(s.mlog_pvalue)).filter((x) => Number.isFinite(x));
    const maxMlog = mlogs.length > 0 ? Math.max(...mlogs) : null;
    const entry = loci.get(row.locus!) ?? { genes: new Map(), leads: pool.filter((s) => Number(s.mlog_pvalue) === maxMlog), maxMlog };
    const mapped = locusRows.some((s) => [...split(s.containing_genes), s.upstream_gene, s.downstream_gene].includes(row.gene!));
    const reported = locusRows.some((s) => split(s.reported_genes).includes(row.gene!));
    entry.genes.set(`NCBIGene:${row.gene}`, { mapped, reported, status: row.status! });
    loci.set(row.locus!, entry);
  }
  return { loci, symbols: new Map(genes.map((r) => [`NCBIGene:${r.gene}`, r.symbol!])) };
}

/** Checks a GWAS result against the files' loci (every locus, gene, lead p and cases/controls). */
export function checkAgainstFiles(body: Json, expected: ReturnType<typeof expectedLoci>): void {
  expect(body.loci.length).to.equal(expected.loci.size);
  expect(new Set((body.genes as Json[]).map((g) => g.id))).to.deep.equal(new Set(expected.symbols.keys()));
  for (const locus of body.loci as Json[]) {
    const want = expected.loci.get(String(locus.locus))!;
    expect(want, locus.locus_id).to.not.equal(undefined);
    expect(locus.mlog_pvalue).to.equal(want.maxMlog);
    if (want.maxMlog !== null) expect(locus.p_value).to.be.closeTo(10 ** -want.maxMlog, 1e-300 + 10 ** -want.maxMlog * 1e-12);
    // The lead is one of the strongest rows: its SNP, PubMed id and cases/controls come from such a row.
    expect(want.leads.some((s) => s.lead_snp === locus.lead_snp && s.pubmed_id === locus.lead_pubmed_id
      && (s.cases === '' ? locus.cases === null : Number(s.cases) === locus.cases)
      && (s.controls === '' ? locus.controls === null : Number(s.controls) === locus.controls)), `${locus.locus_id} lead ${locus.lead_snp}`).to.equal(true);
    expect(new Set((locus.genes as Json[]).map((g) => g.id))).to.deep.equal(new Set(want.genes.keys()));
    for (const gene of locus.genes as Json[]) {
      const flags = want.genes.get(gene.id)!;
      expect({ mapped: gene.mapped, reported: gene.reported, status: gene.status }, `${locus.locus_id} ${gene.symbol}`).to.deep.equal(flags);
    }
  }
}
