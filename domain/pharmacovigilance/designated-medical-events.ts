// The EMA's Designated Medical Event (DME) list (EMA/326038/2020, 15 June 2020): MedDRA Preferred Terms for
// serious medical concepts often caused by drugs across classes, which regulators review whatever the
// reporting statistics say. It is the published, named yardstick this service uses for "serious" when it
// reads SIDER's label side effects (SIDER itself has no seriousness field).
//
// Held here: the list's terms from "Acute hepatic failure" to "Oedematous pancreatitis" (alphabetical),
// the part of the public list that could be retrieved without network access at build time. The rest of
// the alphabet (e.g. "Stevens-Johnson syndrome", "Toxic epidermal necrolysis", "Torsade de pointes") is NOT
// held: a term missing here is "not known to be on the list", never "not serious". DME_TERMS_HELD says so
// in every result that uses the list.
export const DME_LIST = 'EMA Designated Medical Event list (EMA/326038/2020)';
export const DME_TERMS_HELD = 'the terms from "Acute hepatic failure" to "Oedematous pancreatitis" of the alphabetical list';

const TERMS = [
  'Acute hepatic failure', 'Acute kidney injury', 'Agranulocytosis', 'Anaphylactic reaction', 'Anaphylactic shock',
  'Anaphylactoid reaction', 'Anaphylactoid shock', 'Angioedema', 'Aplasia pure red cell', 'Aplastic anaemia',
  'Autoimmune haemolytic anaemia', 'Autoimmune hepatitis', 'Autoimmune pancreatitis', 'Azotaemia', 'Blindness',
  'Bone marrow failure', 'Deafness', 'Deafness neurosensory', 'Deafness permanent', 'Deafness transitory',
  'Dermatitis exfoliative', 'Dermatitis exfoliative generalised', 'Drug reaction with eosinophilia and systemic symptoms',
  'Drug-induced liver injury', 'Erythema multiforme', 'Febrile neutropenia', 'Granulocytopenia', 'Haemolysis',
  'Haemolytic anaemia', 'Hepatic failure', 'Hepatic infarction', 'Hepatic necrosis', 'Hepatitis fulminant',
  'Immune thrombocytopenia', 'Intestinal perforation', 'Ischaemic pancreatitis', 'Neutropenic colitis',
  'Neutropenic infection', 'Neutropenic sepsis', 'Oedematous pancreatitis',
] as const;

/** MedDRA spells British English; SIDER's names follow MedDRA, so a case-insensitive exact match suffices. */
const BY_KEY = new Map(TERMS.map((t) => [t.toLowerCase(), t]));

/** The DME term a MedDRA name is (case-insensitive, exact), or undefined when it is not a held DME term. */
export function designatedMedicalEvent(meddraName: string): string | undefined {
  return BY_KEY.get(meddraName.trim().toLowerCase());
}

export const DESIGNATED_MEDICAL_EVENT_TERMS: readonly string[] = TERMS;
