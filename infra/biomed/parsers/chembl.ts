// Streaming readers of ChEMBL's drug tables as CSV (comma-separated, quoted fields, columns found by name):
// - drug_mechanism: action_type, mechanism_of_action, molecule_chembl_id, target_chembl_id;
// - targets: target_chembl_id, target_name, uniprot_acc (one accession; empty for complexes and families);
// - drug_indication: efo_id, efo_term, max_phase_for_ind (1.0-4.0), molecule_chembl_id;
// - approved drugs (ChEMBL 36 max_phase 4): chembl_id, name;
// - approved-drug targets (mechanisms flattened to UniProt, complexes included): chembl_id, uniprot, mechanism, action_type;
// and UniChem's src1src2 mapping (tab-separated: ChEMBL id, DrugBank id).
// A row with a malformed ChEMBL id, an empty key or a phase outside 0-4 is handed to `skip`.
import { DRUGBANK_ID } from './drugbank';
import { readTsvTable, SkipRow } from './tsv';

export const CHEMBL_ID = /^CHEMBL\d+$/;

type Cells = Record<string, string>;

async function* csvRows(file: string, columns: readonly string[], what: string, skip: SkipRow, sep = ','): AsyncGenerator<{ line: number; cell: Cells }> {
  for await (const row of readTsvTable(file, columns, what, sep)) {
    if (row.cells.length !== row.header.columns.length) { skip(row.line, `expected ${row.header.columns.length} columns, found ${row.cells.length}`); continue; }
    const cell: Cells = {};
    for (const c of columns) cell[c] = row.cells[row.header.index[c]!]!.trim();
    yield { line: row.line, cell };
  }
}

function chemblId(value: string, column: string, line: number, skip: SkipRow): boolean {
  if (CHEMBL_ID.test(value)) return true;
  skip(line, `${column} '${value}' is not a ChEMBL id (CHEMBL<digits>)`);
  return false;
}

export interface ChemblMechanismRow { line: number; actionType: string; mechanism: string; moleculeId: string; targetId: string }
export async function* parseChemblMechanisms(file: string, skip: SkipRow): AsyncGenerator<ChemblMechanismRow> {
  for await (const { line, cell } of csvRows(file, ['action_type', 'mechanism_of_action', 'molecule_chembl_id', 'target_chembl_id'], 'ChEMBL drug_mechanism CSV', skip)) {
    if (!chemblId(cell.molecule_chembl_id!, 'molecule_chembl_id', line, skip) || !chemblId(cell.target_chembl_id!, 'target_chembl_id', line, skip)) continue;
    yield { line, actionType: cell.action_type!, mechanism: cell.mechanism_of_action!, moleculeId: cell.molecule_chembl_id!, targetId: cell.target_chembl_id! };
  }
}

export interface ChemblTargetRow { line: number; targetId: string; name: string; uniprot: string | null }
export async function* parseChemblTargets(file: string, skip: SkipRow): AsyncGenerator<ChemblTargetRow> {
  for await (const { line, cell } of csvRows(file, ['target_chembl_id', 'target_name', 'uniprot_acc'], 'ChEMBL targets CSV', skip)) {
    if (!chemblId(cell.target_chembl_id!, 'target_chembl_id', line, skip)) continue;
    yield { line, targetId: cell.target_chembl_id!, name: cell.target_name!, uniprot: cell.uniprot_acc === '' ? null : cell.uniprot_acc! };
  }
}

export interface ChemblIndicationRow { line: number; diseaseId: string; term: string; maxPhase: number; moleculeId: string }
export async function* parseChemblIndications(file: string, skip: SkipRow): AsyncGenerator<ChemblIndicationRow> {
  for await (const { line, cell } of csvRows(file, ['efo_id', 'efo_term', 'max_phase_for_ind', 'molecule_chembl_id'], 'ChEMBL drug_indication CSV', skip)) {
    if (!chemblId(cell.molecule_chembl_id!, 'molecule_chembl_id', line, skip)) continue;
    const phase = Number(cell.max_phase_for_ind);
    if (cell.max_phase_for_ind === '' || !Number.isFinite(phase) || phase < 0 || phase > 4) { skip(line, `max_phase_for_ind '${cell.max_phase_for_ind}' is not a phase 0-4`); continue; }
    if (!/^[A-Za-z][A-Za-z0-9_.]*:\S+$/.test(cell.efo_id!)) { skip(line, `efo_id '${cell.efo_id}' is not a CURIE`); continue; }
    yield { line, diseaseId: cell.efo_id!, term: cell.efo_term!, maxPhase: phase, moleculeId: cell.molecule_chembl_id! };
  }
}

export interface ChemblNameRow { line: number; moleculeId: string; name: string }
export async function* parseChemblNames(file: string, skip: SkipRow): AsyncGenerator<ChemblNameRow> {
  for await (const { line, cell } of csvRows(file, ['chembl_id', 'name'], 'ChEMBL approved drugs CSV (chembl_id,name)', skip)) {
    if (!chemblId(cell.chembl_id!, 'chembl_id', line, skip)) continue;
    if (cell.name === '') { skip(line, `${cell.chembl_id} has no name`); continue; }
    yield { line, moleculeId: cell.chembl_id!, name: cell.name! };
  }
}

export interface ChemblDrugTargetRow { line: number; moleculeId: string; uniprot: string; mechanism: string; actionType: string }
export async function* parseChemblDrugTargets(file: string, skip: SkipRow): AsyncGenerator<ChemblDrugTargetRow> {
  for await (const { line, cell } of csvRows(file, ['chembl_id', 'uniprot', 'mechanism', 'action_type'], 'ChEMBL approved-drug targets CSV', skip)) {
    if (!chemblId(cell.chembl_id!, 'chembl_id', line, skip)) continue;
    if (cell.uniprot === '') { skip(line, `${cell.chembl_id} has no UniProt accession`); continue; }
    yield { line, moleculeId: cell.chembl_id!, uniprot: cell.uniprot!, mechanism: cell.mechanism!, actionType: cell.action_type! };
  }
}

export interface UnichemRow { line: number; chemblId: string; drugbankId: string }
export async function* parseUnichemChemblDrugbank(file: string, skip: SkipRow): AsyncGenerator<UnichemRow> {
  for await (const { line, cell } of csvRows(file, ['chembl_id', 'drugbank_id'], 'UniChem src1src2 (chembl_id, drugbank_id)', skip, '\t')) {
    if (!chemblId(cell.chembl_id!, 'chembl_id', line, skip)) continue;
    if (!DRUGBANK_ID.test(cell.drugbank_id!)) { skip(line, `drugbank_id '${cell.drugbank_id}' is not a DrugBank id`); continue; }
    yield { line, chemblId: cell.chembl_id!, drugbankId: cell.drugbank_id! };
  }
}
