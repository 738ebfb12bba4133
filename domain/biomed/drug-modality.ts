// A compound's modality from what identity sources say about it, without guessing from descriptions:
// - a structure (Standard InChIKey) -> 'small molecule';
// - otherwise the WHO INN stem of its name (WHO, "The use of stems in the selection of International
//   Nonproprietary Names for pharmaceutical substances", 2018): '-mab' monoclonal antibody -> 'antibody',
//   '-cept' receptor/fusion molecule -> 'fusion protein';
// - otherwise a DrugBank biotech accession (BIOD…) -> 'protein';
// - otherwise 'unknown' (absence of a structure is not evidence of a biologic).
export type Modality = 'small molecule' | 'antibody' | 'fusion protein' | 'protein' | 'unknown';

export function drugModality(facts: { inchikey?: string | null; name?: string | null; biotechAccession?: boolean }): Modality {
  if (facts.inchikey) return 'small molecule';
  const name = (facts.name ?? '').trim().toLowerCase().split(/\s+/)[0] ?? '';
  if (/mab$/.test(name)) return 'antibody';
  if (/cept$/.test(name)) return 'fusion protein';
  if (facts.biotechAccession) return 'protein';
  return 'unknown';
}

/** Exact-name key: lower case, whitespace collapsed (the only normalisation a name join applies). */
export function normalisedDrugName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}
