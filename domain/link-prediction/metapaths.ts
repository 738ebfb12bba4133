// The compound → disease metapaths whose degree-weighted path counts are the model's path features, in the
// spirit of Project Rephetio (Himmelstein et al., eLife 2017, doi:10.7554/eLife.26726).
// - compound resembles compound: chemically (CrCtD, CrCrCtD: Hetionet's resembles edges, Dice ≥ 0.5 of ECFP4
//   fingerprints, derived from DrugBank structures by chemical-similarity.ts), or shares a target (CbGbCtD) or a
//   side effect (CcSEcCtD, Rephetio's side-effect similarity) or an indication (CtDtCtD) with a compound that
//   treats the disease;
// - disease resembles disease: shares a GWAS gene (CtDaGaD), is its sibling in the IS_A hierarchy (CtDsD), or
//   resembles it (CtDrD: DrD from Wang's semantic similarity over the Disease Ontology, disease-similarity.ts, where
//   Hetionet's DrD came from MEDLINE co-occurrence, which is not in the graph). A subtype or parent (CtD>isaD,
//   CtD<isaD) would be the closer relation, but PharmacotherapyDB's diseases are Disease Ontology slim terms chosen
//   not to overlap, so no treated disease is a subtype of another: those features are zero on every training pair;
// - mechanism: the compound binds a disease gene (CbGaD), an interactor of one (CbGiGaD) or a gene sharing a
//   Reactome pathway with one (CbGpPWpGaD);
// - palliation (PharmacotherapyDB SYM, a feature edge, never a label) and longer DrD metapaths: CANDIDATE_METAPATHS,
//   tried on the internal CV and not kept (docs/modules.md, designs (6) and (7)).
import { METAEDGES, MetaedgeName } from './hetnet-view';
import type { NodeType } from '../knowledge-graph/metagraph';

/** One step along a metaedge: forward = from its source type to its target type. */
export interface MetapathStep { metaedge: MetaedgeName; forward: boolean }

export interface Metapath {
  id: string;
  /** Hetionet-style abbreviation of the steps. */
  abbreviation: string;
  description: string;
  steps: readonly MetapathStep[];
  /** True when a TREATS edge is on the path: its value depends on which treatments are held out. */
  usesTreats: boolean;
}

const f = (metaedge: MetaedgeName): MetapathStep => ({ metaedge, forward: true });
const b = (metaedge: MetaedgeName): MetapathStep => ({ metaedge, forward: false });

function metapath(id: string, abbreviation: string, description: string, steps: MetapathStep[]): Metapath {
  const path = { id, abbreviation, description, steps, usesTreats: steps.some((s) => s.metaedge === 'CtD') };
  assertSupported(path);
  return path;
}

/** Node types along a metapath, source (Compound) first. */
export function nodeTypes(path: Pick<Metapath, 'steps'>): NodeType[] {
  const first = path.steps[0]!;
  const types: NodeType[] = [first.forward ? METAEDGES[first.metaedge].from : METAEDGES[first.metaedge].to];
  for (const s of path.steps) types.push(s.forward ? METAEDGES[s.metaedge].to : METAEDGES[s.metaedge].from);
  return types;
}

/**
 * The DWPC engine (dwpc.ts) removes non-simple paths exactly when every repeated node type sits two
 * positions apart (X–Y–X), and two overlapping repeats only when the later one ends at the disease. Every
 * metapath here satisfies that; a new one that does not is refused at load time rather than miscounted.
 */
