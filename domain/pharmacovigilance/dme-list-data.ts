// The shape of dme-list.json: the EMA Designated Medical Event list as held by the service, written by
// scripts/derive-dme.ts from the shared transcription (never edited by hand).
export interface DmeListData {
  title: string;
  /** EMA's document number, e.g. EMA/326038/2020 */
  ref: string;
  /** the document's date, YYYY-MM-DD */
  doc_date: string;
  url: string;
  /** where the MedDRA PT codes come from (EMA's IME list) */
  codes_from: string;
  attribution: string;
  derived_from: string;
  /** lower-case MedDRA preferred-term names, in the list's order, and their PT codes */
  terms: { pt_name: string; pt_code: string }[];
}
