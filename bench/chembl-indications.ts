// ChEMBL's drug indications (shared/data/chembl, ChEMBL 36 release files), read directly for the ranking
// benchmark: indications.csv (efo_id, efo_term, max_phase_for_ind, molecule_chembl_id) joined to
// chembl36-approved-drugs.csv (chembl_id, name). Max phase 4 for the indication = approved for it.
import fs from 'node:fs';
import path from 'node:path';
import { csvCells as csvFields } from '../infra/biomed/chembl-holdout-files';

function rows(file: string): string[][] {
  return fs.readFileSync(file, 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim()).map(csvFields);
}

/** Salt and hydrate words ChEMBL appends to a parent's name ("TOFACITINIB CITRATE"): an indication recorded on
 * the salt is the parent drug's (ChEMBL often holds phase 4 on the salt and phase 3 on the parent). */
const SALT = /\s+(?:hydrochloride|dihydrochloride|hydrobromide|sulfate|sulphate|sodium|disodium|potassium|calcium|magnesium|citrate|mesylate|dimesylate|maleate|tartrate|bitartrate|fumarate|acetate|phosphate|bromide|besylate|succinate|tosylate|hyclate|lactate|malate|hemifumarate|monohydrate|dihydrate|trihydrate|anhydrous)\b.*$/;

export function parentName(name: string): string {
  return name.toLowerCase().replace(SALT, '').trim();
}

export interface ChemblIndications {
  /** Lower-case drug names approved (max phase 4) for the disease, by EFO id ("EFO:0002690") and by lower-case EFO term. */
  approvedFor(efoId: string, names: readonly string[]): Set<string>;
}

export function readChemblIndications(dir: string): ChemblIndications {
  const names = new Map(rows(path.join(dir, 'chembl36-approved-drugs.csv')).map(([id, name]) => [id!, name!.toLowerCase()]));
  const byEfo = new Map<string, Set<string>>();
  const byTerm = new Map<string, Set<string>>();
  for (const [efo, term, phase, molecule] of rows(path.join(dir, 'indications.csv'))) {
    if (Number(phase) < 4) continue;
    const name = names.get(molecule!);
    if (!name) continue;
    for (const [map, key] of [[byEfo, efo!], [byTerm, term!.toLowerCase()]] as const) {
      const set = map.get(key) ?? new Set<string>();
      set.add(name);
      set.add(parentName(name));
      map.set(key, set);
    }
  }
  return {
    approvedFor(efoId, diseaseNames) {
      const out = new Set<string>(byEfo.get(efoId.replace('_', ':')) ?? []);
      for (const n of diseaseNames) for (const d of byTerm.get(n.toLowerCase()) ?? []) out.add(d);
      return out;
    },
  };
}
