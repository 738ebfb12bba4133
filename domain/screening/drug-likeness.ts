// Drug-likeness of a screened compound, from descriptors RDKit computes (infra/chem/rdkit.ts). Pure.
//
// - Lipinski's rule of five (Lipinski, Lombardo, Dominy & Feeney, Adv Drug Deliv Rev 1997,
//   doi:10.1016/S0169-409X(96)00423-1): poor absorption or permeation is more likely with more than 5 H-bond
//   donors (OH + NH), more than 10 acceptors (N + O), molecular weight over 500 or logP over 5; a compound
//   passes with at most one violation (the paper's alert is for two or more). logP here is Crippen's
//   (Wildman & Crippen 1999), as RDKit computes it, not the paper's CLogP.
// - QED, the quantitative estimate of drug-likeness (Bickerton, Paolini, Besnard, Muresan & Hopkins, Nat Chem
//   2012, doi:10.1038/nchem.1243): each of eight properties mapped through an asymmetric double sigmoid
//   ("ADS") fitted to approved oral drugs, combined as a weighted geometric mean with the paper's mean
//   weights. RDKit's WebAssembly build has no QED and no structural-alert set, so the eighth property
//   (the count of unwanted-moiety alerts) is left out here and the weights of the other seven are used:
//   `qed_without_alerts` is NOT the published QED, and is reported under that name. HBA is RDKit's
//   acceptor count (NumHBA) rather than Bickerton's acceptor patterns, ROTB RDKit's rotatable bonds.

export interface MolecularDescriptors {
  /** Average molecular weight. */
  amw: number;
  /** Crippen logP. */
  CrippenClogP: number;
  /** N + O count; OH + NH count (Lipinski's definitions). */
  lipinskiHBA: number;
  lipinskiHBD: number;
  /** RDKit's acceptor and donor counts (used for QED). */
  NumHBA: number;
  NumHBD: number;
  tpsa: number;
  NumRotatableBonds: number;
  NumAromaticRings: number;
}

export interface LipinskiResult {
  molecular_weight: number;
  logp: number;
  h_bond_donors: number;
  h_bond_acceptors: number;
  violations: string[];
  passes: boolean;
}

export function lipinski(d: MolecularDescriptors): LipinskiResult {
  const violations: string[] = [];
  if (d.amw > 500) violations.push('molecular_weight > 500');
  if (d.CrippenClogP > 5) violations.push('logp > 5');
  if (d.lipinskiHBD > 5) violations.push('h_bond_donors > 5');
  if (d.lipinskiHBA > 10) violations.push('h_bond_acceptors > 10');
  return {
    molecular_weight: round(d.amw, 2), logp: round(d.CrippenClogP, 3), h_bond_donors: d.lipinskiHBD, h_bond_acceptors: d.lipinskiHBA,
    violations, passes: violations.length <= 1,
  };
}

/** ADS parameters a, b, c, d, e, f, dmax per property (Bickerton et al. 2012, Supplementary Table 1). */
const ADS = {
  MW: [2.817065973, 392.5754953, 290.7489764, 2.419764353, 49.22325677, 65.37051707, 104.9805561],
  ALOGP: [3.172690585, 137.8624751, 2.534937431, 4.581497897, 0.822739154, 0.576295591, 131.3186604],
  HBA: [2.948620388, 160.4605972, 3.615294657, 4.435986202, 0.290141953, 1.300669958, 148.7763046],
  HBD: [1.618662227, 1010.051101, 0.985094388, 0.000000001, 0.713820843, 0.920922555, 258.1632616],
  PSA: [1.876861559, 125.2232657, 62.90773554, 87.83366614, 12.01999824, 28.51324732, 104.5686167],
  ROTB: [0.010000000, 272.4121427, 2.558379970, 1.565547684, 1.271567166, 2.758063707, 105.4420403],
  AROM: [3.217788970, 957.7374108, 2.274627939, 0.000000001, 1.317690384, 0.375760881, 312.3372610],
} as const;

/** The paper's mean weights (its recommended QED_w,mo), without ALERTS (0.95). */
const WEIGHTS = { MW: 0.66, ALOGP: 0.46, HBA: 0.05, HBD: 0.61, PSA: 0.06, ROTB: 0.65, AROM: 0.48 } as const;

type QedProperty = keyof typeof ADS;

/** The asymmetric double sigmoid, scaled by dmax so the most desirable value maps to ~1. */
export function desirability(x: number, p: readonly number[]): number {
  const [a, b, c, d, e, f, dmax] = p as [number, number, number, number, number, number, number];
  const rise = 1 / (1 + Math.exp(-(x - c + d / 2) / e));
  const fall = 1 - 1 / (1 + Math.exp(-(x - c - d / 2) / f));
  return (a + b * rise * fall) / dmax;
}

export interface QedResult {
  value: number;
  properties: Record<QedProperty, number>;
  desirabilities: Record<QedProperty, number>;
}

export function qedWithoutAlerts(d: MolecularDescriptors): QedResult {
  const properties: Record<QedProperty, number> = {
    MW: d.amw, ALOGP: d.CrippenClogP, HBA: d.NumHBA, HBD: d.NumHBD, PSA: d.tpsa, ROTB: d.NumRotatableBonds, AROM: d.NumAromaticRings,
  };
  let weighted = 0;
  let total = 0;
  const desirabilities = {} as Record<QedProperty, number>;
  for (const key of Object.keys(ADS) as QedProperty[]) {
    const value = desirability(properties[key], ADS[key]);
    desirabilities[key] = round(value, 4);
    weighted += WEIGHTS[key] * Math.log(value);
    total += WEIGHTS[key];
  }
  const rounded = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, round(v, 3)])) as Record<QedProperty, number>;
  return { value: round(Math.exp(weighted / total), 4), properties: rounded, desirabilities };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
