// The training design on a synthetic graph with a planted signal: the negatives, the folds, that no pair's
// features ever see its own fold's treatments (checked against a graph BUILT without them), exact SHAP,
// determinism, and cross-validation finding the planted signal.
import { expect } from 'chai';
import { evaluateByDiseases, evaluateByPairs, heldOutDiseaseRanking } from '../../../domain/link-prediction/cross-validate';
import { FEATURE_COUNT, FEATURES, FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { HetnetView } from '../../../domain/link-prediction/hetnet-view';
import { sigmoid } from '../../../domain/link-prediction/logistic-regression';
import { ExplanationContext, scoreCompounds, shapBaseValue, shapOf, topContributions } from '../../../domain/link-prediction/predict';
import { foldMasks, Progress, rowFeatures, trainLinkModel } from '../../../domain/link-prediction/train-model';
import { buildTrainingSet, TrainingSet } from '../../../domain/link-prediction/training-set';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { seededRandom } from '../../../domain/shared/seeded-random';
import { Edge, graphOf } from './graph-fixtures';

function run<T>(work: Generator<Progress, T>): T {
  for (;;) { const next = work.next(); if (next.done) return next.value; }
}

/**
 * 40 compounds, 8 diseases with 3 genes each (one gene per disease shared with the next), side effects by
 * compound "class": compound i belongs to class i % 8 and binds a gene of disease i % 8; compounds of a class
 * share side effects; ~half of each class treats its disease. So target and side-effect similarity predict
 * treatment — the planted signal.
 */
function plantedEdges(seed: number): Edge[] {
  const random = seededRandom(seed);
  const edges: Edge[] = [];
  const gene = (d: number, k: number) => `NCBIGene:${d * 3 + k + 1}`;
  const disease = (d: number) => `MONDO:${String(d + 1).padStart(7, '0')}`;
  for (let d = 0; d < 8; d++) {
    for (let k = 0; k < 3; k++) edges.push(['ASSOCIATES', disease(d), gene(d, k)]);
    edges.push(['ASSOCIATES', disease(d), gene((d + 1) % 8, 0)]);
    edges.push(['INTERACTS_WITH', gene(d, 0), gene(d, 1)]);
    edges.push(['INTERACTS_WITH', gene(d, 2), gene((d + 1) % 8, 2)]);
    if (d > 0) edges.push(['IS_A', disease(d), disease(0)]);
  }
  for (let i = 0; i < 40; i++) {
    const c = `DRUGBANK:DB${String(i + 1).padStart(5, '0')}`;
    const cls = i % 8;
    edges.push(['TARGETS', c, gene(cls, Math.floor(random() * 3))]);
    if (random() < 0.3) edges.push(['BINDS', c, gene(Math.floor(random() * 8), Math.floor(random() * 3))]);
    for (let s = 0; s < 3; s++) edges.push(['CAUSES', c, `UMLS:C${String(cls * 3 + s).padStart(7, '0')}`]);
    edges.push(['CAUSES', c, `UMLS:C${String(100 + Math.floor(random() * 10)).padStart(7, '0')}`]);
    if (random() < 0.6) edges.push(['TREATS', c, disease(cls)]);
    else if (random() < 0.2) edges.push(['PALLIATES', c, disease(cls)]);
  }
  return edges;
}

function trainingSet(g: TypedKnowledgeGraph, edges: Edge[], seed: number, notPairs: [string, string][] = []): TrainingSet {
  const pairsOf = (type: string) => edges.filter((e) => e[0] === type).map(([, s, o]) => [g.lookup(s)!, g.lookup(o)!] as [number, number]);
  return buildTrainingSet({
    graph: g, treats: pairsOf('TREATS'), palliates: pairsOf('PALLIATES'),
    curatedNot: notPairs.map(([c, d]) => [g.lookup(c)!, g.lookup(d)!]), seed, folds: 5, negativesPerPositive: 3,
  });
}

describe('link prediction: training set, features, model, SHAP and cross-validation', function () {
  const edges = plantedEdges(3);
  const g = graphOf(edges);
  const notPair: [string, string] = ['DRUGBANK:DB00002', 'MONDO:0000001'];

  it('samples negatives among compounds × treated diseases, never a TREATS, PALLIATES or NOT pair; folds are balanced', () => {
    const set = trainingSet(g, edges, 11, [notPair]);
    const n = g.nodeCount;
    const labelled = new Set(edges.filter((e) => ['TREATS', 'PALLIATES'].includes(e[0])).map(([, s, o]) => `${s} ${o}`));
    const positives = edges.filter((e) => e[0] === 'TREATS').length;
    expect(set.label.reduce((s, v) => s + v, 0)).to.equal(positives);
    set.origin.forEach((origin, i) => {
      const pair = `${g.id(set.compound[i]!)} ${g.id(set.disease[i]!)}`;
      if (origin === 'sampled') {
        expect(labelled.has(pair), pair).to.equal(false);
        expect(pair).to.not.equal(notPair.join(' '));
        expect(g.typeOf(set.compound[i]!)).to.equal('Compound');
        expect([...set.diseases]).to.include(set.disease[i]!);
      }
      if (origin === 'curated_not') expect(pair).to.equal(notPair.join(' '));
    });
    expect(set.origin.filter((o) => o === 'sampled').length).to.equal(3 * positives);
    expect(new Set(set.compound.map((c, i) => c * n + set.disease[i]!)).size).to.equal(set.label.length);
    // Positives dealt round-robin: fold sizes differ by at most one.
    const perFold = [0, 0, 0, 0, 0];
    set.label.forEach((y, i) => { if (y) perFold[set.fold[i]!]!++; });
    expect(Math.max(...perFold) - Math.min(...perFold)).to.be.at.most(1);
    expect(set.population).to.deep.equal({ pairs: 40 * set.diseases.length, positives });
  });

  it('is reproducible: the same seed gives the same pairs and folds, another seed others', () => {
    const a = trainingSet(g, edges, 11);
    const b = trainingSet(g, edges, 11);
    const c = trainingSet(g, edges, 12);
    expect([...a.compound]).to.deep.equal([...b.compound]);
    expect([...a.fold]).to.deep.equal([...b.fold]);
    expect([...a.compound].join() + [...a.fold].join()).to.not.equal([...c.compound].join() + [...c.fold].join());
  });

  it('computes every training pair\'s features on the graph without its fold\'s treatments (no leakage)', () => {
    const set = trainingSet(g, edges, 11);
    const view = HetnetView.of(g, 0.4);
    const computer = new FeatureComputer(view, set.compounds);
    const masks = foldMasks(view, set);
    const rows = Array.from({ length: set.label.length }, (_, i) => i);
    const raw = run(rowFeatures(computer, set, rows, (r) => ({ key: String(set.fold[r]), pairs: masks[set.fold[r]!]! }), 'test'));
    for (let fold = 0; fold < 5; fold++) {
      // The independent reference: a graph BUILT without the fold's TREATS edges.
      const heldOut = new Set(rows.filter((r) => set.fold[r] === fold && set.label[r]).map((r) => `${g.id(set.compound[r]!)} ${g.id(set.disease[r]!)}`));
      const reduced = graphOf(edges.filter(([type, s, o]) => !(type === 'TREATS' && heldOut.has(`${s} ${o}`))));
      const reducedView = HetnetView.of(reduced, 0.4);
      const compounds = Int32Array.from(set.compounds, (c) => reduced.lookup(g.id(c))!);
      const reference = new FeatureComputer(reducedView, compounds, false);
      for (const r of rows.filter((i) => set.fold[i] === fold)) {
        const all = reference.forDisease(reducedView, reduced.lookup(g.id(set.disease[r]!))!);
        const at = [...compounds].indexOf(reduced.lookup(g.id(set.compound[r]!))!);
        for (let f = 0; f < FEATURE_COUNT; f++) {
          const [x, y] = [raw[r * FEATURE_COUNT + f]!, all[at * FEATURE_COUNT + f]!];
          if (Number.isNaN(y)) expect(x, `${FEATURES[f]!.id} row ${r} (missing)`).to.be.NaN;
          else expect(x, `${FEATURES[f]!.id} row ${r}`).to.be.closeTo(y, 1e-12);
        }
      }
    }
    // A positive's indication count leaves out its own treatment even on the full graph.
    const full = new FeatureComputer(view, set.compounds, false);
    const positive = rows.find((r) => set.label[r])!;
    const f = FEATURES.findIndex((s) => s.id === 'degree_CtD');
    const at = [...set.compounds].indexOf(set.compound[positive]!);
    const indications = edges.filter(([type, s]) => type === 'TREATS' && s === g.id(set.compound[positive]!)).length;
    expect(full.forDisease(view, set.disease[positive]!)[at * FEATURE_COUNT + f]).to.equal(indications - 1);
  });

  it('gives exact SHAP values: Σφ = log-odds − base value for every compound, and is deterministic', () => {
    const set = trainingSet(g, edges, 11);
    const view = HetnetView.of(g, 0.4);
    const model = run(trainLinkModel(view, set, new FeatureComputer(view, set.compounds), { seed: 11, negativesPerPositive: 3 }));
    const again = run(trainLinkModel(view, set, new FeatureComputer(view, set.compounds), { seed: 11, negativesPerPositive: 3 }));
    expect(JSON.stringify(again)).to.equal(JSON.stringify(model));
    const d = g.lookup('MONDO:0000003')!;
    const scores = scoreCompounds(model, new FeatureComputer(view, set.compounds, false), view, d);
    const base = shapBaseValue(model);
    for (let row = 0; row < scores.compounds.length; row++) {
      const phi = shapOf(model, scores, row);
      const sum = phi.reduce((s, v) => s + v, 0);
      expect(sum).to.be.closeTo(scores.logit[row]! - base, 1e-10);
      // φ_i = β_i (x_i − E[x_i]), the inputs standardized over the training pairs (E = 0).
      phi.forEach((v, f) => expect(v).to.be.closeTo(model.beta[f]! * scores.z[row * FEATURE_COUNT + f]!, 1e-15));
      const p = sigmoid(scores.logit[row]!);
      expect(p).to.be.within(0, 1);
    }
    // The prior correction makes the base value the population log-odds minus the sample's.
    const populationPrevalence = set.population.positives / set.population.pairs;
    const samplePrevalence = set.label.reduce((s, v) => s + v, 0) / set.label.length;
    expect(model.offset).to.be.closeTo(Math.log(populationPrevalence / (1 - populationPrevalence)) - Math.log(samplePrevalence / (1 - samplePrevalence)), 1e-12);
    // Top features come with an example path when their value is > 0.
    const top = topContributions(model, new ExplanationContext(view, d), scores, 0, 3);
    expect(top).to.have.length(3);
    for (const t of top) {
      if (t.value !== null && t.value > 0 && t.kind !== 'missing_indicator' && t.kind !== 'prior') {
        expect(t.path, t.feature).to.not.equal(null);
        expect(t.path!.nodes[0]!.id).to.equal(g.id(scores.compounds[0]!));
        if (t.kind !== 'degree') expect(t.path!.nodes.at(-1)!.id).to.equal(g.id(d));
        // A DWPC's example says how much of the value it carries: one path of the sum, so at most all of it.
        if (t.kind === 'dwpc') {
          expect(t.path!.share_of_value).to.be.closeTo(t.path!.weight! / t.value, 1e-12);
          expect(t.path!.share_of_value).to.be.within(0, 1 + 1e-12);
        }
      } else {
        expect(t.path).to.equal(null);
      }
    }
  });

  it('finds the planted signal on held-out pairs and held-out diseases, and ranks a held-out disease\'s treatments high', () => {
    const set = trainingSet(g, edges, 11);
    const view = HetnetView.of(g, 0.4);
    const computer = new FeatureComputer(view, set.compounds);
    const pairs = run(evaluateByPairs(computer, set));
    const diseases = run(evaluateByDiseases(computer, set, 11));
    expect(pairs.auroc).to.be.greaterThan(0.8);
    expect(diseases.auroc).to.be.greaterThan(0.6);
    const d = g.lookup('MONDO:0000002')!;
    const ranking = run(heldOutDiseaseRanking(computer, set, d));
    expect(ranking.treatments.length).to.be.greaterThan(0);
    // Of 40 compounds, the 5 of its class are the ones with the disease's genes as targets.
    const inTopQuarter = ranking.treatments.filter((t) => t.rank <= 10).length;
    expect(inTopQuarter / ranking.treatments.length).to.be.greaterThan(0.5);
  });
});
