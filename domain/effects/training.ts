// Trains the learned reader (pure, deterministic): softmax regression by stochastic gradient descent with
// AdaGrad step sizes (Duchi, Hazan & Singer, JMLR 2011) and L2 regularisation, items visited in an order
// shuffled by a fixed-seed linear congruential generator, so the same data give the same weights.
import { MODEL_CLASSES, bucketOf, softmax } from './learned-model';

export interface TrainingOptions {
  buckets: number;
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
}

export const DEFAULT_TRAINING: TrainingOptions = { buckets: 1 << 16, epochs: 12, learningRate: 0.3, l2: 1e-3, seed: 20261127 };

export function trainSoftmax(items: readonly { features: readonly string[]; label: number }[], options: TrainingOptions = DEFAULT_TRAINING): Float32Array {
  const k = MODEL_CLASSES.length;
  const w = new Float32Array(options.buckets * k);
  const g2 = new Float32Array(options.buckets * k).fill(1e-8);
  const encoded = items.map((it) => ({ buckets: [...new Set(it.features.map((f) => bucketOf(f, options.buckets)))], label: it.label }));
  const order = encoded.map((_, i) => i);
  let state = options.seed >>> 0;
  const next = () => { state = (Math.imul(state, 1664525) + 1013904223) >>> 0; return state / 2 ** 32; };
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const item = encoded[idx]!;
      const logits = new Array<number>(k).fill(0);
      for (const b of item.buckets) for (let c = 0; c < k; c++) logits[c]! += w[b * k + c]!;
      const p = softmax(logits);
      for (const b of item.buckets) {
        for (let c = 0; c < k; c++) {
          const at = b * k + c;
          const grad = p[c]! - (c === item.label ? 1 : 0) + options.l2 * w[at]!;
          g2[at]! += grad * grad;
          w[at]! -= (options.learningRate / Math.sqrt(g2[at]!)) * grad;
        }
      }
    }
  }
  return w;
}
