// Link prediction stays comparable with Project Rephetio (issue 25, item 5): ChEMBL's indications
// (APPROVED_FOR / STUDIED_FOR edges) are neither labels nor features by default. A graph where a compound is
// approved for a disease but has no PharmacotherapyDB TREATS edge gives no treatment pair (no positive label,
// CtD empty) and no compound-disease metaedge other than TREATS, counted here by hand from the edge list.
import { expect } from 'chai';
import { HetnetView, METAEDGES, METAEDGE_NAMES } from '../../../domain/link-prediction/hetnet-view';
import { graphOf } from './graph-fixtures';

describe('link prediction: ChEMBL indications stay out of the default labels and features', () => {
  const edges = [
    ['APPROVED_FOR', 'DRUGBANK:DB08879', 'MONDO:0007915'], // belimumab approved for SLE (ChEMBL phase 4)
    ['STUDIED_FOR', 'DRUGBANK:DB00073', 'MONDO:0007915'], // rituximab studied for SLE
    ['TREATS', 'DRUGBANK:DB01611', 'MONDO:0007915'], // hydroxychloroquine treats SLE (PharmacotherapyDB DM)
    ['TARGETS', 'DRUGBANK:DB08879', 'NCBIGene:10673'],
  ] as const;

  it('the treatment pairs (positive labels) are the TREATS edge only, not the APPROVED_FOR / STUDIED_FOR ones', () => {
    const graph = graphOf(edges.map((e) => [...e]));
    const view = HetnetView.of(graph, 0.4);
    const pairs = [...view.treats.src].map((s, i) => [graph.node(s).id, graph.node(view.treats.dst[i]!).id]);
    expect(pairs).to.deep.equal([['DRUGBANK:DB01611', 'MONDO:0007915']]);
    expect(view.metaedge('CtD').edgeCount).to.equal(1);
  });

  it('no metaedge (feature) reads APPROVED_FOR or STUDIED_FOR', () => {
    const used = METAEDGE_NAMES.flatMap((name) => [...METAEDGES[name].edgeTypes] as string[]);
    expect(used).to.not.include.members(['APPROVED_FOR']);
    expect(used).to.not.include.members(['STUDIED_FOR']);
  });
});
