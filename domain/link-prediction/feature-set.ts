// The model's features for a compound–disease pair, as Project Rephetio built them (Himmelstein et al., eLife
// 2017, doi:10.7554/eLife.26726): degree features of the compound and the disease, one DWPC per metapath
// (metapaths.ts), Rephetio's permutation prior of treatment from the compound's and the disease's treatment
// degrees (permutation-prior.ts), and — beyond Rephetio — the interactome proximity of Guney et al. (proximity.ts).
// Raw values here; transforms.ts turns them into model inputs (asinh for degrees, asinh of DWPC / its mean).
// Features are computed per disease for every compound at once (one backward propagation per metapath).
// Features without a TREATS edge on their paths do not depend on which treatments are held out, so a
// FeatureComputer keeps them per disease and recomputes only the TREATS ones for each held-out view. Pure.
import { DwpcEngine } from './dwpc';
import type { HetnetView, MetaedgeName } from './hetnet-view';
import { Metapath, METAPATHS } from './metapaths';
import { DegreePrior, PERMUTATION_PRIOR_DEFAULTS, permutationPrior, priorLogit } from './permutation-prior';
import { closestDistance, diseaseDistances, proximityFeature } from './proximity';

export type FeatureKind = 'degree' | 'dwpc' | 'proximity' | 'missing_indicator' | 'prior';
export type FeatureTransform = 'asinh' | 'asinh_mean' | 'identity';

export interface FeatureSpec {
  id: string;
  kind: FeatureKind;
  description: string;
  transform: FeatureTransform;
  metapath?: Metapath;
  /** Degree features: the metaedge, whose node (compound or disease) and side. */
  degree?: { metaedge: MetaedgeName; of: 'compound' | 'disease' };
  /** True when held-out treatments change the value. */
  usesTreats: boolean;
}

const degree = (id: string, metaedge: MetaedgeName, of: 'compound' | 'disease', description: string): FeatureSpec => ({
  id, kind: 'degree', description, transform: 'asinh', degree: { metaedge, of }, usesTreats: metaedge === 'CtD',
});

export const FEATURES: readonly FeatureSpec[] = [
  degree('degree_CbG', 'CbG', 'compound', 'number of genes the compound binds (targets)'),
  degree('degree_CcSE', 'CcSE', 'compound', 'number of side effects the compound causes'),
  degree('degree_CtD', 'CtD', 'compound', 'number of other diseases the compound treats (its known indications)'),
  degree('degree_DaG', 'DaG', 'disease', 'number of GWAS genes of the disease'),
  ...METAPATHS.map((metapath): FeatureSpec => ({
    id: `dwpc_${metapath.id}`, kind: 'dwpc', description: `DWPC ${metapath.abbreviation}: ${metapath.description}`,
    transform: 'asinh_mean', metapath, usesTreats: metapath.usesTreats,
  })),
  {
    id: 'proximity', kind: 'proximity', transform: 'identity', usesTreats: false,
    description: 'interactome proximity 1/(1 + d_c), d_c the mean distance of the compound\'s targets to the nearest disease gene (Guney et al. 2016); '
      + 'missing (no target reaching a disease gene) is imputed at the training mean, so absence adds nothing',
  },
  {
    id: 'proximity_missing', kind: 'missing_indicator', transform: 'identity', usesTreats: false,
    description: '1 when the proximity is undefined (no target of the compound in the interactome reaches a disease gene), else 0',
  },
  {
    id: 'prior_logit', kind: 'prior', transform: 'identity', usesTreats: true,
    description: 'Rephetio\'s permutation prior as a logit (clipped at 1e-5): the fraction of degree-preserving XSwap permutations of the '
      + 'known treatments (those the view keeps; 50 permutations of 10 × |E| swap attempts) in which a pair of the same compound and disease '
      + 'treatment degrees — its other treatments — is connected',
  },
];

export const FEATURE_COUNT = FEATURES.length;

export class FeatureComputer {
  private readonly engine: DwpcEngine;
  private readonly position: Int32Array;
  /** Treatment-independent columns per disease (compounds × features, NaN where not cached). */
  private readonly fixed = new Map<number, Float64Array>();
  /** The permutation prior of each view's TREATS edges (computed once per view, on that view's edges only). */
  private readonly priors = new WeakMap<HetnetView, DegreePrior>();

  /** `compounds`: the compound nodes rows are computed for, in row order. `cache`: keep fixed columns per disease. */
  constructor(readonly base: HetnetView, readonly compounds: Int32Array, private readonly cache = true) {
    this.engine = new DwpcEngine(base.nodeCount);
    this.position = new Int32Array(base.nodeCount).fill(-1);
    compounds.forEach((c, i) => { this.position[c] = i; });
  }

