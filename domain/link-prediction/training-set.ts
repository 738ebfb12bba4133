// The training pairs (Project Rephetio's design, Himmelstein et al., eLife 2017): positives are the
// disease-modifying indications of PharmacotherapyDB (the graph's TREATS edges: supporting claims only);
// negatives are (a) the curated non-indications (PharmacotherapyDB NOT, known negatives) and (b) a seeded
// random sample of compound × disease pairs with no TREATS or PALLIATES edge and no NOT claim, over every
// compound of the model's universe (model-scope.ts; by default those with a Rephetio-era edge) and the diseases that
// have at least one treatment. Every pair gets a fold
// (positives and negatives shuffled separately, then dealt round-robin, so each fold holds its share of
// both). A pair's features are always computed with the treatments of its own fold held out (train-model.ts).
// Order-independent: compounds and diseases are taken in CURIE order before the seeded draws. Pure.
import { seededRandom } from '../shared/seeded-random';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';
import type { CompoundUniverse, ModelScope } from './model-scope';

export type PairOrigin = 'treats' | 'curated_not' | 'sampled';

export interface TrainingSet {
  compound: Int32Array;
  disease: Int32Array;
  label: Uint8Array;
  origin: PairOrigin[];
  fold: Int32Array;
  folds: number;
  /** The compounds predictions and negatives range over (CURIE order). */
  compounds: Int32Array;
  /** Diseases with at least one treatment (CURIE order). */
  diseases: Int32Array;
  /** Treatments among all compound × treated-disease pairs: the prevalence probabilities are calibrated to. */
  population: { pairs: number; positives: number };
  /** Which compound universe the set ranges over (null: every compound of the graph, no scope). */
  universe: CompoundUniverse | null;
}

export interface TrainingSetInput {
  graph: TypedKnowledgeGraph;
  /** TREATS pairs (compound, disease). */
  treats: readonly [number, number][];
  /** PALLIATES pairs: neither positive nor negative. */
  palliates: readonly [number, number][];
  /** Curated non-indications (NOT), resolved to nodes. */
  curatedNot: readonly [number, number][];
  seed: number;
  folds: number;
  /** Sampled negatives per positive. */
  negativesPerPositive: number;
  /** The model's scope (model-scope.ts): its compound universe; every compound node of the graph when absent. */
  scope?: Pick<ModelScope, 'compounds' | 'universe'>;
}

/** Fisher–Yates shuffle with the seeded generator (in place). */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Fold of each item: shuffled, then dealt round-robin starting at `offset`. */
export function dealFolds(count: number, folds: number, random: () => number, offset = 0): Int32Array {
  const order = shuffle(Array.from({ length: count }, (_, i) => i), random);
  const out = new Int32Array(count);
  order.forEach((item, k) => { out[item] = (k + offset) % folds; });
  return out;
}

export function buildTrainingSet(input: TrainingSetInput): TrainingSet {
  const g = input.graph;
  const n = g.nodeCount;
  const byCurie = (a: number, b: number) => (g.id(a) < g.id(b) ? -1 : g.id(a) > g.id(b) ? 1 : 0);
  const key = (c: number, d: number) => c * n + d;
  const compounds: number[] = [];
  if (input.scope) compounds.push(...input.scope.compounds);
  else for (let i = 0; i < n; i++) if (g.typeOf(i) === 'Compound') compounds.push(i);
  const inUniverse = new Set(compounds);
  compounds.sort(byCurie);
  const pairOrder = (a: [number, number], b: [number, number]) => byCurie(a[0], b[0]) || byCurie(a[1], b[1]);
  const positives = [...new Map(input.treats.filter(([c]) => inUniverse.has(c)).map((p) => [key(p[0], p[1]), p] as const)).values()].sort(pairOrder);
  const diseases = [...new Set(positives.map((p) => p[1]))].sort(byCurie);
  const labelled = new Set<number>([...input.treats, ...input.palliates, ...input.curatedNot].map(([c, d]) => key(c, d)));
  const known = new Set<number>([...input.treats, ...input.palliates].map(([c, d]) => key(c, d)));
  const curated = [...new Map(input.curatedNot.filter(([c, d]) => inUniverse.has(c) && !known.has(key(c, d))).map((p) => [key(p[0], p[1]), p] as const)).values()].sort(pairOrder);

  // Seeded sample without replacement from compounds × treated diseases minus every labelled pair.
  const random = seededRandom(input.seed);
  const universe = compounds.length * diseases.length;
  let labelledInUniverse = 0;
  const diseaseSet = new Set(diseases);
  for (const k of labelled) if (diseaseSet.has(k % n) && inUniverse.has(Math.floor(k / n))) labelledInUniverse++;
  const wanted = Math.min(Math.round(input.negativesPerPositive * positives.length), universe - labelledInUniverse);
  const sampled = new Map<number, [number, number]>();
  while (sampled.size < wanted) {
    const r = Math.floor(random() * universe);
    const c = compounds[Math.floor(r / diseases.length)]!;
    const d = diseases[r % diseases.length]!;
    const k = key(c, d);
    if (!labelled.has(k) && !sampled.has(k)) sampled.set(k, [c, d]);
  }
  const negatives = [...sampled.values()].sort(pairOrder);

  const rows = [...positives.map((p) => [p, 1, 'treats'] as const), ...curated.map((p) => [p, 0, 'curated_not'] as const), ...negatives.map((p) => [p, 0, 'sampled'] as const)];
  const foldRandom = seededRandom(input.seed ^ 0x5eed);
  const positiveFolds = dealFolds(positives.length, input.folds, foldRandom);
  const negativeFolds = dealFolds(curated.length + negatives.length, input.folds, foldRandom, positives.length % input.folds);
  const fold = new Int32Array(rows.length);
  rows.forEach((_, i) => { fold[i] = i < positives.length ? positiveFolds[i]! : negativeFolds[i - positives.length]!; });
  return {
    compound: Int32Array.from(rows.map((r) => r[0][0])),
    disease: Int32Array.from(rows.map((r) => r[0][1])),
    label: Uint8Array.from(rows.map((r) => r[1])),
    origin: rows.map((r) => r[2]),
    fold, folds: input.folds,
    compounds: Int32Array.from(compounds),
    diseases: Int32Array.from(diseases),
    population: { pairs: universe, positives: positives.length },
    universe: input.scope?.universe ?? null,
  };
}
