// ChEMBL's drug indications (shared/data/chembl, ChEMBL 36 release files), read directly for the ranking
// benchmark: indications.csv (efo_id, efo_term, max_phase_for_ind, molecule_chembl_id) joined to
// chembl36-approved-drugs.csv (chembl_id, name). Max phase 4 for the indication = approved for it.
// A molecule is known by its ChEMBL name, its parent's (salt words dropped: the service's one salt rule,
// saltParentName in domain/biomed/compound-identity.ts) and, through UniChem's ChEMBL →
// DrugBank mapping (unichem-chembl-drugbank.txt), by DrugBank's names for it (../drugbank: drugbank-slim.tsv's
// name, drugbank_vocabulary.csv's common name): ChEMBL files salbutamol as ALBUTEROL and beclometasone as
// BECLOMETHASONE DIPROPIONATE, which the dossier names as DrugBank does ("Salbutamol", "Beclomethasone"), so a
// name-only join counted approved drugs as not approved. Missing DrugBank files: ChEMBL's names only.
import fs from 'node:fs';
import path from 'node:path';
import { csvCells as csvFields } from '../infra/biomed/chembl-holdout-files';
import { saltParentName } from '../domain/biomed/compound-identity';

function rows(file: string): string[][] {
  return fs.readFileSync(file, 'utf8').split(/\r?\n/).slice(1).filter((l) => l.trim()).map(csvFields);
}

export interface ChemblIndications {
  /**
   * Lower-case drug names approved (max phase 4) for the disease, by EFO id ("EFO:0002690") and by lower-case EFO term;
   * `below`: the ids of the diseases below it (disease-descendants.ts), whose indications are the disease's too.
   */
  approvedFor(efoId: string, names: readonly string[], below?: Iterable<string>): Set<string>;
}

/** ChEMBL id → DrugBank's names for the molecule (lower case), through UniChem; empty without the files. */
function drugbankNames(dir: string): Map<string, string[]> {
  const drugbank = path.resolve(dir, '..', 'drugbank');
  const unichem = path.join(dir, 'unichem-chembl-drugbank.txt');
  const out = new Map<string, string[]>();
  if (!fs.existsSync(unichem)) return out;
  const names = new Map<string, Set<string>>();
  const add = (db: string | undefined, name: string | undefined) => {
    if (!db || !name?.trim()) return;
    const set = names.get(db) ?? new Set<string>();
    set.add(name.trim().toLowerCase());
    names.set(db, set);
  };
  const slim = path.join(drugbank, 'drugbank-slim.tsv');
  if (fs.existsSync(slim)) for (const line of fs.readFileSync(slim, 'utf8').split(/\r?\n/).slice(1)) { const [db, name] = line.split('\t'); add(db, name); }
  const vocabulary = path.join(drugbank, 'drugbank_vocabulary.csv');
  if (fs.existsSync(vocabulary)) for (const [db, , common] of rows(vocabulary)) add(db, common);
  for (const line of fs.readFileSync(unichem, 'utf8').split(/\r?\n/).slice(1)) {
    const [chembl, db] = line.trim().split(/\s+/);
    if (!chembl || !db || !names.has(db)) continue;
    out.set(chembl, [...(out.get(chembl) ?? []), ...names.get(db)!]);
  }
  return out;
}

export function readChemblIndications(dir: string): ChemblIndications {
  const names = new Map(rows(path.join(dir, 'chembl36-approved-drugs.csv')).map(([id, name]) => [id!, name!.toLowerCase()]));
  const viaDrugbank = drugbankNames(dir);
  const byEfo = new Map<string, Set<string>>();
  const byTerm = new Map<string, Set<string>>();
  for (const [efo, term, phase, molecule] of rows(path.join(dir, 'indications.csv'))) {
    if (Number(phase) < 4) continue;
    const name = names.get(molecule!);
    if (!name) continue;
    for (const [map, key] of [[byEfo, efo!], [byTerm, term!.toLowerCase()]] as const) {
      const set = map.get(key) ?? new Set<string>();
      set.add(name);
      set.add(saltParentName(name) ?? name); // an indication recorded on the salt is the parent's (TOFACITINIB CITRATE)
      for (const n of viaDrugbank.get(molecule!) ?? []) set.add(n);
      map.set(key, set);
    }
  }
  return {
    approvedFor(efoId, diseaseNames, below = []) {
      const out = new Set<string>(byEfo.get(efoId.replace('_', ':')) ?? []);
      for (const n of diseaseNames) for (const d of byTerm.get(n.toLowerCase()) ?? []) out.add(d);
      for (const id of below) for (const d of byEfo.get(id) ?? []) out.add(d);
      return out;
    },
  };
}