  /** Raw features of every compound for `disease` in `view` (base without some treatments): rows × FEATURE_COUNT. */
  forDisease(view: HetnetView, disease: number): Float64Array {
    const p = FEATURE_COUNT;
    const rows = this.compounds.length;
    let fixed = this.fixed.get(disease);
    if (!fixed) {
      fixed = this.fixedColumns(disease);
      if (this.cache) this.fixed.set(disease, fixed);
    }
    const out = fixed.slice();
    FEATURES.forEach((spec, f) => {
      if (!spec.usesTreats) return;
      if (spec.kind === 'prior') {
        this.priorColumn(view, disease, out, f);
        return;
      }
      if (spec.kind === 'degree') {
        // Other indications only: a pair's own treatment never counts towards its features.
        for (let i = 0; i < rows; i++) out[i * p + f] = view.degree('CtD', true, this.compounds[i]!);
        for (const c of view.neighbours('CtD', false, disease)) {
          const i = this.position[c]!;
          if (i >= 0) out[i * p + f]! -= 1;
        }
        return;
      }
      for (let i = 0; i < rows; i++) out[i * p + f] = 0;
      this.scatter(this.engine.toDisease(view, spec.metapath!, disease), out, f);
    });
    return out;
  }

  /** The view's permutation prior, from the TREATS edges the view keeps (held-out treatments never enter it). */
  priorOf(view: HetnetView): DegreePrior {
    let prior = this.priors.get(view);
    if (!prior) {
      const ctd = view.metaedge('CtD').forward;
      const src = new Int32Array(ctd.nbr.length);
      for (let u = 0; u < view.nodeCount; u++) src.fill(u, ctd.start[u]!, ctd.start[u + 1]!);
      prior = permutationPrior(src, ctd.nbr, view.nodeCount, PERMUTATION_PRIOR_DEFAULTS);
      this.priors.set(view, prior);
    }
    return prior;
  }

  /**
   * prior_logit of every compound for `disease`: the prior of its degree class, the degrees counting the pair's
   * OTHER treatments only (as degree_CtD does): a pair the view holds as a treatment (an in-sample pair when
   * predicting) is looked up at both degrees less its own edge.
   */
  private priorColumn(view: HetnetView, disease: number, out: Float64Array, f: number): void {
    const prior = this.priorOf(view);
    const diseaseDegree = view.degree('CtD', false, disease);
    const own = new Set(view.neighbours('CtD', false, disease));
    for (let i = 0; i < this.compounds.length; i++) {
      const c = this.compounds[i]!;
      const self = own.has(c) ? 1 : 0;
      out[i * FEATURE_COUNT + f] = priorLogit(prior.prior(view.degree('CtD', true, c) - self, diseaseDegree - self));
    }
  }

  private scatter(vector: { nodes: Int32Array; dwpc: Float64Array }, out: Float64Array, f: number): void {
    for (let k = 0; k < vector.nodes.length; k++) {
      const i = this.position[vector.nodes[k]!]!;
      if (i >= 0) out[i * FEATURE_COUNT + f] = vector.dwpc[k]!;
    }
  }

  private fixedColumns(disease: number): Float64Array {
    const p = FEATURE_COUNT;
    const rows = this.compounds.length;
    const out = new Float64Array(rows * p);
    const base = this.base;
    const distances = FEATURES.some((s) => s.kind === 'proximity' || s.kind === 'missing_indicator') ? diseaseDistances(base, disease) : null;
    FEATURES.forEach((spec, f) => {
      if (spec.usesTreats) return;
      if (spec.kind === 'degree') {
        const { metaedge, of } = spec.degree!;
        const value = of === 'disease' ? base.degree(metaedge, true, disease) : -1;
        for (let i = 0; i < rows; i++) out[i * p + f] = of === 'disease' ? value : base.degree(metaedge, true, this.compounds[i]!);
      } else if (spec.kind === 'proximity') {
        for (let i = 0; i < rows; i++) out[i * p + f] = proximityFeature(closestDistance(base, distances!, this.compounds[i]!));
      } else if (spec.kind === 'missing_indicator') {
        for (let i = 0; i < rows; i++) out[i * p + f] = closestDistance(base, distances!, this.compounds[i]!) === null ? 1 : 0;
      } else {
        this.scatter(this.engine.toDisease(base, spec.metapath!, disease), out, f);
      }
    });
    return out;
  }
}
