// Literature mirror benchmark (issue 26). Prints, beside the targets:
//   1. the real files of ../shared/data read through the mirror's parsers (MEDLINE baseline sample, PubMedQA,
//      the 3,285 Evidence Inference PMC articles, the ten CT.gov studies, four openFDA labels): seconds,
//      records/s, peak RSS; and the bundled seed mirror's load time;
//   2. a generated MEDLINE baseline-format corpus (MedlineCitationSet files of 30,000 citations, gzipped, as
//      NLM publishes them) of BENCH_ABSTRACTS abstracts (default 1,000,000; BENCH_SMOKE=1: 3,000) loaded
//      into a mirror (checksums, parse, index): seconds, abstracts/s, peak RSS;
//   3. offline Workspace search over it: the disease query on the index plus the question's BM25 ranking and
//      the max_evidence cut, as runSource does it; p50 / p95 over 8 diseases x 5 questions.
// The last line is the figure line: `literature: key=value ...`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DiseaseModule } from '../domain/diseases/disease-module';
import { bm25Scores } from '../domain/retrieval/bm25';
import { FileMirror, defaultMirrorDir } from '../infra/literature/mirror';
import { readMirrorFile, type MirrorFormat } from '../infra/literature/mirror-files';
import { ALL_ADAPTERS } from '../infra/sources/adapters';
import { runSource } from '../infra/sources/source-runner';

const SMOKE = process.env.BENCH_SMOKE === '1';
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
const diseaseModule = (id: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const pct = (values: number[], p: number) => { const s = [...values].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0; };

/** 1. The real files through the parsers. */
function realFiles(): { seconds: number; records: number } | null {
  if (!fs.existsSync(SHARED)) return null;
  const started = performance.now();
  let records = 0;
  const read = (format: MirrorFormat, rel: string) => { records += readMirrorFile(format, rel, fs.readFileSync(path.join(SHARED, rel))).entries.length; };
  read('medline_xml', 'literature/medline/medline16n0902_sample.xml.gz');
  read('medline_xml', 'literature/medline/pubmed-29768149.xml');
  read('pubmedqa_json', 'literature/pubmedqa/ori_pqal.json');
  const dir = path.join(SHARED, 'literature', 'pmc-rct-abstracts');
  const lines = fs.readdirSync(dir).filter((n) => n.endsWith('.abst')).map((n) => JSON.stringify({ pmcid: n.replace('.abst', ''), abst: fs.readFileSync(path.join(dir, n), 'utf8') }));
  records += readMirrorFile('pmc_abst_jsonl', 'pmc.jsonl', Buffer.from(lines.join('\n'))).entries.length;
  const ct = path.join(SHARED, 'responses', 'clinicaltrials');
  for (const n of fs.readdirSync(ct).filter((f) => /^NCT\d+\.json$/.test(f))) read('ctgov_json', `responses/clinicaltrials/${n}`);
  for (const n of ['ambien', 'aspirin', 'sudafed', 'vyvanse']) read('openfda_label_json', `responses/openfda/${n}.json`);
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

async function main(): Promise<void> {
  console.log(`literature bench: ${SMOKE ? 'SMOKE ' : ''}${ABSTRACTS.toLocaleString('en')} generated abstracts`);
  const real = realFiles();
  if (real) console.log(`  real files: ${real.records} records in ${real.seconds.toFixed(2)} s (${Math.round(real.records / real.seconds)} records/s)`);
  else console.log(`  real files: skipped (no ${SHARED})`);
  const seedStarted = performance.now();
  const seed = FileMirror.load(defaultMirrorDir());
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  bundled seed mirror: ${JSON.stringify(seed.counts())} loaded in ${seedSeconds.toFixed(2)} s`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-literature-'));
  try {
    fs.mkdirSync(path.join(dir, 'pubmed'));
    const random = seeded(26);
    const files: { path: string; format: MirrorFormat; sha256: string }[] = [];
    const generatedStarted = performance.now();
    for (let first = 0, n = 1; first < ABSTRACTS; first += PER_FILE, n++) {
      const bytes = zlib.gzipSync(generatedFile(first, Math.min(PER_FILE, ABSTRACTS - first), random), { level: 1 });
      const rel = `pubmed/bench${String(n).padStart(4, '0')}.xml.gz`;
      fs.writeFileSync(path.join(dir, rel), bytes);
      files.push({ path: rel, format: 'medline_xml', sha256: sha(bytes) });
    }
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ synthetic: false, snapshots: [{ source: 'pubmed', snapshot_id: 'pubmed-bench', files }] }));
    console.log(`  generated ${files.length} baseline files in ${((performance.now() - generatedStarted) / 1000).toFixed(1)} s`);

    const rss = rssSampler();
    const loadStarted = performance.now();
    const mirror = FileMirror.load(dir);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    if (mirror.refused.length > 0) throw new Error(`bench snapshot refused: ${mirror.refused[0]!.reason}`);
    const held = mirror.counts().pubmed ?? 0;
    console.log(`  import: ${held.toLocaleString('en')} abstracts in ${loadSeconds.toFixed(1)} s (${Math.round(held / loadSeconds)} abstracts/s)`);

    const timings: number[] = [];
    for (let round = 0; round < (SMOKE ? 1 : 2); round++) {
      for (const id of DISEASES) for (const question of QUESTIONS) {
        const terms = question.toLowerCase().match(/[a-z0-9]+/g) ?? [];
        const started = performance.now();
        await runSource(ALL_ADAPTERS.pubmed, { disease: diseaseModule(id), question, dateFrom: null, dateTo: null, limit: 50 }, {
          mode: 'offline', mirror,
          offlineRelevance: (records) => {
            const scores = bm25Scores(records.map((r) => `${r.title} ${r.fullText ?? r.text}`), terms);
            return records.map((record, i) => ({ record, score: scores[i] ?? 0, i })).sort((a, b) => b.score - a.score || a.i - b.i).map((o) => o.record);
          },
        });
        if (round > 0 || SMOKE) timings.push(performance.now() - started);
      }
    }
    const peak = rss.stop();
    const p50 = pct(timings, 50);
    const p95 = pct(timings, 95);
    console.log(`  search: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${timings.length} queries (target p95 <= ${TARGETS.searchP95Ms} ms)`);
    console.log(`  peak RSS ${Math.round(peak)} MiB (target <= ${TARGETS.peakRssMb}); import target <= ${TARGETS.importSeconds} s`);
    console.log(`literature: abstracts=${held} import_s=${loadSeconds.toFixed(1)} abstracts_per_s=${Math.round(held / loadSeconds)} peak_rss_mb=${Math.round(peak)} search_p50_ms=${p50.toFixed(1)} search_p95_ms=${p95.toFixed(1)} real_records=${real?.records ?? 0} real_s=${real ? real.seconds.toFixed(2) : 'na'} seed_load_s=${seedSeconds.toFixed(2)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
