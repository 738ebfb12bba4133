// The typed knowledge graph on small graphs built by hand: edge types checked against endpoint types,
// identical statements merged but every claim cited, exact identity only, and paths that never walk a
// directed edge backwards as if forward.
import { expect } from 'chai';
import { canonicalIdentity } from '../../../domain/knowledge-graph/identity';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { neighbourPage } from '../../../domain/knowledge-graph/neighbourhood';
import { kShortestPaths } from '../../../domain/knowledge-graph/paths';
import { edgeTypeMask, KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';

const SNAPSHOTS = [{ snapshot_id: 's-pdb', resource: 'pharmacotherapydb' }, { snapshot_id: 's-gwas', resource: 'gwas_catalog' }];
const t = (name: string) => edgeTypeIndex(name)!;

/**
 *   DRUGBANK:DB1 -TREATS-> MONDO:2 -IS_A-> MONDO:1
 *   DRUGBANK:DB1 -TARGETS-> NCBIGene:1 -INTERACTS_WITH- NCBIGene:2 <-ASSOCIATES- MONDO:1
 */
function smallGraph(): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder(SNAPSHOTS);
  expect(b.addEdge(t('TREATS'), 'DRUGBANK:DB1', 'MONDO:0000002', 0, 10)).to.equal(true);
  b.addEdge(t('IS_A'), 'MONDO:0000002', 'MONDO:0000001', 0, -1);
  b.addEdge(t('TARGETS'), 'DRUGBANK:DB1', 'NCBIGene:1', 0, 11);
  b.addEdge(t('INTERACTS_WITH'), 'NCBIGene:1', 'NCBIGene:2', 0, 12);
  b.addEdge(t('ASSOCIATES'), 'MONDO:0000001', 'NCBIGene:2', 1, 7);
  return b.build(new Map([['MONDO:0000001', { label: 'disease one', synonyms: [] }]]), new Map([['DOID:1', 'MONDO:0000001']]));
}

const show = (g: TypedKnowledgeGraph, path: { steps: { edge: number; from: number; to: number; reverse: boolean }[] }) =>
  path.steps.map((s) => `${g.id(s.from)} ${g.edgeType(s.edge)}${s.reverse ? ' (reverse)' : ''} ${g.id(s.to)}`).join(' | ');

describe('knowledge graph: typed graph', () => {
  it('refuses an edge whose endpoints do not fit its type, and self-loops', () => {
    const b = new KnowledgeGraphBuilder(SNAPSHOTS);
    expect(b.addEdge(t('TREATS'), 'NCBIGene:1', 'MONDO:0000001', 0, 1)).to.equal(false);
    expect(b.addEdge(t('TREATS'), 'DRUGBANK:DB1', 'NCBIGene:1', 0, 2)).to.equal(false);
    expect(b.addEdge(t('INTERACTS_WITH'), 'NCBIGene:1', 'NCBIGene:1', 0, 3)).to.equal(false);
    expect(b.addEdge(t('TREATS'), 'FOO:1', 'MONDO:0000001', 0, 4)).to.equal(false);
    const g = b.build(new Map(), new Map());
    expect([g.nodeCount, g.edgeCount, g.counts.type_mismatch]).to.deep.equal([0, 0, 4]);
  });

  it('merges one statement made by several claims into one edge citing each', () => {
    const b = new KnowledgeGraphBuilder(SNAPSHOTS);
    b.addEdge(t('ASSOCIATES'), 'MONDO:0000001', 'NCBIGene:2', 1, 5);
    b.addEdge(t('ASSOCIATES'), 'MONDO:0000001', 'NCBIGene:2', 1, 9);
    b.addEdge(t('TREATS'), 'DRUGBANK:DB1', 'MONDO:0000001', 0, 3);
    const g = b.build(new Map(), new Map());
    expect(g.edgeCount).to.equal(2);
    expect(g.claimCount).to.equal(3);
    expect(g.counts.merged_claims).to.equal(1);
    const disease = g.lookup('MONDO:0000001')!;
    let associates = -1;
    g.forEachStep(disease, 'forward', edgeTypeMask(undefined), (e) => { if (g.edgeType(e) === 'ASSOCIATES') associates = e; });
    expect(g.claimsOf(associates)).to.deep.equal([
      { snapshot_id: 's-gwas', resource: 'gwas_catalog', claim_no: 5 }, { snapshot_id: 's-gwas', resource: 'gwas_catalog', claim_no: 9 },
    ]);
    expect(g.countsByEdgeType()).to.include({ ASSOCIATES: 1, TREATS: 1 });
    expect(g.countsByNodeType()).to.include({ Disease: 1, Gene: 1, Compound: 1 });
  });

  it('finds a node by an exact alias, labels it from its term, and falls back to the id', () => {
    const g = smallGraph();
    expect(g.lookup('DOID:1')).to.equal(g.lookup('MONDO:0000001'));
    expect(g.aliasesOf(g.lookup('MONDO:0000001')!)).to.deep.equal(['DOID:1']);
    expect(g.label(g.lookup('MONDO:0000001')!)).to.equal('disease one');
    expect(g.label(g.lookup('NCBIGene:2')!)).to.equal('NCBIGene:2');
    expect(g.lookup('DOID:404')).to.equal(undefined);
  });

  it('forward paths follow edges from subject to object only; symmetric interactions both ways', () => {
    const g = smallGraph();
    const mask = edgeTypeMask(undefined);
    const id = (c: string) => g.lookup(c)!;
    const drugToDisease = kShortestPaths(g, { from: id('DRUGBANK:DB1'), to: id('MONDO:0000001'), maxHops: 4, k: 5, mode: 'forward', allowed: mask });
    // Only DB1 -> MONDO:2 -> MONDO:1: the gene route would need MONDO:1 -ASSOCIATES-> NCBIGene:2 walked backwards.
    expect(drugToDisease.paths.map((p) => show(g, p))).to.deep.equal(['DRUGBANK:DB1 TREATS MONDO:0000002 | MONDO:0000002 IS_A MONDO:0000001']);
    expect(drugToDisease.shortest).to.equal(2);
    // The interaction is stored NCBIGene:1 -> NCBIGene:2 and is walked the other way as a forward step.
    const back = kShortestPaths(g, { from: id('NCBIGene:2'), to: id('NCBIGene:1'), maxHops: 2, k: 5, mode: 'forward', allowed: mask });
    expect(back.paths.map((p) => show(g, p))).to.deep.equal(['NCBIGene:2 INTERACTS_WITH NCBIGene:1']);
    const none = kShortestPaths(g, { from: id('NCBIGene:2'), to: id('DRUGBANK:DB1'), maxHops: 4, k: 5, mode: 'forward', allowed: mask });
    expect([none.paths.length, none.shortest]).to.deep.equal([0, null]);
  });

  it('any-direction paths mark the steps that go against an edge, and never present them as forward', () => {
    const g = smallGraph();
    const id = (c: string) => g.lookup(c)!;
    const found = kShortestPaths(g, { from: id('DRUGBANK:DB1'), to: id('MONDO:0000001'), maxHops: 4, k: 5, mode: 'any', allowed: edgeTypeMask(undefined) });
    expect(found.paths.map((p) => show(g, p))).to.deep.equal([
      'DRUGBANK:DB1 TREATS MONDO:0000002 | MONDO:0000002 IS_A MONDO:0000001',
      'DRUGBANK:DB1 TARGETS NCBIGene:1 | NCBIGene:1 INTERACTS_WITH NCBIGene:2 | NCBIGene:2 ASSOCIATES (reverse) MONDO:0000001',
    ]);
    const last = found.paths[1]!.steps[2]!;
    // The edge keeps its stored direction: the disease is its source, the gene its target.
    expect([g.id(g.edgeSource(last.edge)), g.id(g.edgeTarget(last.edge))]).to.deep.equal(['MONDO:0000001', 'NCBIGene:2']);
  });

  it('honours the hop limit, k and the edge-type filter', () => {
    const g = smallGraph();
    const id = (c: string) => g.lookup(c)!;
    const q = { from: id('DRUGBANK:DB1'), to: id('MONDO:0000001'), mode: 'any' as const };
    expect(kShortestPaths(g, { ...q, maxHops: 2, k: 5, allowed: edgeTypeMask(undefined) }).paths).to.have.length(1);
    expect(kShortestPaths(g, { ...q, maxHops: 4, k: 1, allowed: edgeTypeMask(undefined) }).paths).to.have.length(1);
    const genesOnly = kShortestPaths(g, { ...q, maxHops: 4, k: 5, allowed: edgeTypeMask(['TARGETS', 'INTERACTS_WITH', 'ASSOCIATES']) });
    expect(genesOnly.paths.map((p) => p.steps.length)).to.deep.equal([3]);
  });
});

