// CAR-T candidate antigens (issue 29: BLK, an intracellular kinase with surface rank 152 of 155, came first for SLE,
// while CD19, CD20 = MS4A1 and BCMA = TNFRSF17 were not candidates at all). A small graph for SLE (MONDO:0007915):
// BLK (NCBIGene:640) a strong GWAS gene listed only by UniProt; CD19 (930) and TNFRSF17 (608) not GWAS genes, listed
// by SURFY; CD40 (958) a GWAS gene listed by CSPA; ITGB2 (3689) targeted by a compound that TREATS SLE, listed by CSPA.
import { expect } from 'chai';
import { candidateRelevance, clinicalPrecedents } from '../../../commands/analysis/cart-suitability/candidate-sources';
import { diseaseRelevance } from '../../../commands/analysis/cart-suitability/disease-relevance';
import { scoreAntigens } from '../../../commands/analysis/cart-suitability/score-antigens';
import type { GwasAssociation } from '../../../commands/analysis/gene-evidence/gwas-associations';
import type { SurfaceAtlas } from '../../../commands/analysis/gene-evidence/surface-evidence';
import type { ExpressionCalls } from '../../../domain/expression/expression-calls';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../../../domain/knowledge-graph/typed-graph';

const SLE = 'MONDO:0007915';
const T = (name: string) => edgeTypeIndex(name)!;

function setting() {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
  let n = 0;
  b.addEdge(T('ASSOCIATES'), SLE, 'NCBIGene:640', 0, n++);
  b.addEdge(T('ASSOCIATES'), SLE, 'NCBIGene:958', 0, n++);
  b.addEdge(T('TREATS'), 'DRUGBANK:DB00001', SLE, 0, n++);
  b.addEdge(T('TARGETS'), 'DRUGBANK:DB00001', 'NCBIGene:3689', 0, n++);
  for (const gene of ['930', '608']) b.node(`NCBIGene:${gene}`);
  const g = b.build(new Map([['DRUGBANK:DB00001', { label: 'drug one', synonyms: [] }]]), new Map());
  const node = (curie: string) => g.lookup(curie)!;
  const gwas = (gene: string, mlog: number) => ({ gene: node(`NCBIGene:${gene}`), mlog_pvalue: mlog, confidence: 'HC', p_value: 10 ** -mlog }) as unknown as GwasAssociation;
  const genetic = diseaseRelevance(g, [gwas('640', 30), gwas('958', 8)]);
  const evidence = (resources: Record<string, number | null>) => ({ gesp_score: Object.values(resources).reduce<number>((s, v) => s + (v ?? 0), 0), max_score: 15, resources, claim_no: 0 });
  const atlas: SurfaceAtlas = {
    snapshot_id: 'tcsa', claims: 5, not_in_graph: 0,
    byGene: new Map([
      [node('NCBIGene:640'), evidence({ CSPA: null, SURFY2: null, UniProt: 1 })],
      [node('NCBIGene:930'), evidence({ CSPA: 3, SURFY2: 3, UniProt: 1 })],
      [node('NCBIGene:608'), evidence({ CSPA: null, SURFY2: 3 })],
      [node('NCBIGene:958'), evidence({ CSPA: 3, SURFY2: null })],
      [node('NCBIGene:3689'), evidence({ CSPA: 3, SURFY2: 3 })],
    ]),
  };
  const calls = { byGene: { present: new Map() }, byAnatomy: { present: new Map() }, anatomy: [] } as unknown as ExpressionCalls;
  return { g, node, relevance: candidateRelevance(g, SLE, node(SLE), genetic), atlas, calls };
}

