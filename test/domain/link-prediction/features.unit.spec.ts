// Feature transforms and network proximity against values worked by hand.
import { expect } from 'chai';
import { FEATURE_COUNT, FEATURES, FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { HetnetView } from '../../../domain/link-prediction/hetnet-view';
import { closestDistance, diseaseDistances, proximityFeature, proximityPath } from '../../../domain/link-prediction/proximity';
import { fitScaling, standardize } from '../../../domain/link-prediction/transforms';
import { Edge, graphOf } from './graph-fixtures';

describe('link prediction: feature transforms', () => {
  it('DWPC: asinh(x / mean); degrees: asinh(x); then standardized with the population SD', () => {
    const p = FEATURES.length;
    const dwpc = FEATURES.findIndex((f) => f.transform === 'asinh_mean');
    const degree = FEATURES.findIndex((f) => f.transform === 'asinh');
    const raw = new Float64Array(3 * p);
    // DWPC column 0, 2, 4: mean 2 → asinh(0), asinh(1), asinh(2) = 0, 0.881374, 1.443635.
    // Degree column 0, 1, 3 → asinh = ln(x + √(x² + 1)): ln 1, ln(1 + √2), ln(3 + √10) = 0, 0.881374, 1.818446.
    [0, 2, 4].forEach((v, i) => { raw[i * p + dwpc] = v; });
    [0, 1, 3].forEach((v, i) => { raw[i * p + degree] = v; });
    const scaling = fitScaling(FEATURES, raw, 3);
    expect(scaling.divisor[dwpc]).to.equal(2);
    const t = [0, Math.asinh(1), Math.asinh(2)];
    const mean = (t[0]! + t[1]! + t[2]!) / 3;
    const sd = Math.sqrt(t.reduce((s, v) => s + (v - mean) ** 2, 0) / 3);
    expect(scaling.center[dwpc]).to.be.closeTo(mean, 1e-15);
    expect(scaling.scale[dwpc]).to.be.closeTo(sd, 1e-15);
    const z = standardize(FEATURES, scaling, raw, 3);
    expect(z[2 * p + dwpc]).to.be.closeTo((Math.asinh(2) - mean) / sd, 1e-12);
    const lt = [0, Math.log(1 + Math.SQRT2), Math.log(3 + Math.sqrt(10))];
    const lmean = (lt[1]! + lt[2]!) / 3;
    expect(z[1 * p + degree]).to.be.closeTo((Math.log(1 + Math.SQRT2) - lmean) / Math.sqrt(lt.reduce((s, v) => s + (v - lmean) ** 2, 0) / 3), 1e-12);
    // Constant columns: scale 1, inputs 0.
    const other = FEATURES.findIndex((_, i) => i !== dwpc && i !== degree);
    expect(scaling.scale[other]).to.equal(1);
    expect(z[other]).to.equal(0);
  });
});

describe('link prediction: network proximity (Guney et al. 2016, closest)', () => {
  // Interactome G1-G2-G3-G4; the disease's gene G4; the compound targets G1 (3 hops from G4), G3 (1 hop)
  // and G9 (no interactions: left out). d_c = (3 + 1) / 2 = 2; feature 1 / (1 + 2) = 1/3.
  const edges: Edge[] = [
    ['INTERACTS_WITH', 'NCBIGene:1', 'NCBIGene:2'], ['INTERACTS_WITH', 'NCBIGene:2', 'NCBIGene:3'], ['INTERACTS_WITH', 'NCBIGene:3', 'NCBIGene:4'],
    ['ASSOCIATES', 'MONDO:0000001', 'NCBIGene:4'],
    ['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:3'], ['BINDS', 'DRUGBANK:DB00001', 'NCBIGene:9'],
    ['TARGETS', 'DRUGBANK:DB00002', 'NCBIGene:9'],
  ];

  it('averages the distance of each target in the interactome to the nearest disease gene', () => {
    const g = graphOf(edges);
    const view = HetnetView.of(g, 0.4);
    const distances = diseaseDistances(view, g.lookup('MONDO:0000001')!);
    expect(closestDistance(view, distances, g.lookup('DRUGBANK:DB00001')!)).to.equal(2);
    expect(proximityFeature(2)).to.be.closeTo(1 / 3, 1e-15);
    // A compound whose only target is outside the interactome: undefined, feature missing (NaN), not 0.
    expect(closestDistance(view, distances, g.lookup('DRUGBANK:DB00002')!)).to.equal(null);
    expect(proximityFeature(null)).to.be.NaN;
  });

  it('does not reward a compound without an interactome target: its proximity is missing, imputed at the mean (SHAP 0), flagged by proximity_missing', () => {
    // Issue 29: proximity 0 for "no target" met a negative coefficient, so such compounds gained ~0.9 log-odds.
    const g = graphOf(edges);
    const view = HetnetView.of(g, 0.4);
    const d = g.lookup('MONDO:0000001')!;
    const computer = new FeatureComputer(view, Int32Array.from([g.lookup('DRUGBANK:DB00001')!, g.lookup('DRUGBANK:DB00002')!]));
    const raw = computer.forDisease(view, d);
    const p = FEATURE_COUNT;
    const prox = FEATURES.findIndex((f) => f.id === 'proximity');
    const missing = FEATURES.findIndex((f) => f.id === 'proximity_missing');
    expect(raw[prox]).to.be.closeTo(1 / 3, 1e-15);
    expect(raw[missing]).to.equal(0);
    expect(raw[p + prox]).to.be.NaN;
    expect(raw[p + missing]).to.equal(1);
    // Fitted on these two rows, the observed proximity is the mean: both standardize to 0 — the missing one
    // contributes β · 0 = 0 whatever the sign of β, where 0 raw once gave it (0 − 1/6)/(1/6) = −1 standard deviation.
    const scaling = fitScaling(FEATURES, raw, 2);
    expect(scaling.center[prox]).to.be.closeTo(1 / 3, 1e-15);
    const z = standardize(FEATURES, scaling, raw, 2);
    expect(z[p + prox]).to.equal(0);
    expect(z[p + missing]).to.be.closeTo(1, 1e-12); // indicator 0/1 over two rows: mean 0.5, sd 0.5
  });

  it('shows the route from the nearest target to the disease gene', () => {
    const g = graphOf(edges);
    const view = HetnetView.of(g, 0.4);
    const d = g.lookup('MONDO:0000001')!;
    const path = proximityPath(view, diseaseDistances(view, d), g.lookup('DRUGBANK:DB00001')!, d)!;
    expect(path.map((i) => g.id(i))).to.deep.equal(['DRUGBANK:DB00001', 'NCBIGene:3', 'NCBIGene:4', 'MONDO:0000001']);
  });
});
