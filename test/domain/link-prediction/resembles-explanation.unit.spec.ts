// The example path of a chemical-similarity feature: a resembles (CrC) step is derived, not a stored edge, and is
// shown as RESEMBLES (not as an edge without a type); its weight is the hand-worked DWPC of the one path.
import { expect } from 'chai';
import { FEATURES } from '../../../domain/link-prediction/feature-set';
import { examplePath, ExplanationContext } from '../../../domain/link-prediction/predict';
import { Edge, graphOf, viewOf } from './graph-fixtures';

describe('link prediction: explaining a chemical-similarity feature', () => {
  it('shows the CrCtD example C1 ~ C2 → D1 with the resembles step typed RESEMBLES', () => {
    const edges: Edge[] = [['RESEMBLES', 'DRUGBANK:DB00001', 'DRUGBANK:DB00002'], ['TREATS', 'DRUGBANK:DB00002', 'MONDO:0000001'],
      ['CAUSES', 'DRUGBANK:DB00001', 'UMLS:C0000001']];
    const g = graphOf(edges);
    const view = viewOf(g, edges);
    const spec = FEATURES.find((f) => f.id === 'dwpc_CrCtD')!;
    const path = examplePath(new ExplanationContext(view, g.lookup('MONDO:0000001')!), spec, g.lookup('DRUGBANK:DB00001')!)!;
    expect(path.nodes.map((n) => n.id)).to.deep.equal(['DRUGBANK:DB00001', 'DRUGBANK:DB00002', 'MONDO:0000001']);
    expect(path.edges.map((e) => e.types)).to.deep.equal([['RESEMBLES'], ['TREATS']]);
    // Every degree is 1: the one path weighs 1, all of the DWPC.
    expect(path.weight).to.be.closeTo(1, 1e-12);
  });
});
