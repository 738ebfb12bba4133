// The typed graph read claim by claim (the /api/v1/biomed subgraph and claim paths) on a graph built by
// hand: a contradicting claim and a relation outside the metagraph are steps of the claim walks but never
// walkable edges of the typed graph, an alias finds its canonical node, a CURIE of no node type is a
// claim-only node, and an ontology hierarchy edge (no stored claim) is not a claim.
import { expect } from 'chai';
import { ClaimGraph, LayerClaimRow } from '../../../domain/knowledge-graph/claim-graph';
import { supportingClaimDegrees } from '../../../domain/knowledge-graph/claim-degree';
import { claimPaths, claimSubgraph } from '../../../domain/knowledge-graph/claim-walks';
import { EDGE_TYPE_NAMES, edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { edgeTypeMask, KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';

const SNAPSHOTS = [{ snapshot_id: 's1', resource: 'pharmacotherapydb' }, { snapshot_id: 's2', resource: 'clinvar' }];
const t = (name: string) => edgeTypeIndex(name)!;

/**
 * Typed edges (supporting claims):  DRUGBANK:DB1 -TARGETS(s1#1)-> NCBIGene:1 -PARTICIPATES_IN(s1#2)-> REACTOME:R1
 *                                   MONDO:2 -IS_A(ontology, claim -1)-> MONDO:1
 * Claim layer:  DRUGBANK:DB1 TREATS MONDO:1 contradicts (s1#3); MONDO:1 ASSOCIATED_WITH_GENE NCBIGene:1 supports
 *               (s2#1, written with the alias DOID:1); NCBIGene:1 PARTICIPATES_IN GO:9 supports (s2#2, GO has no node type).
 */
function claimGraph(): ClaimGraph {
  const b = new KnowledgeGraphBuilder(SNAPSHOTS);
  b.addEdge(t('TARGETS'), 'DRUGBANK:DB1', 'NCBIGene:1', 0, 1);
  b.addEdge(t('PARTICIPATES_IN'), 'NCBIGene:1', 'REACTOME:R1', 0, 2);
  b.addEdge(t('IS_A'), 'MONDO:0000002', 'MONDO:0000001', 0, -1);
  const g = b.build(new Map([['MONDO:0000001', { label: 'disease one', synonyms: [] }]]), new Map([['DOID:1', 'MONDO:0000001']]));
  const layer: LayerClaimRow[] = [
    { snapshot_id: 's1', claim_no: 3, subject: 'DRUGBANK:DB1', predicate: 'TREATS', object: 'MONDO:0000001', evidence_direction: 'contradicts' },
    { snapshot_id: 's2', claim_no: 1, subject: 'DOID:1', predicate: 'ASSOCIATED_WITH_GENE', object: 'NCBIGene:1', evidence_direction: 'supports' },
    { snapshot_id: 's2', claim_no: 2, subject: 'NCBIGene:1', predicate: 'PARTICIPATES_IN', object: 'GO:9', evidence_direction: 'supports' },
  ];
  return new ClaimGraph(g, layer);
}

const route = (p: { claims: { snapshot_id: string; claim_no: number }[] }) => p.claims.map((c) => `${c.snapshot_id}#${c.claim_no}`).join(' ');

describe('knowledge graph: claim graph (biomed subgraph and claim paths)', () => {
  it('walks a contradicting claim in claim paths while the typed graph offers no edge for it', () => {
    const cg = claimGraph();
    const drug = cg.resolve('DRUGBANK:DB1')!;
    const disease = cg.resolve('MONDO:0000001')!;
    let typedSteps = 0;
    cg.graph.forEachStep(drug, 'any', edgeTypeMask(EDGE_TYPE_NAMES), (_e, other) => { if (other === disease) typedSteps++; });
    expect(typedSteps).to.equal(0);
    // By hand: DB1-MONDO:1 directly (s1#3, contradicting), and DB1-NCBIGene:1-MONDO:1 (s1#1 then s2#1).
    const answer = claimPaths(cg, drug, disease, 3, 10);
    expect(answer.paths.map((p) => [p.nodes.join(' > '), route(p)])).to.deep.equal([
      ['DRUGBANK:DB1 > MONDO:0000001', 's1#3'],
      ['DRUGBANK:DB1 > NCBIGene:1 > MONDO:0000001', 's1#1 s2#1'],
    ]);
    expect(answer.paths[0]!.claims[0]).to.include({ predicate: 'TREATS', evidence_direction: 'contradicts' });
    expect(answer.paths[1]!.claims[1]).to.include({ subject: 'MONDO:0000001', predicate: 'ASSOCIATED_WITH_GENE' });
  });

  it('finds a node by its alias and gives claim-only nodes their prefix kind, with no label', () => {
    const cg = claimGraph();
    expect(cg.resolve('DOID:1')).to.equal(cg.resolve('MONDO:0000001'));
    expect(cg.node(cg.resolve('MONDO:0000001')!)).to.deep.equal({ curie: 'MONDO:0000001', kind: 'disease', label: 'disease one' });
    expect(cg.node(cg.resolve('GO:9')!)).to.deep.equal({ curie: 'GO:9', kind: 'pathway', label: null });
    expect(cg.node(cg.resolve('NCBIGene:1')!)).to.deep.equal({ curie: 'NCBIGene:1', kind: 'gene', label: null });
  });

  it('keeps an ontology hierarchy edge (no stored claim) out of the subgraph, and truncates at the node limit', () => {
    const cg = claimGraph();
    const disease = cg.resolve('MONDO:0000001')!;
    const one = claimSubgraph(cg, disease, 1, 100);
    // MONDO:1's claims: s1#3 (DB1) and s2#1 (NCBIGene:1); its IS_A edge from MONDO:2 cites no claim.
    expect(one.nodes.map((n) => [n.curie, n.hop])).to.deep.equal([['MONDO:0000001', 0], ['DRUGBANK:DB1', 1], ['NCBIGene:1', 1]]);
    expect(one.edges.map((e) => `${e.snapshot_id}#${e.claim_no}`).sort()).to.deep.equal(['s1#3', 's2#1']);
    // Two hops reach REACTOME:R1 and GO:9 from NCBIGene:1; a limit of 4 keeps the first in store order (s1#2, REACTOME:R1).
    const cut = claimSubgraph(cg, disease, 2, 4);
    expect(cut.truncated).to.equal(true);
    expect(cut.nodes.map((n) => n.curie)).to.deep.equal(['MONDO:0000001', 'DRUGBANK:DB1', 'NCBIGene:1', 'REACTOME:R1']);
  });

  it('counts degree centrality over supporting claims only, typed edges and layer alike', () => {
    const cg = claimGraph();
    // By hand, ASSOCIATED_WITH_GENE + PARTICIPATES_IN + TREATS supporting claims: NCBIGene:1-REACTOME:R1 (typed),
    // MONDO:1-NCBIGene:1 and NCBIGene:1-GO:9 (layer); the TREATS claim contradicts, so DB1 is not in this graph.
    // n = 4 nodes, 3 edges; NCBIGene:1 has degree 3, so degree / (n - 1) = 1.
    const d = supportingClaimDegrees(cg, ['ASSOCIATED_WITH_GENE', 'PARTICIPATES_IN', 'TREATS']);
    expect([d.nodes, d.edges]).to.deep.equal([4, 3]);
    expect(d.degree(cg.resolve('NCBIGene:1')) / (d.nodes - 1)).to.equal(1);
    expect(d.degree(cg.resolve('MONDO:0000001'))).to.equal(1);
    expect(d.degree(cg.resolve('DRUGBANK:DB1'))).to.equal(0);
    expect(d.degree(cg.resolve('NCBIGene:404'))).to.equal(0);
  });
});