describe('CAR-T candidate antigens: surface gate, clinical precedence, cell populations', () => {
  it('never ranks an antigen without CSPA or SURFY surface evidence (BLK), however strong its GWAS signal', () => {
    const { relevance, atlas, calls, node } = setting();
    const { rows, gatedOut } = scoreAntigens(atlas, calls, relevance, []);
    expect(rows.map((r) => r.gene)).to.not.include(node('NCBIGene:640'));
    expect(gatedOut.map((x) => x.gene)).to.include(node('NCBIGene:640'));
  });

  it('makes the B- and plasma-cell antigens of SLE (CD19, TNFRSF17) candidates, and ranks precedence, then population, then GWAS', () => {
    const { relevance, atlas, calls, node } = setting();
    const { rows } = scoreAntigens(atlas, calls, relevance, []);
    // No vital-tissue calls: every gene ties on safety (rank 2.5 of 4), so the order is the relevance order.
    // CD19 and TNFRSF17 tie (one population each); ties go by node order (CD19's node was made first).
    expect(rows.map((r) => r.gene)).to.deep.equal([node('NCBIGene:3689'), node('NCBIGene:930'), node('NCBIGene:608'), node('NCBIGene:958')]);
    expect(rows.map((r) => r.relevance.route)).to.deep.equal(['clinical_precedence', 'cell_population', 'cell_population', 'gwas']);
    expect(rows[0]!.relevance.precedents).to.deep.equal([{ compound: 'DRUGBANK:DB00001', label: 'drug one', relation: 'TREATS' }]);
    // Rank product of (relevance rank, safety rank): ITGB2 sqrt(1 · 2.5); the two population antigens tie at 2.5.
    expect(rows[0]!.rank_product).to.be.closeTo(Math.sqrt(1 * 2.5), 1e-12);
    expect(rows[1]!.ranks).to.deep.equal([2.5, 2.5]);
  });

  // Issue 29: precedence read every Compound→Disease relation, so on the seed slice the transporters and channels of
  // SLE's pain drugs (amitriptyline, pregabalin: PALLIATES) came first. Disease-modifying and approved uses count;
  // ChEMBL STUDIED_FOR only at max phase ≥ 2; symptomatic uses never.
  it('gives precedence to targets of approved drugs and of phase 2+ studies, never to a phase 1 or unphased study or a symptomatic use', () => {
    const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'test' }]);
    let n = 0;
    const drugs: [string, string, string][] = [
      ['DRUGBANK:DB00002', 'APPROVED_FOR', 'NCBIGene:931'], // approved (ChEMBL phase 4): MS4A1
      ['DRUGBANK:DB00003', 'STUDIED_FOR', 'NCBIGene:608'], // phase 2: TNFRSF17
      ['DRUGBANK:DB00004', 'STUDIED_FOR', 'NCBIGene:6532'], // phase 1: SLC6A4
      ['DRUGBANK:DB00005', 'STUDIED_FOR', 'NCBIGene:6530'], // no phase on its claims: SLC6A2
      ['DRUGBANK:DB00006', 'PALLIATES', 'NCBIGene:3689'], // symptomatic (PharmacotherapyDB SYM): ITGB2
      ['DRUGBANK:DB00007', 'TREATS', 'NCBIGene:930'], // disease-modifying (PharmacotherapyDB DM): CD19
    ];
    for (const [drug, relation, gene] of drugs) {
      b.addEdge(T(relation), drug, SLE, 0, n++);
      b.addEdge(T('TARGETS'), drug, gene, 0, n++);
    }
    const g = b.build(new Map(), new Map());
    const edgeIndex = (drug: string) => {
      let found = -1;
      g.forEachPredecessor(g.lookup(SLE)!, 'forward', new Uint8Array(32).fill(1), (e, c) => { if (g.id(c) === drug) found = e; });
      return found;
    };
    const phases = new Map([[edgeIndex('DRUGBANK:DB00003'), 2], [edgeIndex('DRUGBANK:DB00004'), 1]]);
    const precedents = clinicalPrecedents(g, g.lookup(SLE)!, phases);
    const genes = [...precedents.keys()].map((x) => g.id(x)).sort();
    expect(genes).to.deep.equal(['NCBIGene:608', 'NCBIGene:930', 'NCBIGene:931']);
    expect(precedents.get(g.lookup('NCBIGene:608')!)!.map((p) => p.relation)).to.deep.equal(['STUDIED_FOR']);
    // Without any phase read, no STUDIED_FOR edge counts.
    expect([...clinicalPrecedents(g, g.lookup(SLE)!).keys()].map((x) => g.id(x)).sort()).to.deep.equal(['NCBIGene:930', 'NCBIGene:931']);
  });
});
