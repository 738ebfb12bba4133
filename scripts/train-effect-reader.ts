// npm run effects:train — trains the learned effect reader on Evidence Inference's TRAIN split only
// (../shared/data/evidence-inference/train.jsonl), scores the result on the validation split, and writes
// domain/effects/effect-model.json with a header recording the command, the train file's SHA-256, the
// options and the validation figures. Deterministic: the same data give the same file.
//   --dev   hold out 10% of the train articles (by PMCID hash) and report on them instead; writes nothing.
//           Use it to try changes without looking at the validation split.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readEffectWith, featuresOf } from '../domain/effects/effect-reader';
import { LABELS, scoreEffects, type GoldLabel } from '../domain/effects/evaluation';
import { encodeModel, decodeModel } from '../domain/effects/learned-model';
import { fnv1a } from '../domain/effects/features';
import { DEFAULT_TRAINING, trainSoftmax } from '../domain/effects/training';

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.resolve(ROOT, '..', 'shared', 'data', 'evidence-inference');
const OUT = path.join(ROOT, 'domain', 'effects', 'effect-model.json');

interface Item { pmcid: string; intervention: string; comparator: string; outcome: string; evidence: string; label: GoldLabel }

const MIRROR: Record<GoldLabel, GoldLabel> = { increased: 'decreased', decreased: 'increased', no_difference: 'no_difference' };

function read(file: string): Item[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Item);
}

function main(): void {
  const dev = process.argv.includes('--dev');
  const trainFile = path.join(DATA, 'train.jsonl');
  if (!fs.existsSync(trainFile)) { console.error(`no training data at ${trainFile}`); process.exit(1); }
  const sha256 = crypto.createHash('sha256').update(fs.readFileSync(trainFile)).digest('hex');
  let train = read(trainFile);
  let evaluation: Item[];
  if (dev) {
    evaluation = train.filter((it) => fnv1a(it.pmcid) % 10 === 0);
    train = train.filter((it) => fnv1a(it.pmcid) % 10 !== 0);
  } else {
    evaluation = read(path.join(DATA, 'validation.jsonl'));
  }
  const started = Date.now();
  // Each item also enters mirrored: intervention and comparator swapped, increased and decreased swapped, so
  // the model learns that which arm a sentence is about turns the direction round.
  const mirrored = train.map((it) => ({ ...it, intervention: it.comparator, comparator: it.intervention, label: MIRROR[it.label] }));
  const weights = trainSoftmax([...train, ...mirrored].map((it) => ({ features: featuresOf(it).features, label: LABELS.indexOf(it.label) })), DEFAULT_TRAINING);
  const provisional = decodeModel(encodeModel(weights, DEFAULT_TRAINING.buckets, {}));
  const score = scoreEffects(evaluation.map((it) => ({ gold: it.label, read: readEffectWith(provisional, it).label })));
  const figures = {
    n: score.n, accuracy: round(score.accuracy), macro_f1: round(score.macroF1), abstentions: round(score.abstentionRate),
    no_difference_read_as_significant: round(score.noDifferenceReadAsSignificant),
    per_class: Object.fromEntries(LABELS.map((c) => [c, { precision: round(score.perClass[c].precision), recall: round(score.perClass[c].recall), f1: round(score.perClass[c].f1) }])),
  };
  console.log(JSON.stringify({ split: dev ? 'train-dev (10% of train articles)' : 'validation', train_items: train.length, seconds: (Date.now() - started) / 1000, ...figures, confusion: score.confusion }, null, 1));
  if (dev) return;
  const header = {
    what: 'Effect reader: softmax regression over hashed masked word n-grams and rule features (docs/outcome-classification.md)',
    command: 'npm run effects:train',
    train_file: 'shared/data/evidence-inference/train.jsonl',
    train_sha256: sha256,
    train_items: train.length,
    options: DEFAULT_TRAINING,
    validation: figures,
  };
  fs.writeFileSync(OUT, `${JSON.stringify(encodeModel(weights, DEFAULT_TRAINING.buckets, header))}\n`);
  console.log(`wrote ${OUT} (${fs.statSync(OUT).size} bytes)`);
}

function round(x: number): number { return Number(x.toFixed(3)); }

main();
