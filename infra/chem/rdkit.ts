// RDKit's WebAssembly build (@rdkit/rdkit, "MinimalLib"), loaded once per process on first use: it compiles a
// ~10 MB .wasm, so never at startup and never twice. What this build offers and lacks (checked against
// dist/RDKit_minimal.d.ts and by calling it): it reads SMILES and mol blocks but NOT InChI (get_mol returns
// null for "InChI=…", hence domain/screening/inchi-structure.ts), writes InChI, computes Morgan
// fingerprints and a descriptor set (get_descriptors: weights, Crippen logP, TPSA, Lipinski counts, rings,
// rotatable bonds), and has no QED (qed-properties.ts measures its properties with RDKit's own QED patterns).
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule } from '@rdkit/rdkit';
import type { MolecularDescriptors } from '../../domain/screening/drug-likeness';
import { MeasuredQed, qedProperties } from './qed-properties';

let loading: Promise<MainModule> | undefined;

/** The RDKit module, initialised on the first call (later calls share it). Rejects if the .wasm cannot load. */
export function rdkit(): Promise<MainModule> {
  if (!loading) {
    loading = initRDKitModule();
    loading.catch(() => { loading = undefined; }); // a later call may try again
  }
  return loading;
}

export interface MorganOptions { radius: number; nBits: number }

/**
 * The standard InChI RDKit writes for a molecule given as SMILES (to check a structure restored from an InChI)
 * and its Morgan fingerprint bits (8 per byte), or null when RDKit cannot read or sanitise it.
 */
export function fingerprintChecked(module: MainModule, smiles: string, morgan: MorganOptions): { inchi: string; morgan: Uint8Array } | null {
  const mol = module.get_mol(smiles);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    const bits = mol.get_morgan_fp_as_uint8array(JSON.stringify({ radius: morgan.radius, nBits: morgan.nBits })) as Uint8Array;
    return { inchi: mol.get_inchi(), morgan: Uint8Array.from(bits) };
  } finally {
    mol.delete();
  }
}

export interface MoleculeFeatures { smiles: string; descriptors: MolecularDescriptors; qed: MeasuredQed }

/** Canonical SMILES, descriptors and QED properties of a molecule given as SMILES, or null when RDKit cannot read it. */
export function moleculeFeatures(module: MainModule, smiles: string): MoleculeFeatures | null {
  const mol = module.get_mol(smiles);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    const descriptors = JSON.parse(mol.get_descriptors()) as MolecularDescriptors;
    return { smiles: mol.get_smiles(), descriptors, qed: qedProperties(module, mol, descriptors) };
  } finally {
    mol.delete();
  }
}
