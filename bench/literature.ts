// Literature mirror benchmark (issue 26), against the biomedical store's full-text index. Prints, beside the targets:
//   1. the real files of ../shared/data imported through the store importers (MEDLINE baseline sample and
//      efetch article, PubMedQA, the 3,285 Evidence Inference PMC articles, the ten CT.gov studies, four openFDA
//      labels, the FAERS reports): seconds, records/s;
//   2. a generated MEDLINE baseline-format corpus (MedlineCitationSet files of 30,000 citations, gzipped, as
//      NLM publishes them; the text is generated, the format is NLM's) of BENCH_ABSTRACTS abstracts (default
//      1,000,000; BENCH_SMOKE=1: 3,000) imported by the pubmed importer into biomed.literature_records
//      (checksums, streamed parse, tsvector + GIN): seconds, abstracts/s, peak RSS of this process (the
//      importer; PostgreSQL's own memory is apart);
//   3. offline Workspace search over it: runSource with the store mirror (full-text query ranked by
//      ts_rank_cd, the exact-term check, the question's BM25 ranking over each record's text as the pipeline
//      ranks it, and the max_evidence cut); p50 / p95 over 8 diseases x 5 questions, the second of two rounds
//      (the first, printed apart, reads each disease's records cold: the store mirror keeps the rows it read,
//      infra/literature/record-cache.ts); the CPU per search of this process and of PostgreSQL's backends.
// On a scratch PostgreSQL database (BENCH_DATABASE_URL / BENCH_ADMIN_URL, bench/scratch-database.ts).
// BENCH_SEARCH_ONLY=1 with BENCH_DATABASE_URL (a database an earlier run imported into): step 3 alone, on the
// snapshots active there (to time search changes on a 1 M corpus without importing it again).
// The last line is the figure line: `literature: key=value ...`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { importSnapshot } from '../commands/biomed/import-snapshot';
import type { BiomedDeps } from '../commands/biomed/snapshot-events';
import type { DiseaseModule } from '../domain/diseases/disease-module';
import { bm25ScoresOfBags } from '../domain/retrieval/bm25';
import { recordTermBag } from '../domain/workspace/question/record-terms';
import { openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { PostgresEventStore } from '../infra/event-store/postgres-event-store';
import { FileMirror, defaultMirrorDir } from '../infra/literature/mirror';
import { StoreMirror } from '../infra/literature/store-mirror';
import { ALL_ADAPTERS } from '../infra/sources/adapters';
import { runSource } from '../infra/sources/source-runner';
import { withScratchDatabase } from './scratch-database';

const SMOKE = process.env.BENCH_SMOKE === '1';
const SEARCH_ONLY = process.env.BENCH_SEARCH_ONLY === '1' && Boolean(process.env.BENCH_DATABASE_URL);
const ABSTRACTS = Number(process.env.BENCH_ABSTRACTS ?? (SMOKE ? 3_000 : 1_000_000));
const PER_FILE = 30_000;
const ROOT = path.resolve(__dirname, '..', '..');
const SHARED = process.env.SHARED_DATA_DIR ?? path.resolve(ROOT, '..', 'shared', 'data');
const TARGETS = { importSeconds: 600, peakRssMb: 1536, searchP95Ms: 100 };
const DISEASES = ['t2d', 'ra', 'sle', 'ms', 'pso', 'asthma', 'ibd', 'pd'];
const QUESTIONS = ['Which drugs improve outcomes?', 'Is metformin safe in older patients?', 'What biomarkers predict response?', 'Which genetic variants raise the risk?', 'Does exercise training help?'];

function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  return { stop: () => { clearInterval(timer); return Math.max(peak, process.resourceUsage().maxRSS * 1024) / 2 ** 20; } };
}
/** CPU seconds (user + system) the database's backends have used, from /proc (null when PostgreSQL runs elsewhere). */
async function backendCpuSeconds(knex: BiomedDeps['knex']): Promise<Map<number, number> | null> {
  const { rows } = await knex.raw('select pid from pg_stat_activity where datname = current_database()') as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // utime, stime in clock ticks (USER_HZ = 100)
    } catch {
      return null;
    }
  }
  return cpu;
}
const cpuSince = (before: Map<number, number> | null, after: Map<number, number> | null) =>
  before && after ? [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0) : null;
