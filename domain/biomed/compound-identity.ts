// One compound per drug: a ChEMBL molecule is put on its DrugBank id through exact identifiers only,
// in this order, and every join says how it was made (the importer records it as a mapping):
// 1. salt form -> parent: a ChEMBL approved-drug name that is another molecule's name plus pharmaceutical
//    counter-ion / hydrate words (TOFACITINIB CITRATE -> TOFACITINIB, UPADACITINIB HEMIHYDRATE ->
//    UPADACITINIB) is the parent's salt, when exactly one molecule has the parent name;
// 2. UniChem ChEMBL -> DrugBank (structure identity, small molecules), of the molecule or of its parent,
//    when exactly one DrugBank id is listed;
// 3. the DrugBank open vocabulary: the exact normalised name (lower case, spaces collapsed) equal to
//    exactly one entry's common name, else to exactly one entry's synonym (biologics have no structure:
//    BELIMUMAB -> DB08879 Belimumab).
// Otherwise the molecule stays CHEMBL:<id> (its own node, never dropped). No fuzzy matching.
import { normalisedDrugName } from './drug-modality';

/**
 * Counter-ion, ester and hydrate words of salt names (USP/INN salt nomenclature); a salt name is parent + one or more
 * of these. The one salt rule of the service: the ChEMBL import (below), a dossier's candidates (salt-forms.ts) and
 * bench:ranking's yardstick (bench/chembl-indications.ts) all use saltParentName.
 */
const SALT_WORDS = new Set([
  'acetate', 'anhydrous', 'besylate', 'besilate', 'bitartrate', 'bromide', 'calcium', 'camsylate', 'carbonate', 'chloride', 'citrate',
  'diacetate', 'dihydrate', 'dihydrochloride', 'dimesylate', 'disodium', 'dipotassium', 'edisylate', 'estolate', 'fumarate', 'gluconate',
  'hemifumarate', 'hemihydrate', 'hemisulfate', 'hydrobromide', 'hydrochloride', 'hyclate', 'iodide', 'lactate', 'lysine', 'magnesium',
  'maleate', 'malate', 'meglumine', 'mesylate', 'mesilate', 'monohydrate', 'nitrate', 'oxalate', 'pamoate', 'phosphate', 'potassium',
  'propionate', 'sesquihydrate', 'sodium', 'succinate', 'sulfate', 'sulphate', 'tartrate', 'tosylate', 'trihydrate', 'tromethamine', 'zinc',
  'hydrate', 'bisulfate', 'dimaleate', 'hydrogen', 'tartrate', 'valerate', 'xinafoate', 'benzoate', 'decanoate', 'acetonide',
  // issue 28: VILANTEROL TRIFENATATE (ChEMBL holds vilanterol's phase 4 on it), BETAMETHASONE DIPROPIONATE and
  // FLUTICASONE FUROATE / MOMETASONE FUROATE (corticosteroid esters, as propionate and valerate above)
  'trifenatate', 'dipropionate', 'furoate',
]);

export type CompoundJoin = 'unichem' | 'drugbank_name' | 'drugbank_synonym' | 'none';

export interface ResolvedCompound {
  /** DRUGBANK:<id>, or CHEMBL:<id> of the molecule (its parent for a salt) when no exact join exists. */
  curie: string;
  join: CompoundJoin;
  /** The parent molecule when this is a salt form, else null. */
  parent: string | null;
  /** Why the join holds, for the mapping's justification. */
  justification: string | null;
}

export interface CompoundIdentitySources {
  /** ChEMBL id -> name (approved drugs). */
  names: ReadonlyMap<string, string>;
  /** ChEMBL id -> DrugBank ids listed by UniChem. */
  unichem: ReadonlyMap<string, ReadonlySet<string>>;
  /** Normalised name -> DrugBank ids whose common name it is / one of whose synonyms it is. */
  vocabularyNames: ReadonlyMap<string, ReadonlySet<string>>;
  vocabularySynonyms: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The parent name of a salt name ('TOFACITINIB CITRATE' -> 'tofacitinib'), or null when no salt word ends it. */
export function saltParentName(name: string): string | null {
  const words = normalisedDrugName(name).split(' ');
  let end = words.length;
  while (end > 1 && SALT_WORDS.has(words[end - 1]!)) end--;
  return end === words.length ? null : words.slice(0, end).join(' ');
}

/** `prefix`: the CURIE prefix of the source's own ids (CHEMBL, DRUGCENTRAL), for molecules left unjoined. */
export function compoundResolver(sources: CompoundIdentitySources, prefix = 'CHEMBL'): (chemblId: string) => ResolvedCompound {
  const byName = new Map<string, string[]>();
  for (const [id, name] of sources.names) {
    const key = normalisedDrugName(name);
    const list = byName.get(key) ?? [];
    list.push(id);
    byName.set(key, list);
  }
  const cache = new Map<string, ResolvedCompound>();
  const one = (set: ReadonlySet<string> | undefined) => (set && set.size === 1 ? set.values().next().value as string : null);
  return (chemblId) => {
    const known = cache.get(chemblId);
    if (known) return known;
    const name = sources.names.get(chemblId) ?? null;
    const parentName = name ? saltParentName(name) : null;
    const parents = parentName ? byName.get(parentName) ?? [] : [];
    const parent = parents.length === 1 && parents[0] !== chemblId ? parents[0]! : null;
    const molecule = parent ?? chemblId;
    const moleculeName = parent ? sources.names.get(parent)! : name;
    let resolved: ResolvedCompound;
    const viaUnichem = one(sources.unichem.get(molecule)) ?? (parent ? one(sources.unichem.get(chemblId)) : null);
    if (viaUnichem) {
      resolved = { curie: `DRUGBANK:${viaUnichem}`, join: 'unichem', parent, justification: `UniChem ChEMBL->DrugBank: ${molecule} -> ${viaUnichem}` };
    } else {
      const key = moleculeName ? normalisedDrugName(moleculeName) : null;
      const byCommon = key ? one(sources.vocabularyNames.get(key)) : null;
      const bySynonym = key && !byCommon && !sources.vocabularyNames.has(key) ? one(sources.vocabularySynonyms.get(key)) : null;
      if (byCommon) resolved = { curie: `DRUGBANK:${byCommon}`, join: 'drugbank_name', parent, justification: `DrugBank vocabulary common name exactly '${key}'` };
      else if (bySynonym) resolved = { curie: `DRUGBANK:${bySynonym}`, join: 'drugbank_synonym', parent, justification: `DrugBank vocabulary synonym exactly '${key}'` };
      else resolved = { curie: `${prefix}:${molecule}`, join: 'none', parent, justification: null };
    }
    cache.set(chemblId, resolved);
    return resolved;
  };
}
