// A SHAP waterfall (Lundberg & Lee, NeurIPS 2017; the "waterfall plot" of the shap library): the model's
// base value (the log-odds at the training mean), then each feature's exact SHAP value added in turn, the
// largest |value| first, the smallest grouped as "other features", ending at the prediction's log-odds
// (additivity: base + Σ shap = log-odds). Pure geometry for the dashboard's drawing; tested by hand.

export interface WaterfallStep { label: string; start: number; end: number; contribution: number }

export function waterfallSteps(base: number, shap: Readonly<Record<string, number>>, shown: number): WaterfallStep[] {
  const entries = Object.entries(shap).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const steps: WaterfallStep[] = [];
  let at = base;
  const add = (label: string, contribution: number) => {
    steps.push({ label, start: at, end: at + contribution, contribution });
    at += contribution;
  };
  for (const [feature, value] of entries.slice(0, shown)) add(feature, value);
  const rest = entries.slice(shown);
  if (rest.length > 0) add(`${rest.length} other feature${rest.length === 1 ? '' : 's'}`, rest.reduce((sum, [, v]) => sum + v, 0));
  return steps;
}

/** The logistic function: a log-odds as a probability. */
export const probabilityOf = (logOdds: number): number => 1 / (1 + Math.exp(-logOdds));
