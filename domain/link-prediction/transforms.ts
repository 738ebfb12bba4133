// Feature transforms as in Project Rephetio (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726,
// Methods): degree features asinh(degree) (log1p before; asinh chosen on the internal cross-validation, docs/modules.md);
// DWPC features asinh(DWPC / mean DWPC), the mean taken over
// the training pairs, so one unit is "a typical path weight" whatever the metapath's scale and zero stays
// zero; proximity as is (already in [0, 1]). Every column is then standardized (mean 0, unit standard
// deviation over the training pairs), so the L2 penalty treats features alike and a coefficient is the
// log-odds change per standard deviation. A column constant over the training pairs gets scale 1 (its
// coefficient is 0 under the penalty). A raw NaN is a missing value (the proximity of a compound without an
// interactome target): the fits use the observed values only, and a missing value standardizes to 0 — the training
// mean — so it contributes nothing (SHAP 0); its absence is carried by an explicit indicator feature. Pure.
import type { FeatureSpec } from './feature-set';

export interface FeatureScaling {
  /** Per feature: the DWPC mean used by asinh_mean (1 for other transforms). */
  divisor: number[];
  /** Mean and standard deviation of the transformed column over the training pairs. */
  center: number[];
  scale: number[];
}

function transformOne(spec: FeatureSpec, x: number, divisor: number): number {
  if (spec.transform === 'asinh') return Math.asinh(x);
  if (spec.transform === 'asinh_mean') return divisor > 0 ? Math.asinh(x / divisor) : 0;
  return x;
}

/** Fits the transforms on raw training rows (rows × features, row-major). */
export function fitScaling(specs: readonly FeatureSpec[], raw: Float64Array, rows: number): FeatureScaling {
  const p = specs.length;
  const divisor: number[] = [];
  const center: number[] = [];
  const scale: number[] = [];
  for (let f = 0; f < p; f++) {
    let mean = 0;
    let observed = 0;
    for (let i = 0; i < rows; i++) { const x = raw[i * p + f]!; if (!Number.isNaN(x)) { mean += x; observed++; } }
    mean = observed ? mean / observed : 0;
    divisor.push(specs[f]!.transform === 'asinh_mean' ? mean : 1);
    let m = 0;
    for (let i = 0; i < rows; i++) { const x = raw[i * p + f]!; if (!Number.isNaN(x)) m += transformOne(specs[f]!, x, divisor[f]!); }
    m = observed ? m / observed : 0;
    let v = 0;
    for (let i = 0; i < rows; i++) { const x = raw[i * p + f]!; if (!Number.isNaN(x)) v += (transformOne(specs[f]!, x, divisor[f]!) - m) ** 2; }
    const sd = observed ? Math.sqrt(v / observed) : 0;
    center.push(m);
    scale.push(sd > 1e-12 ? sd : 1);
  }
  return { divisor, center, scale };
}

/** Transformed value of one raw feature value (before standardization). */
export function transformedValue(spec: FeatureSpec, scaling: FeatureScaling, f: number, x: number): number {
  return transformOne(spec, x, scaling.divisor[f]!);
}

/** Standardized model inputs for raw rows. */
export function standardize(specs: readonly FeatureSpec[], scaling: FeatureScaling, raw: Float64Array, rows: number): Float64Array {
  const p = specs.length;
  const z = new Float64Array(rows * p);
  for (let i = 0; i < rows; i++) {
    for (let f = 0; f < p; f++) {
      const x = raw[i * p + f]!;
      z[i * p + f] = Number.isNaN(x) ? 0 : (transformOne(specs[f]!, x, scaling.divisor[f]!) - scaling.center[f]!) / scaling.scale[f]!;
    }
  }
  return z;
}
