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
