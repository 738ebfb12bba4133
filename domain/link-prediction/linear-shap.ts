// Exact SHAP values of a linear model in log-odds (Lundberg & Lee, NeurIPS 2017; for a linear model with
// independent features, SHAP reduces to φ_i = β_i (x_i − E[x_i])): each feature's contribution to the
// prediction's log-odds relative to the base value, the log-odds at the background mean. The background
// is the training pairs; the inputs are standardized over them, so E[x_i] = 0 and base value = intercept
// (plus the prior-correction offset). Σ φ_i = logit(p) − base value exactly. Pure.

/** φ for one standardized row; `background` is E[x] (zeros for inputs standardized on the background). */
export function linearShap(beta: readonly number[], row: ArrayLike<number>, background: readonly number[]): number[] {
  return beta.map((b, f) => b * (row[f]! - background[f]!));
}

/** The base value: the model's log-odds at the background mean. */
export function baseValue(intercept: number, beta: readonly number[], background: readonly number[]): number {
  return beta.reduce((sum, b, f) => sum + b * background[f]!, intercept);
}
