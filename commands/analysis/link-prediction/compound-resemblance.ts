// The derived Compound–resembles–Compound pairs (Hetionet's CrC: Dice ≥ 0.5 of ECFP4 fingerprints,
// domain/link-prediction/chemical-similarity.ts) of a served graph: the DrugBank structures of its active drugbank
// snapshot, restored from their InChI and fingerprinted (Morgan radius 2, 2048 bits) by the virtual-screening
// library (RDKit's WebAssembly build cannot read InChI; compound-library.ts restores and checks the structure),
// mapped to the graph's compound nodes. Cached per (drugbank snapshot, graph): the library is ~2 s once per
// snapshot per process, the all-pairs Dice a fraction of a second. No drugbank snapshot (or RDKit cannot load):
// no resembles edges, said in `reason`.
import type { Knex } from 'knex';
import type { MainModule } from '@rdkit/rdkit';
import { canonicalCurie } from '../../../domain/biomed/curie';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { FingerprintedNode, RESEMBLES_MIN_DICE, resemblesPairs } from '../../../domain/link-prediction/chemical-similarity';
import { rdkit } from '../../../infra/chem/rdkit';
import { compoundLibrary } from '../virtual-screening/compound-library';

export interface CompoundResemblance {
  src: Int32Array;
  dst: Int32Array;
  /** Compounds of the graph with a fingerprint; the drugbank snapshot used; why there are none. */
  fingerprinted: number;
  snapshot_id: string | null;
  reason: string | null;
}

const cache = new WeakMap<TypedKnowledgeGraph, Promise<CompoundResemblance>>();

export function compoundResemblance(db: Knex, g: TypedKnowledgeGraph, loadRdkit: () => Promise<MainModule> = rdkit): Promise<CompoundResemblance> {
  let entry = cache.get(g);
  if (!entry) {
    entry = build(db, g, loadRdkit);
    entry.catch(() => cache.delete(g));
    cache.set(g, entry);
  }
  return entry;
}

const none = (reason: string, snapshot_id: string | null = null): CompoundResemblance => ({ src: new Int32Array(0), dst: new Int32Array(0), fingerprinted: 0, snapshot_id, reason });

async function build(db: Knex, g: TypedKnowledgeGraph, loadRdkit: () => Promise<MainModule>): Promise<CompoundResemblance> {
  const snapshot = g.snapshots.find((s) => s.resource === 'drugbank');
  if (!snapshot) return none('no drugbank snapshot is active: no structures, so no resembles (CrC) edges');
  let module: MainModule;
  try { module = await loadRdkit(); } catch (e) { return none(`RDKit could not load (${(e as Error).message}): no resembles (CrC) edges`, snapshot.snapshot_id); }
  const library = await compoundLibrary(db, module, snapshot.snapshot_id);
  const items: FingerprintedNode[] = [];
  for (const c of library.compounds) {
    const node = g.lookup(canonicalCurie(c.curie));
    if (node !== undefined && g.typeOf(node) === 'Compound') items.push({ node, fp: c.fp, bits: c.bits });
  }
  const pairs = resemblesPairs(items, RESEMBLES_MIN_DICE);
  return { ...pairs, fingerprinted: new Set(items.map((i) => i.node)).size, snapshot_id: snapshot.snapshot_id, reason: null };
}