describe('knowledge graph: a node\'s neighbours', () => {
  it('pages them by edge type and node order, marks edges walked against their direction, and filters by direction', () => {
    const g = smallGraph();
    const gene2 = g.lookup('NCBIGene:2')!;
    const all = neighbourPage(g, gene2, edgeTypeMask(undefined), 'both', 0, 10);
    // Metagraph order: ASSOCIATES before INTERACTS_WITH. The disease is the ASSOCIATES edge's subject: reverse.
    expect(all.page.map((p) => [g.id(p.other), g.edgeType(p.edge), p.reverse])).to.deep.equal([['MONDO:0000001', 'ASSOCIATES', true], ['NCBIGene:1', 'INTERACTS_WITH', false]]);
    expect([all.total, all.counts_by_edge_type]).to.deep.equal([2, { ASSOCIATES: 1, INTERACTS_WITH: 1 }]);
    // "out" keeps the symmetric interaction (both directions) and drops the incoming association.
    expect(neighbourPage(g, gene2, edgeTypeMask(undefined), 'out', 0, 10).page.map((p) => g.id(p.other))).to.deep.equal(['NCBIGene:1']);
    expect(neighbourPage(g, gene2, edgeTypeMask(undefined), 'in', 1, 10).page.map((p) => g.id(p.other))).to.deep.equal(['NCBIGene:1']);
    expect(neighbourPage(g, gene2, edgeTypeMask(['TREATS']), 'both', 0, 10).total).to.equal(0);
  });
});

describe('knowledge graph: identity through exact mappings', () => {
  it('maps an alias with exactly one canonical id, keeps an ambiguous one, ignores other prefixes', () => {
    const identity = canonicalIdentity([
      { subject: 'MONDO:0007915', object: 'DOID:9074' },
      { subject: 'MONDO:0000001', object: 'DOID:7' }, { subject: 'MONDO:0000002', object: 'DOID:7' },
      { subject: 'NCBIGene:7124', object: 'HGNC:11892' }, { subject: 'NCBIGene:7124', object: 'GENE_SYMBOL:TNF' },
      { subject: 'MONDO:0000003', object: 'HGNC:1' }, // a MONDO id never stands for a gene
    ]);
    expect(identity.canonical('DOID:9074')).to.equal('MONDO:0007915');
    expect(identity.canonical('DOID:7')).to.equal('DOID:7');
    expect(identity.ambiguous).to.equal(1);
    expect(identity.canonical('HGNC:11892')).to.equal('NCBIGene:7124');
    expect(identity.canonical('GENE_SYMBOL:TNF')).to.equal('NCBIGene:7124');
    expect(identity.canonical('HGNC:1')).to.equal('HGNC:1');
  });
});
