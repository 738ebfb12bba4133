// Elastic-net logistic regression as glmnet fits it (Friedman, Hastie & Tibshirani, J Stat Softw 2010,
// doi:10.18637/jss.v033.i01), the penalty Project Rephetio selected its features with (Himmelstein et al., eLife
// 2017): minimise (1/n) Σ_i [log(1 + e^η_i) − y_i η_i] + λ [(1 − α)/2 Σ_j β_j² + α Σ_j |β_j|], η = β_0 + x·β,
// the intercept unpenalised. Proximal Newton: at the current fit, the log-likelihood's quadratic approximation
// (weights w = p(1 − p), working response z = η + (y − p)/w) is minimised exactly by cyclic coordinate descent
// with soft-thresholding, on its weighted Gram matrix (p × p, so a sweep costs p², not n·p); the step from the old
// fit to the new one is halved while the objective does not decrease. A path of λ from λ_max (the smallest λ at
// which every β is 0) down is fitted with warm starts. Deterministic. Pure.

export interface ElasticNetFit {
  intercept: number;
  beta: number[];
  lambda: number;
  alpha: number;
  converged: boolean;
}

const softplus = (t: number): number => (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t)));
const sigmoid = (t: number): number => (t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t)));
const softThreshold = (v: number, t: number): number => (v > t ? v - t : v < -t ? v + t : 0);

function linear(x: Float64Array, rows: number, p: number, b0: number, beta: Float64Array): Float64Array {
  const eta = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let s = b0;
    for (let f = 0; f < p; f++) s += x[i * p + f]! * beta[f]!;
    eta[i] = s;
  }
  return eta;
}

/** The penalised objective (mean loss + penalty). */
export function elasticNetObjective(x: Float64Array, y: Uint8Array, rows: number, p: number, b0: number, beta: ArrayLike<number>, lambda: number, alpha: number): number {
  const eta = linear(x, rows, p, b0, Float64Array.from(beta));
  let loss = 0;
  for (let i = 0; i < rows; i++) loss += softplus(eta[i]!) - y[i]! * eta[i]!;
  let l1 = 0;
  let l2 = 0;
  for (let f = 0; f < p; f++) { l1 += Math.abs(beta[f]!); l2 += beta[f]! ** 2; }
  return loss / rows + lambda * ((1 - alpha) / 2 * l2 + alpha * l1);
}

/** The smallest λ at which every coefficient is 0: max_j |(1/n) Σ x_ij (y_i − ȳ)| / α. */
export function lambdaMax(x: Float64Array, y: Uint8Array, rows: number, p: number, alpha: number): number {
  let ybar = 0;
  for (let i = 0; i < rows; i++) ybar += y[i]!;
  ybar /= rows;
  let max = 0;
  for (let f = 0; f < p; f++) {
    let g = 0;
    for (let i = 0; i < rows; i++) g += x[i * p + f]! * (y[i]! - ybar);
    max = Math.max(max, Math.abs(g / rows));
  }
  return max / Math.max(alpha, 1e-3);
}

/** One λ, started from (b0, beta) (warm start). */
export function fitElasticNet(
  x: Float64Array, y: Uint8Array, rows: number, p: number, lambda: number, alpha: number,
  start?: { intercept: number; beta: ArrayLike<number> }, maxIterations = 100,
): ElasticNetFit {
  if (!(lambda >= 0) || !(alpha >= 0 && alpha <= 1)) throw new Error('fitElasticNet: need λ ≥ 0 and 0 ≤ α ≤ 1');
  let b0 = start?.intercept ?? 0;
  let beta = start ? Float64Array.from(start.beta) : new Float64Array(p);
  let current = elasticNetObjective(x, y, rows, p, b0, beta, lambda, alpha);
  const gram = new Float64Array(p * p);
  const g = new Float64Array(p);
  const m = new Float64Array(p);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const eta = linear(x, rows, p, b0, beta);
    gram.fill(0); g.fill(0); m.fill(0);
    let s = 0;
    let u = 0;
    for (let i = 0; i < rows; i++) {
      const prob = sigmoid(eta[i]!);
      const w = Math.max(prob * (1 - prob), 1e-5); // glmnet's floor: keeps the quadratic defined at separation
      const z = eta[i]! + (y[i]! - prob) / w;
      s += w; u += w * z;
      const row = i * p;
      for (let a = 0; a < p; a++) {
        const wa = w * x[row + a]!;
        g[a]! += wa * z; m[a]! += wa;
        for (let b = 0; b <= a; b++) gram[a * p + b]! += wa * x[row + b]!;
      }
    }
    for (let a = 0; a < p; a++) for (let b = 0; b < a; b++) gram[b * p + a] = gram[a * p + b]!;
    // Coordinate descent on (1/2n) Σ w (z − b0 − xβ)² + penalty (every sum above is /n below).
    const inv = 1 / rows;
    const next = Float64Array.from(beta);
    let nextB0 = b0;
    for (let sweep = 0; sweep < 1000; sweep++) {
      let change = 0;
      let mb = 0;
      for (let k = 0; k < p; k++) mb += m[k]! * next[k]!;
      const newB0 = (u - mb) / s;
      change = Math.max(change, Math.abs(newB0 - nextB0));
      nextB0 = newB0;
      for (let j = 0; j < p; j++) {
        let r = g[j]! - nextB0 * m[j]!;
        for (let k = 0; k < p; k++) if (k !== j) r -= gram[j * p + k]! * next[k]!;
        const value = softThreshold(r * inv, lambda * alpha) / (gram[j * p + j]! * inv + lambda * (1 - alpha));
        change = Math.max(change, Math.abs(value - next[j]!));
        next[j] = value;
      }
      if (change < 1e-10) break;
    }
    // Step halving from the old fit towards the new one while the objective does not decrease.
    let t = 1;
    let candB0 = nextB0;
    let cand = next;
    let value = elasticNetObjective(x, y, rows, p, candB0, cand, lambda, alpha);
    for (let halvings = 0; halvings < 30 && value > current; halvings++) {
      t /= 2;
      candB0 = b0 + t * (nextB0 - b0);
      cand = beta.map((v, f) => v + t * (next[f]! - v));
      value = elasticNetObjective(x, y, rows, p, candB0, cand, lambda, alpha);
    }
    let change = Math.abs(candB0 - b0);
    for (let f = 0; f < p; f++) change = Math.max(change, Math.abs(cand[f]! - beta[f]!));
    const improvement = current - value;
    if (value <= current) { b0 = candB0; beta = cand; current = value; }
    if (change < 1e-8 || improvement < 1e-13 * Math.max(1, Math.abs(current))) {
      return { intercept: b0, beta: [...beta], lambda, alpha, converged: true };
    }
  }
  return { intercept: b0, beta: [...beta], lambda, alpha, converged: false };
}

/** λ_max · ratio^(k/(count−1)), k = 0 … count−1: glmnet's default log-spaced path. */
export function lambdaPath(max: number, count: number, ratio: number): number[] {
  return Array.from({ length: count }, (_, k) => max * Math.pow(ratio, k / (count - 1)));
}

/** The fits along a decreasing λ path, each warm-started from the previous one. */
export function fitElasticNetPath(x: Float64Array, y: Uint8Array, rows: number, p: number, lambdas: readonly number[], alpha: number): ElasticNetFit[] {
  const out: ElasticNetFit[] = [];
  let start: { intercept: number; beta: ArrayLike<number> } | undefined;
  for (const lambda of lambdas) {
    const fit = fitElasticNet(x, y, rows, p, lambda, alpha, start);
    out.push(fit);
    start = fit;
  }
  return out;
}
