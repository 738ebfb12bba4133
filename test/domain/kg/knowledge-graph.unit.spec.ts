import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { GraphFixture, NodeKind } from '../../../domain/kg/graph-data';
import { KnowledgeGraph } from '../../support/curated-graph/knowledge-graph';
import { DEFAULT_KG_DIR, GraphFixtureError, loadDefaultGraph } from '../../support/curated-graph/load-graph';

const sleFixture: GraphFixture = {
  disease_id: 'sle',
  nodes: [
    { id: 'drug:hydroxychloroquine', kind: 'drug', label: 'Hydroxychloroquine', synonyms: ['Plaquenil', 'HCQ'] },
    { id: 'target:TLR7', kind: 'target', label: 'TLR7', synonyms: ['Toll-like receptor 7'] },
    { id: 'pathway:R-HSA-168928', kind: 'pathway', label: 'DDX58/IFIH1-mediated induction of interferon-alpha/beta' },
    { id: 'disease:sle', kind: 'disease', label: 'Systemic lupus erythematosus', synonyms: ['SLE', 'lupus'] },
    { id: 'phenotype:HP:0000988', kind: 'phenotype', label: 'Skin rash' },
    { id: 'drug:anifrolumab', kind: 'drug', label: 'Anifrolumab', synonyms: ['Saphnelo'] },
    { id: 'target:IFNAR1', kind: 'target', label: 'IFNAR1' },
    { id: 'target:TNF', kind: 'target', label: 'TNF', synonyms: ['TNF-alpha', 'tumor necrosis factor'] },
    { id: 'target:MET', kind: 'target', label: 'MET', synonyms: ['hepatocyte growth factor receptor'] },
  ],
  edges: [
    { source: 'drug:hydroxychloroquine', target: 'target:TLR7', relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL1535' },
    { source: 'target:TLR7', target: 'pathway:R-HSA-168928', relation: 'participates_in', provenance: 'Reactome R-HSA-168928' },
    { source: 'pathway:R-HSA-168928', target: 'disease:sle', relation: 'implicated_in', provenance: 'Reactome disease annotation' },
    { source: 'target:TLR7', target: 'disease:sle', relation: 'associated_with', provenance: 'Open Targets 0.71' },
    { source: 'disease:sle', target: 'phenotype:HP:0000988', relation: 'has_phenotype', provenance: 'HPO annotation' },
    { source: 'drug:anifrolumab', target: 'target:IFNAR1', relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL3301592' },
    { source: 'drug:anifrolumab', target: 'disease:sle', relation: 'treats', provenance: 'FDA label Saphnelo' },
  ],
};

const raFixture: GraphFixture = {
  disease_id: 'ra',
  nodes: [
    { id: 'drug:hydroxychloroquine', kind: 'drug', label: 'hydroxychloroquine sulfate', synonyms: ['HCQ'] },
    { id: 'disease:ra', kind: 'disease', label: 'Rheumatoid arthritis', synonyms: ['RA'] },
    { id: 'drug:adalimumab', kind: 'drug', label: 'Adalimumab', synonyms: ['Humira'] },
    { id: 'target:TNF', kind: 'target', label: 'TNF' },
    { id: 'drug:orphan', kind: 'drug', label: 'Orphanol' },
  ],
  edges: [
    { source: 'drug:hydroxychloroquine', target: 'disease:ra', relation: 'treats', provenance: 'DrugBank label' },
    { source: 'drug:adalimumab', target: 'target:TNF', relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL1201580' },
    { source: 'target:TNF', target: 'disease:ra', relation: 'associated_with', provenance: 'Open Targets 0.83' },
    // The same edge as in the SLE file, from another source: one edge, two provenances.
    { source: 'drug:hydroxychloroquine', target: 'target:TLR7', relation: 'targets', provenance: 'DrugBank target' },
    { source: 'drug:hydroxychloroquine', target: 'target:TLR7', relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL1535' },
  ],
};

describe('KnowledgeGraph', function () {
  const kg = KnowledgeGraph.fromFixtures([sleFixture, raFixture]);
  const ids = (nodes: { id: string }[] | undefined) => nodes?.map((n) => n.id);

  it('merges files: one node per id, identical edges collapse keeping every provenance', function () {
    expect(kg.size()).to.deep.equal({ nodes: 12, edges: 10 });
    const hcq = kg.node('drug:hydroxychloroquine')!;
    expect(hcq.label).to.equal('Hydroxychloroquine');
    expect(hcq.synonyms).to.have.members(['Plaquenil', 'HCQ', 'hydroxychloroquine sulfate']);
    const edge = kg.edgesOf('target:TLR7').find((e) => e.relation === 'targets')!;
    expect(edge.provenances).to.deep.equal(['ChEMBL mechanism CHEMBL1535', 'DrugBank target']);
    expect(edge.provenance).to.equal('ChEMBL mechanism CHEMBL1535; DrugBank target');
    expect(kg.diseases()).to.deep.equal(['ra', 'sle']);
    expect(ids(kg.nodes({ kind: 'drug', diseaseId: 'ra' }))).to.deep.equal(['drug:hydroxychloroquine', 'drug:adalimumab', 'drug:orphan']);
    expect(kg.node('nope')).to.equal(undefined);
  });

  it('refuses a node id declared with two kinds and an edge to an unknown node', function () {
    const clash: GraphFixture = { disease_id: 'x', nodes: [{ id: 'target:TNF', kind: 'drug', label: 'TNF' }], edges: [] };
    expect(() => KnowledgeGraph.fromFixtures([sleFixture, clash])).to.throw(/target:TNF .*target.*drug/);
    const dangling: GraphFixture = { disease_id: 'x', nodes: [], edges: [{ source: 'drug:anifrolumab', target: 'target:NOPE', relation: 'targets', provenance: 'x' }] };
    expect(() => KnowledgeGraph.fromFixtures([sleFixture, dangling])).to.throw(/unknown node target:NOPE/);
  });

  it('finds a shortest path with the real nodes and the edges as stored', function () {
    const path = kg.findPath({ from: 'drug:hydroxychloroquine', to: 'disease:sle' })!;
    expect(ids(path.nodes)).to.deep.equal(['drug:hydroxychloroquine', 'target:TLR7', 'disease:sle']);
    expect(path.nodes[1]).to.deep.include({ kind: 'target', label: 'TLR7' });
    expect(path.edges.map((e) => [e.source, e.relation, e.target])).to.deep.equal([
      ['drug:hydroxychloroquine', 'targets', 'target:TLR7'],
      ['target:TLR7', 'associated_with', 'disease:sle'],
    ]);
    expect(path.edges[1]!.provenance).to.equal('Open Targets 0.71');
  });

  it('follows edges against their direction, keeping their stored orientation', function () {
    const path = kg.findPath({ from: 'phenotype:HP:0000988', to: 'drug:anifrolumab' })!;
    expect(ids(path.nodes)).to.deep.equal(['phenotype:HP:0000988', 'disease:sle', 'drug:anifrolumab']);
    expect(path.edges.map((e) => [e.source, e.relation, e.target])).to.deep.equal([
      ['disease:sle', 'has_phenotype', 'phenotype:HP:0000988'],
      ['drug:anifrolumab', 'treats', 'disease:sle'],
    ]);
    // Across files: adalimumab -> TNF -> RA <- hydroxychloroquine -> TLR7 -> SLE.
    const across = kg.findPath({ from: 'drug:adalimumab', to: 'disease:sle', maxHops: 5 })!;
    expect(ids(across.nodes)).to.deep.equal(['drug:adalimumab', 'target:TNF', 'disease:ra', 'drug:hydroxychloroquine', 'target:TLR7', 'disease:sle']);
    expect(across.edges.map((e) => e.relation)).to.deep.equal(['targets', 'associated_with', 'treats', 'targets', 'associated_with']);
  });

  it('respects maxHops', function () {
    expect(kg.findPath({ from: 'drug:adalimumab', to: 'disease:sle', maxHops: 5 })!.edges).to.have.length(5);
    expect(kg.findPath({ from: 'drug:adalimumab', to: 'disease:sle' }), 'default: 4 hops').to.equal(undefined);
    expect(kg.findPath({ from: 'drug:adalimumab', to: 'target:TLR7' })!.edges, 'within the default').to.have.length(4);
    expect(kg.findPath({ from: 'drug:hydroxychloroquine', to: 'disease:sle', maxHops: 1 })).to.equal(undefined);
    expect(kg.findPath({ from: 'drug:hydroxychloroquine', to: 'target:TLR7', maxHops: 1 })!.edges).to.have.length(1);
    expect(kg.findPath({ from: 'disease:sle', to: 'disease:sle' })).to.deep.equal({ nodes: [kg.node('disease:sle')], edges: [] });
  });

  it('follows only the allowed relations', function () {
    const viaPathway = kg.findPath({
      from: 'drug:hydroxychloroquine', to: 'disease:sle', relations: ['targets', 'participates_in', 'implicated_in'],
    })!;
    expect(ids(viaPathway.nodes)).to.deep.equal(['drug:hydroxychloroquine', 'target:TLR7', 'pathway:R-HSA-168928', 'disease:sle']);
    expect(viaPathway.edges.map((e) => e.relation)).to.deep.equal(['targets', 'participates_in', 'implicated_in']);
    expect(kg.findPath({ from: 'drug:hydroxychloroquine', to: 'disease:sle', relations: ['targets'] })).to.equal(undefined);
    // treats is the direct 1-hop edge when allowed
    expect(kg.findPath({ from: 'drug:hydroxychloroquine', to: 'disease:ra', relations: ['treats'] })!.edges).to.have.length(1);
  });

  it('finds no path to a disconnected or unknown node', function () {
    expect(kg.findPath({ from: 'drug:orphan', to: 'disease:sle', maxHops: 10 })).to.equal(undefined);
    expect(kg.findPath({ from: 'drug:nothing', to: 'disease:sle' })).to.equal(undefined);
    expect(kg.findPath({ from: 'disease:sle', to: 'drug:nothing' })).to.equal(undefined);
  });

  it('resolves names by label, synonym or id, case-insensitively, optionally of one kind', function () {
    expect(kg.resolve('plaquenil')?.id).to.equal('drug:hydroxychloroquine');
    expect(kg.resolve('HYDROXYCHLOROQUINE SULFATE')?.id).to.equal('drug:hydroxychloroquine');
    expect(kg.resolve('  Toll-like   receptor 7 ')?.id).to.equal('target:TLR7');
    expect(kg.resolve('toll like receptor 7')?.id, 'punctuation-insensitive fallback').to.equal('target:TLR7');
    expect(kg.resolve('Humira', 'drug')?.id).to.equal('drug:adalimumab');
    expect(kg.resolve('Humira', 'target')).to.equal(undefined);
    expect(kg.resolve('target:IFNAR1')?.id).to.equal('target:IFNAR1');
    expect(kg.resolve('tnf alpha')?.id).to.equal('target:TNF');
    expect(kg.resolve('aspirin')).to.equal(undefined);
  });

  describe('mentionedIn', function () {
    const mentioned = (text: string, kinds: readonly NodeKind[] = ['drug', 'target', 'disease', 'phenotype', 'pathway']) => ids(kg.mentionedIn(text, kinds));

    it('finds labels and synonyms as whole words, case-insensitively, in order of first mention', function () {
      expect(mentioned('Patients with lupus on PLAQUENIL showed reduced tlr7 signalling.'))
        .to.deep.equal(['disease:sle', 'drug:hydroxychloroquine', 'target:TLR7']);
      expect(mentioned('Tumor necrosis factor blockade')).to.deep.equal(['target:TNF']);
      expect(mentioned('Systemic lupus erythematosus (SLE) and skin rash')).to.deep.equal(['disease:sle', 'phenotype:HP:0000988']);
    });

    it('treats hyphens and other punctuation as word boundaries: "TNF" counts in "TNF-alpha" and "anti-TNF"', function () {
      expect(mentioned('serum TNF-alpha levels')).to.deep.equal(['target:TNF']);
      expect(mentioned('anti-TNF therapy')).to.deep.equal(['target:TNF']);
      expect(mentioned('Toll like receptor 7')).to.deep.equal(['target:TLR7'], 'a multi-word term matches whatever separates its words');
    });

    it('never matches inside a word', function () {
      expect(mentioned('TNFR1 shedding and TLR78 and sleep quality')).to.deep.equal([]);
      expect(mentioned('rash')).to.deep.equal([], '"ra" must not match inside "rash"');
      expect(mentioned('a rash appeared; RA was excluded')).to.deep.equal([], 'two-letter synonyms are never matched');
      expect(mentioned('hydroxychloroquines')).to.deep.equal([]);
    });

    it('skips stopword-only terms ("MET" in "met the endpoint") and honours the kinds asked for', function () {
      expect(mentioned('The trial met its primary endpoint')).to.deep.equal([]);
      expect(mentioned('hepatocyte growth factor receptor')).to.deep.equal(['target:MET']);
      expect(mentioned('HCQ and TLR7 in lupus', ['drug'])).to.deep.equal(['drug:hydroxychloroquine']);
      expect(mentioned('HCQ and TLR7 in lupus', [])).to.deep.equal([]);
      expect(mentioned('')).to.deep.equal([]);
    });

    it('finds the mentions in evidence-sized text over a 20,000-entry vocabulary', function () {
      const big: GraphFixture = {
        disease_id: 'big',
        nodes: Array.from({ length: 20_000 }, (_, i) => ({
          id: `target:G${i}`, kind: 'target' as const, label: `GENE${i}`, synonyms: [`gene product ${i}`, `protein kinase ${i} alpha`],
        })),
        edges: [],
      };
      const large = KnowledgeGraph.fromFixtures([sleFixture, big]);
      const text = 'Hydroxychloroquine inhibits TLR7 and protein kinase 123 alpha signalling in systemic lupus erythematosus; '
        .repeat(6);
      const started = process.hrtime.bigint();
      let found: string[] | undefined;
      for (let i = 0; i < 2_000; i++) found = ids(large.mentionedIn(text, ['drug', 'target', 'disease']));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(found).to.deep.equal(['drug:hydroxychloroquine', 'target:TLR7', 'target:G123', 'disease:sle']);
      this.test!.title += ` (2,000 records: ${ms.toFixed(0)} ms; timing is printed, not asserted)`;
    });
  });
});

describe('loadDefaultGraph', function () {
  let dir: string;
  beforeEach(function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-fixtures-'));
  });
  afterEach(function () {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const write = (file: string, value: unknown) => fs.writeFileSync(path.join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
  const loadError = (): GraphFixtureError => {
    try {
      loadDefaultGraph(dir);
    } catch (error) {
      return error as GraphFixtureError;
    }
    throw new Error('expected the load to fail');
  };

  it('reads and merges every *.json fixture of the directory', function () {
    write('sle.json', sleFixture);
    write('ra.json', raFixture);
    write('notes.txt', 'ignored');
    const kg = loadDefaultGraph(dir);
    expect(kg.size()).to.deep.equal({ nodes: 12, edges: 10 });
    expect(kg.findPath({ from: 'drug:adalimumab', to: 'disease:ra' })!.edges).to.have.length(2);
  });

  it('lets an edge join nodes declared in another file', function () {
    write('a.json', sleFixture);
    write('b.json', { disease_id: 'b', nodes: [], edges: [{ source: 'drug:anifrolumab', target: 'target:TLR7', relation: 'targets', provenance: 'test' }] });
    expect(loadDefaultGraph(dir).size().edges).to.equal(8);
  });

  it('names the file of a dangling edge', function () {
    write('sle.json', sleFixture);
    write('bad.json', { disease_id: 'bad', nodes: [], edges: [{ source: 'drug:anifrolumab', target: 'target:GHOST', relation: 'targets', provenance: 'x' }] });
    const error = loadError();
    expect(error).to.be.instanceOf(GraphFixtureError);
    expect(error.file).to.equal('bad.json');
    expect(error.message).to.match(/^knowledge-graph fixture bad\.json: .*target target:GHOST is not a node/);
  });

  it('names the file of an unknown relation, an empty provenance, a missing field or malformed JSON', function () {
    const edge = sleFixture.edges[0]!;
    write('a.json', { ...sleFixture, edges: [{ ...edge, relation: 'inhibits' }] });
    expect(loadError().message).to.match(/a\.json: edges\.0\.relation must be one of targets, /);
    write('a.json', { ...sleFixture, edges: [{ ...edge, provenance: '  ' }] });
    expect(loadError().message).to.equal('knowledge-graph fixture a.json: edges.0.provenance must not be empty');
    write('a.json', { ...sleFixture, edges: [{ source: edge.source, target: edge.target, relation: edge.relation }] });
    expect(loadError().message).to.equal('knowledge-graph fixture a.json: edges.0.provenance is required');
    write('a.json', '{"disease_id": ');
    expect(loadError().message).to.match(/^knowledge-graph fixture a\.json: not valid JSON/);
  });

  it('fails clearly on a missing or empty directory', function () {
    expect(() => loadDefaultGraph(dir)).to.throw(/holds no \*\.json fixture/);
    expect(() => loadDefaultGraph(path.join(dir, 'missing'))).to.throw(/cannot be read/);
  });

  it('loads the real fixtures/kg when they are present', function () {
    if (!fs.existsSync(DEFAULT_KG_DIR) || !fs.readdirSync(DEFAULT_KG_DIR).some((f) => f.endsWith('.json'))) {
      this.skip(); // fixtures/kg is not there yet
    }
    const kg = loadDefaultGraph();
    expect(kg.size().nodes).to.be.greaterThan(0);
    expect(kg.size().edges).to.be.greaterThan(0);
  });
});
