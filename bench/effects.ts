// npm run bench:effects — the effect reader (domain/effects) on Evidence Inference's validation split
// (../shared/data/evidence-inference/validation.jsonl, never used for training): accuracy, macro-F1 over
// increased / decreased / no_difference, per-class precision and recall, the confusion matrix, abstentions,
// the rate at which no_difference items are read as a significant change, and throughput (items/s, one
// core). Then the project's own hand-written statements (test/fixtures/outcomes/held-out-statements.tsv),
// read as direction + favourability and compared with their classes. Targets (issue 27): macro-F1 ≥ 0.80,
// no-difference read as significant ≤ 3%, abstentions ≤ 10%, ≥ 2,000 items/s.
// BENCH_SMOKE=1: the first 40 validation items and one throughput pass.
import fs from 'node:fs';
import path from 'node:path';
import { readEffect } from '../domain/effects/default-reader';
import { LABELS, scoreEffects, type GoldLabel } from '../domain/effects/evaluation';
import { favourability, outcomePolarity } from '../domain/effects/outcome-polarity';
import { readLabelledStatements } from '../domain/workspace/outcome-evaluation';
import { requireSharedData } from './smoke';

const ROOT = path.resolve(__dirname, '..', '..');
const VALIDATION = path.resolve(ROOT, '..', 'shared', 'data', 'evidence-inference', 'validation.jsonl');
const HELD_OUT = path.join(ROOT, 'test', 'fixtures', 'outcomes', 'held-out-statements.tsv');
const smoke = process.env.BENCH_SMOKE === '1';

interface Item { intervention: string; comparator: string; outcome: string; evidence: string; label: GoldLabel }

function pct(x: number): string { return (100 * x).toFixed(1); }

function main(): void {
  requireSharedData('effects', [VALIDATION]); // exits as skipped (bench/smoke.ts) without the validation split
  let items = fs.readFileSync(VALIDATION, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Item);
  if (smoke) items = items.slice(0, 40);
  const score = scoreEffects(items.map((it) => ({ gold: it.label, read: readEffect(it).label })));
  console.log(`== Evidence Inference validation (${score.n} items${smoke ? ', smoke' : ''})`);
  console.log(`accuracy ${score.accuracy.toFixed(3)}  macro-F1 ${score.macroF1.toFixed(3)}  abstentions ${pct(score.abstentionRate)}%  no_difference read as significant ${pct(score.noDifferenceReadAsSignificant)}%`);
  for (const c of LABELS) {
    const s = score.perClass[c];
    console.log(`${c.padEnd(14)} n=${String(s.n).padStart(3)}  precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  F1 ${s.f1.toFixed(3)}`);
  }
  const cols = ['increased', 'decreased', 'no_difference', 'none'] as const;
  console.log(`\nconfusion (rows: expected, columns: read)\n${''.padEnd(14)}${cols.map((c) => c.padStart(14)).join('')}`);
  for (const g of LABELS) console.log(`${g.padEnd(14)}${cols.map((c) => String(score.confusion[g][c]).padStart(14)).join('')}`);

  // Throughput: every item read, repeated until at least one second has passed (one pass when smoking).
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  let read = 0;
  do {
    for (const it of items) readEffect(it);
    read += items.length;
  } while (!smoke && Number(process.hrtime.bigint() - started) < 1e9);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // Items per CPU-second is the one-core figure; wall-clock items/s also counts waiting on a shared machine.
  const perSecond = read / cpuSeconds;
  console.log(`\nthroughput ${Math.round(perSecond)} items per CPU-second (one core); ${Math.round(read / seconds)} items/s wall clock (${read} reads in ${seconds.toFixed(2)} s)`);

  // The project's own held-out statements: positive ≈ favourable, negative/harm ≈ unfavourable, null ≈ null.
  const heldOut = readLabelledStatements(fs.readFileSync(HELD_OUT, 'utf8'));
  const expected: Record<string, string> = { positive: 'favourable', negative: 'unfavourable', harm: 'unfavourable', null: 'null', none: 'unknown' };
  let right = 0;
  let reversed = 0;
  for (const s of heldOut) {
    const r = readEffect({ evidence: s.text });
    const fav = favourability(r.label, outcomePolarity(s.text).polarity);
    if (fav === expected[s.expected]) right++;
    else if ((fav === 'favourable' && expected[s.expected] === 'unfavourable') || (fav === 'unfavourable' && expected[s.expected] === 'favourable')) reversed++;
  }
  console.log(`held-out statements (${heldOut.length}): ${right} read right as favourability, ${reversed} read the opposite way`);
  const met = score.macroF1 >= 0.8 && score.noDifferenceReadAsSignificant <= 0.03 && score.abstentionRate <= 0.1 && perSecond >= 2000;
  console.log(`${met ? 'targets met' : 'TARGETS NOT MET'} (macro-F1 >= 0.80, no-diff as significant <= 3%, abstentions <= 10%, >= 2000 items/s)`);
  console.log(`effects: n=${score.n} accuracy=${score.accuracy.toFixed(3)} macro_f1=${score.macroF1.toFixed(3)} abstentions=${score.abstentionRate.toFixed(3)} nodiff_as_significant=${score.noDifferenceReadAsSignificant.toFixed(3)} items_per_s=${Math.round(perSecond)} heldout_right=${right}/${heldOut.length} heldout_reversed=${reversed}`);
}

main();
