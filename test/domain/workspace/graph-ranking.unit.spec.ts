import { expect } from 'chai';
import { explainCandidate, EXPLANATION_RELATIONS } from '../../../domain/workspace/graph-explanations';
import { InMemoryGraph, sleGraph } from './workspace-fixtures';

const graph = sleGraph();

describe('Graph explanations', function () {
  it('reports a found path with real labels, relations and provenance', function () {
    const e = explainCandidate(graph, { id: 'drug:hydroxychloroquine', label: 'Hydroxychloroquine', kind: 'drug' }, 'disease:sle');
    expect(e.status).to.equal('found');
    expect(e.reason).to.equal(null);
    expect(e.path!.nodes.map((n) => n.label)).to.deep.equal(['Hydroxychloroquine', 'TLR7', 'Toll Like Receptor 7/8 (TLR7/8) Cascade', 'Systemic lupus erythematosus']);
    expect(e.path!.relationships).to.deep.equal([
      { relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL1535' },
      { relation: 'participates_in', provenance: 'Reactome R-HSA-168181' },
      { relation: 'implicated_in', provenance: 'Reactome disease annotation' },
    ]);
    expect(e.explanation_id).to.match(/^gx_[0-9a-f]{16}$/);
  });

  it('says no_path_found with the scope searched when the graph has no route', function () {
    const e = explainCandidate(graph, { id: 'drug:rituximab', label: 'Rituximab', kind: 'drug' }, 'disease:sle');
    expect(e).to.deep.include({ status: 'no_path_found', path: null });
    expect(e.reason).to.equal(`no path within 4 hops over relations ${EXPLANATION_RELATIONS.join(', ')} in a graph of 13 nodes and 11 edges`);
  });

  it('says the candidate is not in the knowledge graph', function () {
    const e = explainCandidate(graph, { id: 'drug:tabalumab', label: 'Tabalumab', kind: 'drug' }, 'disease:sle');
    expect(e.status).to.equal('no_path_found');
    expect(e.reason).to.match(/^candidate not in the knowledge graph/);
  });

  it('respects the hop limit', function () {
    const chain = new InMemoryGraph(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id: `n:${id}`, kind: 'target' as const, label: id })),
      [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['e', 'f']].map(([s, t]) => ({ source: `n:${s}`, target: `n:${t}`, relation: 'associated_with' as const, provenance: 'test' })),
    );
    expect(explainCandidate(chain, { id: 'n:a', label: 'a', kind: 'target' }, 'n:e').status).to.equal('found');
    expect(explainCandidate(chain, { id: 'n:a', label: 'a', kind: 'target' }, 'n:f').status).to.equal('no_path_found');
  });

  it('rejects a path whose edges do not join its nodes (never invents edges)', function () {
    const lying = Object.assign(Object.create(graph) as typeof graph, {
      findPath: () => ({ nodes: [graph.node('drug:rituximab')!, graph.node('disease:sle')!], edges: [{ source: 'drug:belimumab', target: 'disease:sle', relation: 'treats', provenance: 'x' }] }),
    });
    expect(explainCandidate(lying, { id: 'drug:rituximab', label: 'Rituximab', kind: 'drug' }, 'disease:sle').status).to.equal('no_path_found');
  });
});

