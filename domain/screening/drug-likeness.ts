// Drug-likeness of a screened compound, from descriptors RDKit computes (infra/chem/rdkit.ts). Pure.
//
// - Lipinski's rule of five (Lipinski, Lombardo, Dominy & Feeney, Adv Drug Deliv Rev 1997,
//   doi:10.1016/S0169-409X(96)00423-1): poor absorption or permeation is more likely with more than 5 H-bond
//   donors (OH + NH), more than 10 acceptors (N + O), molecular weight over 500 or logP over 5; a compound
//   passes with at most one violation (the paper's alert is for two or more). logP here is Crippen's
//   (Wildman & Crippen 1999), as RDKit computes it, not the paper's CLogP.
// - QED (Bickerton et al., Nat Chem 2012) is in qed.ts; `qedWithoutAlerts` below is the earlier seven-property
//   approximation, kept for backward compatibility of the result field `qed_without_alerts`.
import { QedValue, weightedQed } from './qed';

export { desirability } from './qed';

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

/** The seven properties before the alerts term, with RDKit's generic acceptor count (see qedWithoutAlerts). */
const WITHOUT_ALERTS = ['MW', 'ALOGP', 'HBA', 'HBD', 'PSA', 'ROTB', 'AROM'] as const;
type SevenProperties = typeof WITHOUT_ALERTS[number];

export type QedResult = QedValue<SevenProperties>;

/**
 * Deprecated (kept so existing clients keep their field; use the full QED, domain/screening/qed.ts): QED over
 * seven properties with their mean weights and no alerts term; HBA is RDKit's NumHBA, AROM NumAromaticRings.
 */
export function qedWithoutAlerts(d: MolecularDescriptors): QedResult {
  return weightedQed({
    MW: d.amw, ALOGP: d.CrippenClogP, HBA: d.NumHBA, HBD: d.NumHBD, PSA: d.tpsa, ROTB: d.NumRotatableBonds, AROM: d.NumAromaticRings,
  }, WITHOUT_ALERTS);
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
