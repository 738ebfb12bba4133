// L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least squares),
// minimising Σ_i [log(1 + e^η_i) − y_i η_i] + (λ/2) Σ_j β_j², η = β_0 + x·β, with the intercept unpenalised.
// The features are standardized first (transforms.ts), so one λ fits all. Each Newton step solves the
// (p+1)×(p+1) system by Cholesky; steps are halved while the objective does not decrease, so the fit
// converges from β = 0 for any λ > 0 (the objective is strictly convex). Deterministic. Pure.

export interface LogisticFit {
  intercept: number;
  beta: number[];
  iterations: number;
  converged: boolean;
}

export const sigmoid = (t: number): number => (t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t)));

/** log(1 + e^t) without overflow. */
const softplus = (t: number): number => (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t)));

function objective(x: Float64Array, y: Uint8Array, rows: number, p: number, b0: number, beta: Float64Array, lambda: number): number {
  let sum = 0;
  for (let i = 0; i < rows; i++) {
    let eta = b0;
    for (let f = 0; f < p; f++) eta += x[i * p + f]! * beta[f]!;
    sum += softplus(eta) - y[i]! * eta;
  }
  let pen = 0;
  for (let f = 0; f < p; f++) pen += beta[f]! ** 2;
  return sum + (lambda / 2) * pen;
}

/** Solves A s = g for symmetric positive definite A (dimension d, row-major) by Cholesky. */
export function choleskySolve(a: Float64Array, g: Float64Array, d: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * d + j]!;
      for (let k = 0; k < j; k++) s -= l[i * d + k]! * l[j * d + k]!;
      if (i === j) {
        if (s <= 0) throw new Error('choleskySolve: matrix is not positive definite');
        l[i * d + i] = Math.sqrt(s);
      } else {
        l[i * d + j] = s / l[j * d + j]!;
      }
    }
  }
  const z = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let s = g[i]!;
    for (let k = 0; k < i; k++) s -= l[i * d + k]! * z[k]!;
    z[i] = s / l[i * d + i]!;
  }
  const out = new Float64Array(d);
  for (let i = d - 1; i >= 0; i--) {
    let s = z[i]!;
    for (let k = i + 1; k < d; k++) s -= l[k * d + i]! * out[k]!;
    out[i] = s / l[i * d + i]!;
  }
  return out;
}

/** Fits on standardized rows x (rows × p, row-major) with labels y ∈ {0, 1}. */
export function fitLogisticL2(x: Float64Array, y: Uint8Array, rows: number, p: number, lambda: number, maxIterations = 100): LogisticFit {
  if (!(lambda > 0)) throw new Error('fitLogisticL2: lambda must be > 0');
  const d = p + 1;
  let b0 = 0;
  let beta = new Float64Array(p);
  let current = objective(x, y, rows, p, b0, beta, lambda);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    // Gradient and Hessian over the augmented design [1, x].
    const grad = new Float64Array(d);
    const hess = new Float64Array(d * d);
    const row = new Float64Array(d);
    for (let i = 0; i < rows; i++) {
      row[0] = 1;
      let eta = b0;
      for (let f = 0; f < p; f++) { row[f + 1] = x[i * p + f]!; eta += row[f + 1]! * beta[f]!; }
      const prob = sigmoid(eta);
      const r = prob - y[i]!;
      const w = prob * (1 - prob);
      for (let a = 0; a < d; a++) {
        grad[a]! += r * row[a]!;
        const wa = w * row[a]!;
        for (let b = 0; b <= a; b++) hess[a * d + b]! += wa * row[b]!;
      }
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hess[b * d + a] = hess[a * d + b]!;
    for (let f = 0; f < p; f++) { grad[f + 1]! += lambda * beta[f]!; hess[(f + 1) * d + (f + 1)]! += lambda; }
    hess[0]! += 1e-12 * rows; // keeps the intercept's pivot positive when every weight underflows
    const step = choleskySolve(hess, grad, d);
    let t = 1;
    let nextB0 = b0;
    let nextBeta = beta;
    let next = current;
    for (let halvings = 0; halvings < 30; halvings++) {
      nextB0 = b0 - t * step[0]!;
      nextBeta = beta.map((v, f) => v - t * step[f + 1]!);
      next = objective(x, y, rows, p, nextB0, nextBeta, lambda);
      if (next <= current) break;
      t /= 2;
    }
    let change = Math.abs(nextB0 - b0);
    for (let f = 0; f < p; f++) change = Math.max(change, Math.abs(nextBeta[f]! - beta[f]!));
    b0 = nextB0;
    beta = nextBeta;
    const improvement = current - next;
    current = next;
    if (change < 1e-9 || improvement < 1e-12 * Math.max(1, Math.abs(current))) {
      return { intercept: b0, beta: [...beta], iterations: iteration, converged: true };
    }
  }
  return { intercept: b0, beta: [...beta], iterations: maxIterations, converged: false };
}

/** Linear predictor (log-odds) of standardized rows. */
export function logits(fit: Pick<LogisticFit, 'intercept' | 'beta'>, x: Float64Array, rows: number, p: number): Float64Array {
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let eta = fit.intercept;
    for (let f = 0; f < p; f++) eta += x[i * p + f]! * fit.beta[f]!;
    out[i] = eta;
  }
  return out;
}
