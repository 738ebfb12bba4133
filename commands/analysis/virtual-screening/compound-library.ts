// The screening library: every DrugBank compound of the active drugbank snapshot with an InChI (term attribute
// `inchi`, infra/biomed/importers/drugbank.ts), its structure restored from the InChI
// (domain/screening/inchi-structure.ts) and kept only when RDKit reads it back to the same InChI main layers
// (formula, connections, hydrogens, charge, protons), and its Morgan fingerprint (radius 2, 2048 bits). Built
// once per drugbank snapshot per process (~2 s for DrugBank's 1,552 structures) and kept. Drug-likeness and
// canonical SMILES are computed on first request per compound (RDKit's descriptor set costs ~1.3 ms a
// molecule, as much as all the rest together, and only the compounds a request returns need it).
import type { Knex } from 'knex';
import type { MainModule } from '@rdkit/rdkit';
import { lipinski, LipinskiResult, qedWithoutAlerts, QedResult } from '../../../domain/screening/drug-likeness';
import { qed, QedPropertyName, QedValue } from '../../../domain/screening/qed';
import { bitCount, packFingerprint } from '../../../domain/screening/fingerprint-similarity';
import { inchiMainLayers } from '../../../domain/screening/inchi-parse';
import { restoreInchi } from '../../../domain/screening/inchi-structure';
import { writeSmiles } from '../../../domain/screening/smiles-writer';
import { fingerprintChecked, moleculeFeatures } from '../../../infra/chem/rdkit';

export const MORGAN = { radius: 2, nBits: 2048 } as const;

export interface LibraryCompound {
  curie: string;
  label: string;
  /** The restored structure as SMILES (all components). */
  restoredSmiles: string;
  /** The largest component (a salt's active part), for docking. */
  dockingSmiles: string;
  fp: Uint32Array;
  bits: number;
}

export interface CompoundDetails {
  /** RDKit's canonical SMILES. */
  smiles: string;
  lipinski: LipinskiResult;
  /** QED over its eight properties (Bickerton et al. 2012, as RDKit's QED measures them) and the alerts matched. */
  qed: QedValue<QedPropertyName> & { alerts: string[] };
  /** Deprecated: the earlier seven-property approximation, kept for existing clients. */
  qed_without_alerts: QedResult;
}

export interface NotRestored { curie: string; label: string; reason: string }

export interface CompoundLibrary {
  snapshotId: string;
  compounds: LibraryCompound[];
  byCurie: ReadonlyMap<string, LibraryCompound>;
  withInchi: number;
  notRestored: NotRestored[];
  buildMs: number;
  /** Canonical SMILES and drug-likeness of a compound of this library (computed once, then kept). */
  details(compound: LibraryCompound): CompoundDetails;
}

const cache = new Map<string, Promise<CompoundLibrary>>();
const KEPT = 2;

export function compoundLibrary(db: Knex, module: MainModule, snapshotId: string): Promise<CompoundLibrary> {
  let entry = cache.get(snapshotId);
  if (!entry) {
    entry = buildLibrary(db, module, snapshotId);
    entry.catch(() => cache.delete(snapshotId));
    cache.set(snapshotId, entry);
    for (const key of cache.keys()) if (cache.size > KEPT) cache.delete(key);
  }
  return entry;
}

async function buildLibrary(db: Knex, module: MainModule, snapshotId: string): Promise<CompoundLibrary> {
  const started = Date.now();
  const rows = await db('biomed.term_attributes as a')
    .leftJoin('biomed.terms as t', function join() { this.on('t.snapshot_id', '=', 'a.snapshot_id').andOn('t.curie', '=', 'a.curie'); })
    .where({ 'a.snapshot_id': snapshotId, 'a.name': 'inchi' })
    .orderBy([{ column: 'a.curie' }, { column: 'a.attribute_no' }])
    .select<{ curie: string; label: string | null; inchi: string }[]>('a.curie', 't.label', 'a.value as inchi');
  const compounds: LibraryCompound[] = [];
  const notRestored: NotRestored[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.curie)) continue;
    seen.add(row.curie);
    const label = row.label ?? row.curie;
    const restored = restoreInchi(row.inchi);
    if (!restored.ok) { notRestored.push({ curie: row.curie, label, reason: restored.reason }); continue; }
    const checked = fingerprintChecked(module, restored.smiles, MORGAN);
    if (!checked) { notRestored.push({ curie: row.curie, label, reason: 'RDKit could not read the restored structure' }); continue; }
    if (inchiMainLayers(checked.inchi) !== inchiMainLayers(row.inchi)) {
      notRestored.push({ curie: row.curie, label, reason: 'the restored structure does not give back the InChI\'s main layers (a charge or tautomer the restoration placed differently)' });
      continue;
    }
    const largest = restored.structure.reduce((best, s) => (s.atoms.length > best.atoms.length ? s : best));
    const fp = packFingerprint(checked.morgan);
    compounds.push({ curie: row.curie, label, restoredSmiles: restored.smiles, dockingSmiles: writeSmiles([largest]), fp, bits: bitCount(fp) });
  }
  const details = new Map<string, CompoundDetails>();
  return {
    snapshotId, compounds, byCurie: new Map(compounds.map((c) => [c.curie, c])), withInchi: seen.size, notRestored, buildMs: Date.now() - started,
    details(compound) {
      let known = details.get(compound.curie);
      if (!known) {
        const features = moleculeFeatures(module, compound.restoredSmiles);
        if (!features) throw new Error(`RDKit no longer reads ${compound.curie}`); // it read it when the library was built
        known = {
          smiles: features.smiles, lipinski: lipinski(features.descriptors),
          qed: { ...qed(features.qed.properties), alerts: features.qed.alerts }, qed_without_alerts: qedWithoutAlerts(features.descriptors),
        };
        details.set(compound.curie, known);
      }
      return known;
    },
  };
}
