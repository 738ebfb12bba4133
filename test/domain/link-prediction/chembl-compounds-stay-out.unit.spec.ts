// Link prediction's compound universe stays Rephetio's (issue 25 item 5, issue 29 follow-up): with ChEMBL
// imported, the store graph held 10,550 compounds instead of 2,492 and the model drew negatives and candidates
// from all of them, and ChEMBL's TARGETS edges fed the CbG features. Here a small graph from named resources
// holds a ChEMBL-only compound (a target and an approved indication, both from chembl) and a ChEMBL target
// added to a Rephetio-era compound. The expected universe and features are those of the same graph built
// without the chembl claims, an independent construction of "what Rephetio's resources alone give".
import { expect } from 'chai';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { FEATURES, FeatureComputer } from '../../../domain/link-prediction/feature-set';
import { modelInputs } from '../../../domain/link-prediction/model-inputs';

const SNAPSHOTS = ['pharmacotherapydb', 'drugcentral', 'sider', 'gwas_catalog', 'ppi', 'chembl'].map((resource) => ({ snapshot_id: `s-${resource}`, resource }));
type Claim = [resource: string, type: string, subject: string, object: string];

const ERA: Claim[] = [
  ['pharmacotherapydb', 'TREATS', 'DRUGBANK:DB01611', 'DOID:9074'], // hydroxychloroquine – SLE
  ['pharmacotherapydb', 'TREATS', 'DRUGBANK:DB00563', 'DOID:7148'], // methotrexate – RA
  ['pharmacotherapydb', 'TREATS', 'DRUGBANK:DB00563', 'DOID:9074'],
  ['drugcentral', 'TARGETS', 'DRUGBANK:DB00563', 'NCBIGene:1719'], // DHFR
  ['drugcentral', 'TARGETS', 'DRUGBANK:DB01611', 'NCBIGene:7097'], // TLR2
  ['drugcentral', 'TARGETS', 'DRUGBANK:DB00959', 'NCBIGene:2908'], // methylprednisolone – NR3C1
  ['sider', 'CAUSES', 'DRUGBANK:DB00959', 'UMLS:C0020538'],
  ['sider', 'CAUSES', 'DRUGBANK:DB00563', 'UMLS:C0020538'],
  ['gwas_catalog', 'ASSOCIATES', 'DOID:9074', 'NCBIGene:7097'],
  ['gwas_catalog', 'ASSOCIATES', 'DOID:7148', 'NCBIGene:2908'],
  ['ppi', 'INTERACTS_WITH', 'NCBIGene:1719', 'NCBIGene:2908'],
  ['ppi', 'INTERACTS_WITH', 'NCBIGene:7097', 'NCBIGene:2908'],
];
const CHEMBL: Claim[] = [
  ['chembl', 'TARGETS', 'CHEMBL:CHEMBL1201825', 'NCBIGene:7097'], // a ChEMBL-only compound
  ['chembl', 'APPROVED_FOR', 'CHEMBL:CHEMBL1201825', 'DOID:7148'],
  ['chembl', 'TARGETS', 'DRUGBANK:DB00959', 'NCBIGene:1719'], // a ChEMBL target of a Rephetio-era compound
  ['chembl', 'TARGETS', 'DRUGBANK:DB00563', 'NCBIGene:1719'], // the same statement as DrugCentral's: stays
];

function graph(claims: readonly Claim[]): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder(SNAPSHOTS);
  claims.forEach(([resource, type, s, o], i) => {
    if (!b.addEdge(edgeTypeIndex(type)!, s, o, SNAPSHOTS.findIndex((x) => x.resource === resource), i)) throw new Error(`bad edge ${type} ${s} ${o}`);
  });
  return b.build(new Map(), new Map());
}

const options = { seed: 7, folds: 2 };
const ids = (g: TypedKnowledgeGraph, nodes: Iterable<number>) => [...nodes].map((u) => g.id(u));

/** Raw features per compound CURIE for one disease. */
function featuresByCompound(g: TypedKnowledgeGraph, disease: string): Map<string, number[]> {
  const { view, set } = modelInputs(g, [], options);
  const raw = new FeatureComputer(view, set.compounds, false).forDisease(view, g.lookup(disease)!);
  const p = FEATURES.length;
  return new Map([...set.compounds].map((c, i) => [g.id(c), Array.from(raw.subarray(i * p, (i + 1) * p))]));
}

describe('link prediction: ChEMBL-only compounds and ChEMBL edges stay out of the model by default', () => {
  const withChembl = graph([...ERA, ...CHEMBL]);
  const eraOnly = graph(ERA);

  it('a ChEMBL-only compound is neither a sampled negative nor a candidate (was: drawn from every compound node)', () => {
    const { set } = modelInputs(withChembl, [], options);
    expect(ids(withChembl, set.compounds)).to.deep.equal(['DRUGBANK:DB00563', 'DRUGBANK:DB00959', 'DRUGBANK:DB01611']);
    expect(ids(withChembl, set.compound)).to.not.include('CHEMBL:CHEMBL1201825');
    // 3 compounds × 2 treated diseases − 3 treatments = 3 unlabelled pairs, all drawn (20 negatives per positive asked).
    expect(set.origin.filter((o) => o === 'sampled')).to.have.length(3);
    expect(set.population).to.deep.equal({ pairs: 6, positives: 3 });
  });

  it('the answer names the universe: the Rephetio-era feature set, 3 compounds, 1 left out', () => {
    const { set } = modelInputs(withChembl, [], options);
    expect(set.universe).to.include({ feature_set: 'rephetio_era', compounds: 3, excluded_compounds: 1 });
    expect(set.universe!.resources).to.not.include('chembl');
  });

  it('ChEMBL edges do not change any feature of any compound (was: ChEMBL targets counted in CbG degrees and paths)', () => {
    for (const disease of ['DOID:9074', 'DOID:7148']) {
      expect(featuresByCompound(withChembl, disease)).to.deep.equal(featuresByCompound(eraOnly, disease));
    }
    // And the ChEMBL target of methylprednisolone would have changed its CbG degree (1 → 2) had it counted.
    const f = featuresByCompound(withChembl, 'DOID:7148').get('DRUGBANK:DB00959')!;
    expect(f[FEATURES.findIndex((s) => s.id === 'degree_CbG')]).to.equal(1);
  });
});
