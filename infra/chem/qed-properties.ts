// The eight QED properties of a molecule measured with RDKit's WebAssembly build, as RDKit's own QED
// (rdkit/Chem/QED.py, version 1.1.0) measures them: MW and ALOGP (average weight, Crippen logP), HBA (matches of
// the acceptor patterns), HBD (NumHBD), PSA (TPSA), ROTB (RDKit's rotatable bonds), AROM (rings left after the
// aliphatic ring atoms are deleted) and ALERTS (how many structural alerts match). The WebAssembly build has no
// QED, so the patterns are compiled here once per RDKit module and matched with get_substruct_match(es).
import type { MainModule, Mol } from '@rdkit/rdkit';
import { ACCEPTOR_SMARTS, ALIPHATIC_RING_SMARTS, STRUCTURAL_ALERT_SMARTS } from '../../domain/screening/qed-patterns';
import type { QedProperties } from '../../domain/screening/qed';
import { ringCountWithout } from '../../domain/screening/qed';
import type { MolecularDescriptors } from '../../domain/screening/drug-likeness';

interface CompiledPatterns { aliphaticRing: Mol; acceptors: Mol[]; alerts: Mol[] }

const compiled = new WeakMap<MainModule, CompiledPatterns>();

function query(module: MainModule, smarts: string): Mol {
  const q = module.get_qmol(smarts);
  if (!q) throw new Error(`RDKit cannot read the QED pattern ${smarts}`); // fixed data: a failure is a bug
  return q;
}

function patterns(module: MainModule): CompiledPatterns {
  let known = compiled.get(module);
  if (!known) {
    known = {
      aliphaticRing: query(module, ALIPHATIC_RING_SMARTS),
      acceptors: ACCEPTOR_SMARTS.map((s) => query(module, s)),
      alerts: STRUCTURAL_ALERT_SMARTS.map((s) => query(module, s)),
    };
    compiled.set(module, known);
  }
  return known;
}

/** Each match's atom indices ([] when none: get_substruct_matches answers "{}"). */
function matches(mol: Mol, q: Mol): number[][] {
  const json = mol.get_substruct_matches(q);
  if (json === '{}') return [];
  return (JSON.parse(json) as Array<{ atoms: number[] }>).map((m) => m.atoms);
}

interface MolJson { molecules: Array<{ atoms: unknown[]; bonds?: Array<{ atoms: [number, number] }> }> }

function aromaticRingCount(mol: Mol, aliphaticRing: Mol): number {
  const graph = (JSON.parse(mol.get_json()) as MolJson).molecules[0];
  if (!graph) return 0;
  const deleted = new Set(matches(mol, aliphaticRing).map((atoms) => atoms[0]!));
  return ringCountWithout(graph.atoms.length, (graph.bonds ?? []).map((b) => b.atoms), deleted);
}

export interface MeasuredQed { properties: QedProperties; alerts: string[] }

/** The QED properties of a sanitised molecule and the alerts it matches (their SMARTS, in RDKit's order). */
export function qedProperties(module: MainModule, mol: Mol, descriptors: MolecularDescriptors): MeasuredQed {
  const p = patterns(module);
  const alerts = STRUCTURAL_ALERT_SMARTS.filter((_, i) => mol.get_substruct_match(p.alerts[i]!) !== '{}');
  return {
    properties: {
      MW: descriptors.amw,
      ALOGP: descriptors.CrippenClogP,
      HBA: p.acceptors.reduce((sum, q) => sum + matches(mol, q).length, 0),
      HBD: descriptors.NumHBD,
      PSA: descriptors.tpsa,
      ROTB: descriptors.NumRotatableBonds,
      AROM: aromaticRingCount(mol, p.aliphaticRing),
      ALERTS: alerts.length,
    },
    alerts,
  };
}
