// The EMA's Designated Medical Event list (European Medicines Agency, EMA/326038/2020, 15 June 2020): MedDRA
// Preferred Terms for serious medical concepts often caused by drugs across classes, which regulators review
// whatever the reporting statistics say. It is the published, named yardstick this service uses for
// "serious" when it reads SIDER's label side effects (SIDER itself has no seriousness field).
//
// Held: the whole list, 62 preferred terms with their MedDRA PT codes, in dme-list.json, derived by
// scripts/derive-dme.ts from ../shared/data/ema-dme/dme_pts.json (a transcription of EMA's xlsx; its weaker
// provenance is in that folder's README). Never re-typed here.
//
// Matching (docs/scoring.md): by MedDRA PT code when the side effect comes with one, otherwise by the exact
// PT name, case-insensitive (MedDRA spells British English and SIDER's names follow MedDRA). No fuzzy
// matching: a near miss ("Stevens Johnson syndrome") is not a DME, and a term not on the list is "not a
// designated medical event", never "not serious".
import data from './dme-list.json';
import type { DmeListData } from './dme-list-data';

const LIST: DmeListData = data;

/** Names the list, its document number and date: every flag's statement carries it. */
export const DME_LIST = `European Medicines Agency Designated Medical Event list (${LIST.ref}, ${LIST.doc_date})`;
export const DME_TERMS_HELD = `all ${LIST.terms.length} of its MedDRA preferred terms`;

export interface DesignatedMedicalEvent { pt_name: string; pt_code: string; matched_by: 'pt_code' | 'pt_name' }

const BY_NAME = new Map(LIST.terms.map((t) => [t.pt_name.toLowerCase(), t]));
const BY_CODE = new Map(LIST.terms.map((t) => [t.pt_code, t]));

/**
 * The DME term a side effect is: by its MedDRA PT code when given (digits, e.g. "10042033"), else by its name
 * (exact, case-insensitive, surrounding spaces ignored); undefined when it is not on the list.
 */
export function designatedMedicalEvent(effect: { name: string; meddraPtCode?: string | null }): DesignatedMedicalEvent | undefined {
  const code = effect.meddraPtCode?.trim();
  if (code) {
    const term = BY_CODE.get(code);
    return term ? { ...term, matched_by: 'pt_code' } : undefined;
  }
  const term = BY_NAME.get(effect.name.trim().toLowerCase());
  return term ? { ...term, matched_by: 'pt_name' } : undefined;
}

/** The list's preferred-term names (lower-case, the list's order). */
export const DESIGNATED_MEDICAL_EVENT_TERMS: readonly string[] = LIST.terms.map((t) => t.pt_name);
/** The list's MedDRA PT codes, in the same order. */
export const DESIGNATED_MEDICAL_EVENT_CODES: readonly string[] = LIST.terms.map((t) => t.pt_code);