export function assertSupported(path: Pick<Metapath, 'id' | 'steps'>): void {
  const types = nodeTypes(path);
  const last = types.length - 1;
  if (types[0] !== 'Compound' || types[last] !== 'Disease') throw new Error(`metapath ${path.id} must run Compound → Disease`);
  const repeats: number[] = [];
  for (let i = 0; i <= last; i++) {
    for (let k = i + 1; k <= last; k++) {
      if (types[i] !== types[k]) continue;
      if (k === i + 1) continue; // adjacent: the metaedges have no self-loops
      if (k !== i + 2) throw new Error(`metapath ${path.id}: repeated ${types[i]} at distance ${k - i} is not supported`);
      repeats.push(i);
    }
  }
  for (const i of repeats) {
    if (repeats.includes(i + 1) && i + 3 !== last) throw new Error(`metapath ${path.id}: overlapping repeats must end at the disease`);
    if (repeats.includes(i + 2)) throw new Error(`metapath ${path.id}: chained repeats are not supported`);
  }
}

export const METAPATHS: readonly Metapath[] = [
  metapath('CbGaD', 'CbGaD', 'binds a gene associated with the disease', [f('CbG'), b('DaG')]),
  metapath('CbGiGaD', 'CbGiGaD', 'binds a gene that interacts with a disease gene', [f('CbG'), f('GiG'), b('DaG')]),
  metapath('CbGpPWpGaD', 'CbGpPWpGaD', 'binds a gene in a Reactome pathway with a disease gene', [f('CbG'), f('GpPW'), b('GpPW'), b('DaG')]),
  metapath('CbGbCtD', 'CbGbCtD', 'binds a gene that a compound treating the disease binds (target similarity)', [f('CbG'), b('CbG'), f('CtD')]),
  metapath('CcSEcCtD', 'CcSEcCtD', 'causes a side effect that a compound treating the disease causes (side-effect similarity)', [f('CcSE'), b('CcSE'), f('CtD')]),
  metapath('CtDtCtD', 'CtDtCtD', 'treats a disease that a compound treating the disease also treats (shared indications)', [f('CtD'), b('CtD'), f('CtD')]),
  metapath('CtDaGaD', 'CtDaGaD', 'treats a disease sharing a GWAS gene with the disease (genetic similarity)', [f('CtD'), f('DaG'), b('DaG')]),
  metapath('CtDsD', 'CtD>isaD<isaD', 'treats a sibling of the disease (shares an IS_A parent)', [f('CtD'), f('DisaD'), b('DisaD')]),
  metapath('CrCtD', 'CrCtD', 'resembles (ECFP4 Dice ≥ 0.5) a compound that treats the disease (chemical similarity)', [f('CrC'), f('CtD')]),
  metapath('CrCrCtD', 'CrCrCtD', 'resembles a compound resembling a compound that treats the disease (chemical similarity, two steps)', [f('CrC'), f('CrC'), f('CtD')]),
  metapath('CtDrD', 'CtDrD', 'treats a disease resembling the disease (Wang semantic similarity ≥ 0.5 over the Disease Ontology; design (7))', [f('CtD'), f('DrD')]),
];

/** Metapaths checked by the engine and tried on the internal CV but not (or not yet) features of the model. */
export const CANDIDATE_METAPATHS: readonly Metapath[] = [
  metapath('CpDpCtD', 'CpDpCtD', 'palliates a disease that a compound treating the disease also palliates', [f('CpD'), b('CpD'), f('CtD')]),
  metapath('CtDpCpD', 'CtDpCpD', 'treats a disease palliated by a compound that palliates the disease', [f('CtD'), b('CpD'), f('CpD')]),
  metapath('CtDrDrD', 'CtDrDrD', 'treats a disease resembling one that resembles the disease (two steps)', [f('CtD'), f('DrD'), f('DrD')]),
  metapath('CbGaDrD', 'CbGaDrD', 'binds a GWAS gene of a disease resembling the disease', [f('CbG'), b('DaG'), f('DrD')]),
  metapath('CrCtDrD', 'CrCtDrD', 'resembles a compound that treats a disease resembling the disease', [f('CrC'), f('CtD'), f('DrD')]),
  metapath('CpDtCtD', 'CpDtCtD', 'palliates a disease treated by a compound that treats the disease', [f('CpD'), b('CtD'), f('CtD')]),
];
