// Project Rephetio's published performance (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726), quoted
// beside our own cross-validated figures by `evidence ml evaluate`. These are THEIR model's AUROCs on THEIR
// evaluation sets (Hetionet v1.0, 209,168 compound–disease pairs), not measurements of this code, and not
// comparable one-to-one with ours: different graph, features, negatives and hold-out design.
export const REPHETIO_PUBLISHED: readonly { set: string; auroc: number }[] = [
  { set: 'PharmacotherapyDB disease-modifying treatments', auroc: 0.974 },
  { set: 'DrugCentral indications not in PharmacotherapyDB', auroc: 0.855 },
  { set: 'ClinicalTrials.gov compound–disease trials', auroc: 0.700 },
];
