// The learned reader: multinomial logistic regression (softmax regression; e.g. Bishop, Pattern Recognition
// and Machine Learning, 2006, §4.3.4) over hashed binary features (features.ts). Weights are trained by
// scripts/train-effect-reader.ts on the Evidence Inference train split only and stored quantised to 16-bit
// integers (weight = int × scale) in effect-model.json, whose header records how it was made.
import { fnv1a } from './features';

export const MODEL_CLASSES = ['increased', 'decreased', 'no_difference'] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface EffectModelFile {
  /** How the file was made: command, train file and its SHA-256, validation figures. */
  header: Record<string, unknown>;
  buckets: number;
  scale: number;
  /** base64 of Int16 little-endian, buckets × classes, row-major by bucket. */
  weights: string;
  /**
   * The direction model: the same kind of weights trained on the significant items only (increased against
   * decreased), so that its capacity goes to which way, not whether. Absent: the main model's two classes.
   */
  direction?: { scale: number; weights: string };
}

export interface EffectModel {
  buckets: number;
  weights: Float32Array;
  direction?: Float32Array;
  header: Record<string, unknown>;
}

export function bucketOf(feature: string, buckets: number): number {
  return fnv1a(feature) % buckets;
}

function decodeWeights(base64: string, scale: number): Float32Array {
  const bytes = Buffer.from(base64, 'base64');
  const ints = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const weights = new Float32Array(ints.length);
  for (let i = 0; i < ints.length; i++) weights[i] = ints[i]! * scale;
  return weights;
}

function encodeWeights(weights: Float32Array): { scale: number; weights: string } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 32767 : 1;
  const ints = new Int16Array(weights.length);
  for (let i = 0; i < weights.length; i++) ints[i] = Math.round(weights[i]! / scale);
  return { scale, weights: Buffer.from(ints.buffer).toString('base64') };
}

export function decodeModel(file: EffectModelFile): EffectModel {
  const weights = decodeWeights(file.weights, file.scale);
  return { buckets: file.buckets, weights, header: file.header, ...(file.direction ? { direction: decodeWeights(file.direction.weights, file.direction.scale) } : {}) };
}

export function encodeModel(weights: Float32Array, buckets: number, header: Record<string, unknown>, direction?: Float32Array): EffectModelFile {
  return { header, buckets, ...encodeWeights(weights), ...(direction ? { direction: encodeWeights(direction) } : {}) };
}

/** Per-class scores (logits) and softmax probabilities of a feature set. */
export function scoreFeatures(model: { buckets: number; weights: Float32Array }, features: readonly string[]): { logits: number[]; probabilities: number[] } {
  const k = MODEL_CLASSES.length;
  const logits = new Array<number>(k).fill(0);
  for (const f of new Set(features)) {
    const b = bucketOf(f, model.buckets) * k;
    for (let c = 0; c < k; c++) logits[c]! += model.weights[b + c]!;
  }
  return { logits, probabilities: softmax(logits) };
}

export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** The features that pushed hardest toward a class (weight for that class minus the mean of the others). */
export function topFeatures(model: EffectModel, features: readonly string[], cls: number, n: number): { feature: string; weight: number }[] {
  const k = MODEL_CLASSES.length;
  return [...new Set(features)].map((feature) => {
    const b = bucketOf(feature, model.buckets) * k;
    let others = 0;
    for (let c = 0; c < k; c++) if (c !== cls) others += model.weights[b + c]!;
    return { feature, weight: Number((model.weights[b + cls]! - others / (k - 1)).toFixed(3)) };
  }).sort((a, b) => b.weight - a.weight).slice(0, n);
}
