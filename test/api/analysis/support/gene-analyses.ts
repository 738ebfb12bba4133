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
