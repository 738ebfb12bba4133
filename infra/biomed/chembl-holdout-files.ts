// Reads the files behind link prediction's external hold-out (domain/link-prediction/external-holdout.ts) from the
// shared data directory: chembl/indications.csv (efo_id, efo_term, max_phase_for_ind, molecule_chembl_id; the term
// may be quoted), chembl/unichem-chembl-drugbank.txt (chembl_id, drugbank_id, tab-separated) and
// mondo/mondo_exactmatch_efo.sssom.tsv (MONDO subject, EFO object, skos:exactMatch rows). Null with the missing
// file's name when one is absent.
import fs from 'node:fs';
import path from 'node:path';
import type { ChemblIndication } from '../../domain/link-prediction/external-holdout';

export interface ChemblHoldOutFiles {
  indications: ChemblIndication[];
  efoToMondo: Map<string, string[]>;
  chemblToDrugbank: Map<string, string[]>;
  files: string[];
}

export const HOLDOUT_FILES = ['chembl/indications.csv', 'chembl/unichem-chembl-drugbank.txt', 'mondo/mondo_exactmatch_efo.sssom.tsv'];

/** Splits one CSV line (RFC 4180 quotes, no embedded newlines in these files). */
export function csvCells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(cell); cell = ''; } else cell += c;
  }
  out.push(cell);
  return out;
}

const push = (m: Map<string, string[]>, k: string, v: string) => { const l = m.get(k); if (!l) m.set(k, [v]); else if (!l.includes(v)) l.push(v); };

export function readChemblHoldOutFiles(dataDir: string): ChemblHoldOutFiles | { missing: string } {
  for (const f of HOLDOUT_FILES) if (!fs.existsSync(path.join(dataDir, f))) return { missing: path.join(dataDir, f) };
  const lines = (f: string) => fs.readFileSync(path.join(dataDir, f), 'utf8').split(/\r?\n/).filter((l) => l !== '' && !l.startsWith('#'));
  const [header, ...rows] = lines(HOLDOUT_FILES[0]!);
  const cols = csvCells(header!);
  const [efo, phase, molecule] = ['efo_id', 'max_phase_for_ind', 'molecule_chembl_id'].map((c) => cols.indexOf(c));
  const indications = rows.map(csvCells).map((c) => ({ efo: c[efo!]!, maxPhase: Number(c[phase!]), chembl: c[molecule!]! }));
  const chemblToDrugbank = new Map<string, string[]>();
  for (const l of lines(HOLDOUT_FILES[1]!).slice(1)) { const [c, d] = l.split('\t'); if (c && d) push(chemblToDrugbank, c.trim(), d.trim()); }
  const efoToMondo = new Map<string, string[]>();
  const [sssomHeader, ...sssom] = lines(HOLDOUT_FILES[2]!);
  const h = sssomHeader!.split('\t');
  const [s, p, o] = ['subject_id', 'predicate_id', 'object_id'].map((c) => h.indexOf(c));
  for (const l of sssom) { const c = l.split('\t'); if (c[p!] === 'skos:exactMatch') push(efoToMondo, c[o!]!.replace('_', ':'), c[s!]!); }
  return { indications, efoToMondo, chemblToDrugbank, files: HOLDOUT_FILES };
}