const diseaseModule = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
const pct = (values: number[], p: number) => { const s = [...values].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0; };

/** 1. The real files through the store importers (real files are pinned, except the 3,285 PMC article files). */
async function realFiles(deps: BiomedDeps): Promise<{ seconds: number; records: number } | null> {
  if (!fs.existsSync(SHARED)) return null;
  const started = performance.now();
  let records = 0;
  const add = async (resource: string, files: string[], allowUnpinned = false) => {
    const result = await importSnapshot(deps, { resource, files: files.map((f) => path.join(SHARED, f)), allowUnpinned, deferStatistics: true });
    records += Number(result.snapshot.counts?.records ?? 0);
  };
  await add('pubmed', ['literature/medline/medline16n0902_sample.xml.gz', 'literature/medline/pubmed-29768149.xml', 'literature/pubmedqa/ori_pqal.json']);
  const pmc = 'literature/pmc-rct-abstracts';
  const articles = fs.readdirSync(path.join(SHARED, pmc)).filter((n) => n.endsWith('.abst')).sort();
  await add('pmc', articles.slice(0, SMOKE ? 200 : articles.length).map((n) => `${pmc}/${n}`), true); // smoke: the first 200
  const ct = 'responses/clinicaltrials';
  await add('clinical_trials', fs.readdirSync(path.join(SHARED, ct)).filter((f) => /^NCT\d+\.json$/.test(f)).map((n) => `${ct}/${n}`));
  await add('openfda_labels', ['ambien', 'aspirin', 'sudafed', 'vyvanse'].map((n) => `responses/openfda/${n}.json`));
  await add('faers', ['event-50242-051-death.json', 'event-65862-659-seriousnesscongenitalanomali.json', 'event-results-limit100.json'].map((n) => `responses/openfda/${n}`));
  return { seconds: (performance.now() - started) / 1000, records };
}

// 2. A generated baseline: words drawn from a fixed vocabulary, a seed disease's name in about 1 in 30.
const VOCAB = ('patients study trial randomised placebo treatment therapy dose weeks months outcome primary secondary ' +
  'efficacy safety adverse events serious infection response remission biomarker levels expression cells pathway ' +
  'inhibitor receptor gene variant allele association risk cohort analysis significant reduction increase baseline ' +
  'control group mean difference confidence interval hazard ratio mortality quality life score clinical insulin ' +
  'glucose metformin exercise diet inflammation cytokine antibody methotrexate steroid inhaled airway tremor').split(' ');
const DISEASE_NAMES = ['type 2 diabetes', 'rheumatoid arthritis', 'systemic lupus erythematosus', 'multiple sclerosis', 'psoriasis', 'asthma', 'Crohn\'s disease', 'Parkinson\'s disease'];

