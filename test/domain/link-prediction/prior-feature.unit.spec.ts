// The permutation prior as a model feature (prior_logit, feature-set.ts): computed per held-out view from the
// TREATS edges that view keeps, so a held-out pair's own edge never enters its prior (checked against a graph
// BUILT without the fold's treatments, and shown to matter: the unmasked graph gives other values); looked up at
// the pair's other-treatment degrees; a disease whose treatments are all held out gets the clipped floor.
import { expect } from 'chai';
import { FEATURE_COUNT, FEATURES, FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { HetnetView, pairKey } from '../../../domain/link-prediction/hetnet-view';
import { PERMUTATION_PRIOR_DEFAULTS, permutationPrior, PRIOR_CLIP, priorLogit } from '../../../domain/link-prediction/permutation-prior';
import { foldMasks, Progress, rowFeatures } from '../../../domain/link-prediction/train-model';
import { buildTrainingSet } from '../../../domain/link-prediction/training-set';
import { Edge, graphOf } from './graph-fixtures';

function run<T>(work: Generator<Progress, T>): T {
  for (;;) { const next = work.next(); if (next.done) return next.value; }
}

const C = (i: number) => `DRUGBANK:DB${String(i).padStart(5, '0')}`;
const D = (i: number) => `MONDO:${String(i).padStart(7, '0')}`;
// 14 compounds (each with a target, so every node exists whatever TREATS edges are left out), 5 diseases with a
// GWAS gene; 16 treatments of varied degrees (compound 1 treats 4 diseases, disease 1 has 6 treatments).
const TREATS: [number, number][] = [
  [1, 1], [1, 2], [1, 3], [1, 4], [2, 1], [2, 2], [3, 1], [3, 3], [4, 1], [5, 1], [6, 1], [7, 2], [8, 2], [9, 3], [10, 4], [11, 5],
];
const EDGES: Edge[] = [
  ...Array.from({ length: 14 }, (_, i): Edge => ['TARGETS', C(i + 1), `NCBIGene:${(i % 5) + 1}`]),
  ...Array.from({ length: 5 }, (_, i): Edge => ['ASSOCIATES', D(i + 1), `NCBIGene:${i + 1}`]),
  ...TREATS.map(([c, d]): Edge => ['TREATS', C(c), D(d)]),
];
const PRIOR = FEATURES.findIndex((f) => f.id === 'prior_logit');

describe('link prediction: the permutation prior as a feature (prior_logit)', () => {
  const g = graphOf(EDGES);
  const view = HetnetView.of(g, 0.4);
  const treats: [number, number][] = TREATS.map(([c, d]) => [g.lookup(C(c))!, g.lookup(D(d))!]);
  const set = buildTrainingSet({ graph: g, treats, palliates: [], curatedNot: [], seed: 5, folds: 4, negativesPerPositive: 2 });

  it('is computed without the held-out pair\'s own edge: equal to the prior on a graph built without its fold\'s treatments, unlike the unmasked graph\'s', () => {
    const computer = new FeatureComputer(view, set.compounds);
    const masks = foldMasks(view, set);
    const rows = Array.from({ length: set.label.length }, (_, i) => i);
    const raw = run(rowFeatures(computer, set, rows, (r) => ({ key: String(set.fold[r]), pairs: masks[set.fold[r]!]! }), 'test'));
    // What a leaky feature would give: the prior of the unmasked graph at the pair's degrees counting its own edge.
    const leaky = new FeatureComputer(view, set.compounds).priorOf(view);
    let differs = 0;
    let positives = 0;
    for (let fold = 0; fold < set.folds; fold++) {
      const heldOut = new Set(rows.filter((r) => set.fold[r] === fold && set.label[r]).map((r) => `${g.id(set.compound[r]!)} ${g.id(set.disease[r]!)}`));
      const reduced = graphOf(EDGES.filter(([type, s, o]) => !(type === 'TREATS' && heldOut.has(`${s} ${o}`))));
      const reducedView = HetnetView.of(reduced, 0.4);
      const compounds = Int32Array.from(set.compounds, (c) => reduced.lookup(g.id(c))!);
      const reference = new FeatureComputer(reducedView, compounds, false);
      for (const r of rows.filter((i) => set.fold[i] === fold)) {
        const at = [...set.compounds].indexOf(set.compound[r]!);
        const expected = reference.forDisease(reducedView, reduced.lookup(g.id(set.disease[r]!))!)[at * FEATURE_COUNT + PRIOR]!;
        expect(raw[r * FEATURE_COUNT + PRIOR], `row ${r}`).to.equal(expected);
        if (set.label[r]) {
          positives++;
          const leaked = priorLogit(leaky.prior(view.degree('CtD', true, set.compound[r]!), view.degree('CtD', false, set.disease[r]!)));
          if (Math.abs(leaked - expected) > 1e-9) differs++;
        }
      }
    }
    expect(positives).to.equal(TREATS.length);
    // The check can fail: with the edge in the permuted networks every positive's prior would be different.
    expect(differs).to.equal(positives);
  });

  it('looks a pair up at its other-treatment degrees in the view\'s own permutation prior (second computation from the edge list)', () => {
    const computer = new FeatureComputer(view, set.compounds, false);
    // The prior from the edge list in the view's order (source index, then target index), with degrees counted here.
    const sorted = [...treats].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const prior = permutationPrior(Int32Array.from(sorted, ([c]) => c), Int32Array.from(sorted, ([, d]) => d), g.nodeCount, PERMUTATION_PRIOR_DEFAULTS);
    const degree = (which: 0 | 1, node: number) => treats.filter((t) => t[which] === node).length;
    for (let d = 1; d <= 5; d++) {
      const disease = g.lookup(D(d))!;
      const column = computer.forDisease(view, disease);
      set.compounds.forEach((c, i) => {
        const own = treats.some(([x, y]) => x === c && y === disease) ? 1 : 0;
        expect(column[i * FEATURE_COUNT + PRIOR], `${g.id(c)} ${D(d)}`).to.equal(priorLogit(prior.prior(degree(0, c) - own, degree(1, disease) - own)));
      });
    }
    // Disease 1 (6 treatments) and compound 1 (4 indications): a pair of two well-treated nodes has a high prior.
    expect(prior.prior(4, 6)).to.be.greaterThan(prior.prior(1, 1));
  });

  it('gives a disease whose treatments are all held out the clipped floor for every compound (it ranks nothing by itself)', () => {
    const computer = new FeatureComputer(view, set.compounds, false);
    const disease = g.lookup(D(1))!;
    const held = new Set(treats.filter(([, d]) => d === disease).map(([c, d]) => pairKey(c, d, g.nodeCount)));
    const column = computer.forDisease(view.withoutTreats(held), disease);
    const floor = Math.log(PRIOR_CLIP / (1 - PRIOR_CLIP));
    set.compounds.forEach((_, i) => expect(column[i * FEATURE_COUNT + PRIOR]).to.be.closeTo(floor, 1e-12));
  });
});
