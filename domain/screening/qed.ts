// QED, the quantitative estimate of drug-likeness (Bickerton, Paolini, Besnard, Muresan & Hopkins, Nat Chem 2012,
// doi:10.1038/nchem.1243): eight molecular properties, each mapped through an asymmetric double sigmoid ("ADS")
// fitted to approved oral drugs, combined as a weighted geometric mean with the paper's mean weights (QED_w,mo).
// Property definitions follow RDKit's QED (rdkit/Chem/QED.py, version 1.1.0), whose patterns are in
// qed-patterns.ts; infra/chem/qed-properties.ts measures them. Pure.

export const QED_PROPERTY_NAMES = ['MW', 'ALOGP', 'HBA', 'HBD', 'PSA', 'ROTB', 'AROM', 'ALERTS'] as const;
export type QedPropertyName = typeof QED_PROPERTY_NAMES[number];
export type QedProperties = Record<QedPropertyName, number>;

/** ADS parameters a, b, c, d, e, f, dmax per property (Bickerton et al. 2012, Supplementary Table 1). */
export const ADS_PARAMETERS: Record<QedPropertyName, readonly number[]> = {
  MW: [2.817065973, 392.5754953, 290.7489764, 2.419764353, 49.22325677, 65.37051707, 104.9805561],
  ALOGP: [3.172690585, 137.8624751, 2.534937431, 4.581497897, 0.822739154, 0.576295591, 131.3186604],
  HBA: [2.948620388, 160.4605972, 3.615294657, 4.435986202, 0.290141953, 1.300669958, 148.7763046],
  HBD: [1.618662227, 1010.051101, 0.985094388, 0.000000001, 0.713820843, 0.920922555, 258.1632616],
  PSA: [1.876861559, 125.2232657, 62.90773554, 87.83366614, 12.01999824, 28.51324732, 104.5686167],
  ROTB: [0.010000000, 272.4121427, 2.558379970, 1.565547684, 1.271567166, 2.758063707, 105.4420403],
  AROM: [3.217788970, 957.7374108, 2.274627939, 0.000000001, 1.317690384, 0.375760881, 312.3372610],
  ALERTS: [0.010000000, 1199.094025, -0.09002883, 0.000000001, 0.185904477, 0.875193782, 417.7253140],
};

/** The paper's mean weights (its recommended QED_w,mo). */
export const QED_MEAN_WEIGHTS: Record<QedPropertyName, number> = {
  MW: 0.66, ALOGP: 0.46, HBA: 0.05, HBD: 0.61, PSA: 0.06, ROTB: 0.65, AROM: 0.48, ALERTS: 0.95,
};

/** The asymmetric double sigmoid, scaled by dmax so the most desirable value maps to ~1. */
export function desirability(x: number, p: readonly number[]): number {
  const [a, b, c, d, e, f, dmax] = p as [number, number, number, number, number, number, number];
  const rise = 1 / (1 + Math.exp(-(x - c + d / 2) / e));
  const fall = 1 - 1 / (1 + Math.exp(-(x - c - d / 2) / f));
  return (a + b * rise * fall) / dmax;
}

export interface QedValue<K extends string> {
  value: number;
  properties: Record<K, number>;
  desirabilities: Record<K, number>;
}

/** Weighted geometric mean of the desirabilities of the given properties (any subset of the eight). */
export function weightedQed<K extends QedPropertyName>(properties: Record<K, number>, keys: readonly K[]): QedValue<K> {
  let weighted = 0;
  let total = 0;
  const desirabilities = {} as Record<K, number>;
  const rounded = {} as Record<K, number>;
  for (const key of keys) {
    const value = desirability(properties[key], ADS_PARAMETERS[key]);
    desirabilities[key] = round(value, 4);
    rounded[key] = round(properties[key], 3);
    weighted += QED_MEAN_WEIGHTS[key] * Math.log(value);
    total += QED_MEAN_WEIGHTS[key];
  }
  return { value: round(Math.exp(weighted / total), 4), properties: rounded, desirabilities };
}

/** The published QED over all eight properties. */
export function qed(properties: QedProperties): QedValue<QedPropertyName> {
  return weightedQed(properties, QED_PROPERTY_NAMES);
}

/**
 * Rings left once some atoms are deleted (RDKit's QED counts AROM as the SSSR size of the molecule without its
 * aliphatic ring atoms): the cycle rank, bonds − atoms + connected components, over the remaining graph.
 */
export function ringCountWithout(atomCount: number, bonds: ReadonlyArray<readonly [number, number]>, deleted: ReadonlySet<number>): number {
  const parent = Array.from({ length: atomCount }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) { parent[x] = parent[parent[x]!]!; x = parent[x]!; }
    return x;
  };
  let kept = 0;
  for (const [a, b] of bonds) {
    if (deleted.has(a) || deleted.has(b)) continue;
    kept += 1;
    parent[find(a)] = find(b);
  }
  const roots = new Set<number>();
  for (let i = 0; i < atomCount; i += 1) if (!deleted.has(i)) roots.add(find(i));
  return kept - (atomCount - deleted.size) + roots.size;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