function generatedFile(first: number, count: number, random: () => number): string {
  const words = (n: number) => Array.from({ length: n }, () => VOCAB[Math.floor(random() * VOCAB.length)]).join(' ');
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<MedlineCitationSet>\n'];
  for (let i = first; i < first + count; i++) {
    const disease = random() < 1 / 30 ? ` in ${DISEASE_NAMES[i % DISEASE_NAMES.length]}` : '';
    parts.push(`<MedlineCitation Owner="NLM" Status="MEDLINE"><PMID Version="1">${50_000_000 + i}</PMID><Article><Journal><JournalIssue><PubDate><Year>${1990 + (i % 35)}</Year><Month>Jun</Month></PubDate></JournalIssue><Title>Generated journal</Title></Journal>`
      + `<ArticleTitle>${words(8)}${disease}.</ArticleTitle><Abstract><AbstractText Label="BACKGROUND">${words(25)}.</AbstractText><AbstractText Label="RESULTS">${words(30)}${disease}.</AbstractText></Abstract></Article></MedlineCitation>\n`);
  }
  parts.push('</MedlineCitationSet>\n');
  return parts.join('');
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Steps 1 and 2: the seed and real files, then the generated baseline (what BENCH_SEARCH_ONLY skips). */
async function importCorpus(deps: BiomedDeps, dir: string): Promise<{ held: number; loadSeconds: number; importRss: number; seedSeconds: number; real: { seconds: number; records: number } | null; importCpu: number; pgCpu: number | null }> {
  const seedStarted = performance.now();
  const seed = FileMirror.load(defaultMirrorDir());
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  bundled seed file mirror: ${JSON.stringify(seed.counts())} loaded in ${seedSeconds.toFixed(2)} s`);
  const real = await realFiles(deps);
  if (real) console.log(`  real files imported into the store: ${real.records} records in ${real.seconds.toFixed(2)} s (${Math.round(real.records / real.seconds)} records/s)`);
  else console.log(`  real files: skipped (no ${SHARED})`);

  const random = seeded(26);
  const files: string[] = [];
  const generatedStarted = performance.now();
  for (let first = 0, n = 1; first < ABSTRACTS; first += PER_FILE, n++) {
    const file = path.join(dir, `bench${String(n).padStart(4, '0')}.xml.gz`);
    fs.writeFileSync(file, zlib.gzipSync(generatedFile(first, Math.min(PER_FILE, ABSTRACTS - first), random), { level: 1 }));
    files.push(file);
  }
  console.log(`  generated ${files.length} baseline files in ${((performance.now() - generatedStarted) / 1000).toFixed(1)} s (generated text, NLM's format)`);

  const rss = rssSampler();
  const pgBefore = await backendCpuSeconds(deps.knex);
  const cpuBefore = process.cpuUsage();
  const loadStarted = performance.now();
  const imported = await importSnapshot(deps, { resource: 'pubmed', files, allowUnpinned: true });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const importRss = rss.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const importCpu = (cpu.user + cpu.system) / 1e6;
  const pgCpu = cpuSince(pgBefore, await backendCpuSeconds(deps.knex));
  const held = Number(imported.snapshot.counts?.records ?? 0);
  console.log(`  import: ${held.toLocaleString('en')} abstracts in ${loadSeconds.toFixed(1)} s (${Math.round(held / loadSeconds)} abstracts/s), peak RSS ${Math.round(importRss)} MiB`);
  // on a shared machine the wall time is mostly waiting for a core; the CPU the two sides used is not
  console.log(`  import CPU: importer process ${importCpu.toFixed(1)} s, PostgreSQL backends ${pgCpu === null ? 'n/a' : `${pgCpu.toFixed(1)} s`} (they overlap: the parser fills a batch while the database writes the last)`);

  return { held, loadSeconds, importRss, seedSeconds, real, importCpu, pgCpu };
}

async function main(): Promise<void> {
  console.log(`literature bench: ${SMOKE ? 'SMOKE ' : ''}${ABSTRACTS.toLocaleString('en')} generated abstracts, store-backed (PostgreSQL full-text index)`);
  await withScratchDatabase('bench_literature', async (databaseUrl) => {
    const db = await openDatabase({ url: databaseUrl, poolMax: 4 });
    await migrateToLatest(db.knex);
    const deps: BiomedDeps = { knex: db.knex, store: new PostgresEventStore(db.knex), logInDatabase: true };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-literature-'));
    try {
      let held = 0, loadSeconds = 0, importRss = 0, seedSeconds = 0, importCpu = 0;
      let pgCpu: number | null = null;
      let real: { seconds: number; records: number } | null = null;
      if (SEARCH_ONLY) {
        const { rows } = await db.knex.raw(`select coalesce((counts->>'records')::int, 0) as n from biomed.snapshots where resource = 'pubmed' and active`) as { rows: { n: number }[] };
        held = rows[0]?.n ?? 0;
        console.log(`  search only, on the active snapshots of ${process.env.BENCH_DATABASE_URL!.replace(/\/\/[^@]*@/, '//')} (pubmed: ${held.toLocaleString('en')} records)`);
      } else {
        ({ held, loadSeconds, importRss, seedSeconds, real, importCpu, pgCpu } = await importCorpus(deps, dir));
      }
      // The store mirror answers from the bench snapshot (pubmed) and the real PMC snapshot, as a deployment would.
      const mirror = new StoreMirror(db.knex, null);
      const timings: number[] = [];
      const firstTimings: number[] = [];
      const cpuTimings: number[] = [];
      const firstCpuTimings: number[] = [];
      let records = 0;
      const pgSearchBefore = await backendCpuSeconds(db.knex);
      for (let round = 0; round < (SMOKE ? 1 : 2); round++) {
        for (const id of DISEASES) for (const question of QUESTIONS) {
          const terms = question.toLowerCase().match(/[a-z0-9]+/g) ?? [];
          const cpuStarted = process.cpuUsage();
          const started = performance.now();
          const run = await runSource(ALL_ADAPTERS.pubmed, { disease: diseaseModule(id), question, dateFrom: null, dateTo: null, limit: 50 }, {
            mode: 'offline', mirror,
            offlineRelevance: (found) => {
              const scores = bm25ScoresOfBags(found.map(recordTermBag), terms); // as the pipeline's rankByRelevance
              return found.map((record, i) => ({ record, score: scores[i] ?? 0, i })).sort((a, b) => b.score - a.score || a.i - b.i).map((o) => o.record);
            },
          });
          records += run.records.length;
          const elapsed = performance.now() - started;
          const cpu = process.cpuUsage(cpuStarted);
          if (round > 0 || SMOKE) { timings.push(elapsed); cpuTimings.push((cpu.user + cpu.system) / 1000); } else { firstTimings.push(elapsed); firstCpuTimings.push((cpu.user + cpu.system) / 1000); }
        }
      }
      const pgSearchCpu = cpuSince(pgSearchBefore, await backendCpuSeconds(db.knex));
      const searches = (SMOKE ? 1 : 2) * DISEASES.length * QUESTIONS.length;
      const p50 = pct(timings, 50);
      const p95 = pct(timings, 95);
      const cpuP50 = pct(cpuTimings, 50);
      const cpuP95 = pct(cpuTimings, 95);
      const pgPerSearch = pgSearchCpu === null ? null : (pgSearchCpu * 1000) / searches;
      console.log(`  search: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${timings.length} queries, ${Math.round(records / (SMOKE ? 1 : 2) / (DISEASES.length * QUESTIONS.length))} records per answer (target p95 <= ${TARGETS.searchP95Ms} ms)`);
      if (firstTimings.length > 0) console.log(`  search, first round (untimed warm-up: the first search of each disease reads its records cold): p50 ${pct(firstTimings, 50).toFixed(1)} ms, p95 ${pct(firstTimings, 95).toFixed(1)} ms; CPU of this process p50 ${pct(firstCpuTimings, 50).toFixed(1)} ms, p95 ${pct(firstCpuTimings, 95).toFixed(1)} ms`);
      // on a shared machine wall time includes waiting for a core; the CPU a search used does not
      console.log(`  search CPU: this process p50 ${cpuP50.toFixed(1)} ms, p95 ${cpuP95.toFixed(1)} ms per search (timed round); PostgreSQL backends ${pgPerSearch === null ? 'n/a' : `${pgPerSearch.toFixed(1)} ms`} per search (both rounds)`);
      console.log(`  targets: import <= ${TARGETS.importSeconds} s, peak RSS <= ${TARGETS.peakRssMb} MiB, search p95 <= ${TARGETS.searchP95Ms} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
      console.log(`literature: abstracts=${held} import_s=${loadSeconds.toFixed(1)} abstracts_per_s=${Math.round(held / loadSeconds)} peak_rss_mb=${Math.round(importRss)} import_cpu_s=${importCpu.toFixed(1)} pg_cpu_s=${pgCpu === null ? 'na' : pgCpu.toFixed(1)} search_p50_ms=${p50.toFixed(1)} search_p95_ms=${p95.toFixed(1)} search_cpu_p50_ms=${cpuP50.toFixed(1)} search_cpu_p95_ms=${cpuP95.toFixed(1)} search_first_p95_ms=${firstTimings.length > 0 ? pct(firstTimings, 95).toFixed(1) : 'na'} search_first_cpu_p95_ms=${firstCpuTimings.length > 0 ? pct(firstCpuTimings, 95).toFixed(1) : 'na'} search_pg_cpu_ms=${pgPerSearch === null ? 'na' : pgPerSearch.toFixed(1)} real_records=${real?.records ?? 0} real_s=${real ? real.seconds.toFixed(2) : 'na'} seed_load_s=${seedSeconds.toFixed(2)} load_avg=${os.loadavg()[0]!.toFixed(1)}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await deps.store.close();
      await db.close();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
