// The repurposing and disease-module use cases over a small hand-built knowledge graph (no store: the
// disease module's claim reads answer from an in-memory table): known indications flagged and listed,
// the gene filter, dropped genes and targets, the 404 and 409 outcomes, and the confidence filter.
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { AnalysisDeps, AnalysisRunContext } from '../../../commands/analysis/analysis-module';
import { computeDiseaseModule } from '../../../commands/analysis/disease-module/compute-disease-module';
import { DEFAULT_FDR, rankCandidates } from '../../../commands/analysis/repurpose/rank-candidates';
import { renderRepurposeHtml } from '../../../commands/analysis/repurpose/render-html';
import { renderDiseaseModuleHtml } from '../../../commands/analysis/disease-module/render-html';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';

const T = (name: string) => edgeTypeIndex(name)!;
const DISEASE = 'MONDO:0000001';
const NO_GENES = 'MONDO:0000002';

/** Interactions with their evidence (PubMed ids, methods), claim_no = index. */
const INTERACTIONS: [number, number, string[], string[]][] = [
  [1, 2, ['11'], ['m1']], [2, 3, ['12'], []], [3, 4, ['13', '14'], ['m1']], [4, 5, ['15'], ['m2']],
  [5, 6, ['16'], ['m1']], [6, 7, [], ['m1']], [7, 8, ['17'], ['m3']], [8, 9, ['18'], ['m1']], [9, 10, ['19'], ['m1']], [3, 9, ['20'], ['m1']],
  [20, 21, ['21'], ['m1']],
];

function graph(withInteractome = true): TypedKnowledgeGraph {
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 'ppi-1', resource: 'ppi' }, { snapshot_id: 'other-1', resource: 'other' }]);
  if (withInteractome) INTERACTIONS.forEach(([a, c], i) => b.addEdge(T('INTERACTS_WITH'), `NCBIGene:${a}`, `NCBIGene:${c}`, 0, i));
  let n = 0;
  const add = (type: string, s: string, o: string) => b.addEdge(T(type), s, o, 1, n++);
  for (const gene of [1, 2, 7, 20, 99]) add('ASSOCIATES', DISEASE, `NCBIGene:${gene}`);
  b.node(NO_GENES);
  add('TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:2'); add('TREATS', 'DRUGBANK:DB00001', DISEASE);
  add('TARGETS', 'DRUGBANK:DB00002', 'NCBIGene:10'); add('BINDS', 'DRUGBANK:DB00002', 'NCBIGene:98');
  add('TARGETS', 'DRUGBANK:DB00003', 'NCBIGene:98');
  add('TARGETS', 'DRUGBANK:DB00004', 'NCBIGene:5'); add('PALLIATES', 'DRUGBANK:DB00004', DISEASE);
  add('TREATS', 'DRUGBANK:DB00005', DISEASE);
  add('TARGETS', 'DRUGBANK:DB00006', 'NCBIGene:21');
  return b.build(new Map([['NCBIGene:2', { label: 'GENE2', synonyms: [] }], ['DRUGBANK:DB00001', { label: 'Drug <one>', synonyms: [] }]]), new Map());
}

/** Answers the two claim reads the disease module makes, from INTERACTIONS. */
function fakeDb(): Knex {
  const evidence = (i: number) => ({ pubmed_ids: INTERACTIONS[i]![2], methods: INTERACTIONS[i]![3] });
  return {
    raw: async (sql: string, bindings: unknown[]) => {
      if (sql.includes('unnest')) {
        const [snapshots, claims] = bindings as [string[], number[]];
        return { rows: claims.map((c, i) => ({ snapshot_id: snapshots[i], claim_no: c, qualifiers: evidence(c) })) };
      }
      return { rows: INTERACTIONS.map((_, i) => ({ snapshot_id: 'ppi-1', claim_no: i, ...evidence(i) })) };
    },
  } as unknown as Knex;
}

function deps(g: TypedKnowledgeGraph): AnalysisDeps {
  return { graph: async () => ({ graph: g }) as ServedGraph, diseases: { entry: () => undefined, list: () => [] }, db: fakeDb(), settings: { dataDir: '/tmp' } };
}
const context: AnalysisRunContext = { progress: async () => undefined, signal: new AbortController().signal };
const input = { disease_id: DISEASE, top_n: 50, permutations: 200, seed: 20161010, fdr: DEFAULT_FDR };

describe('analysis use cases: repurposing and disease module on a small graph', () => {
  const g = graph();

  it('ranks every compound with a target in the largest component, flags and lists known indications', async () => {
    const outcome = await rankCandidates(deps(g), input, context);
    if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
    const r = outcome.result as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(r).to.include({ module: 'repurpose', seed: 20161010, candidates_total: 3 });
    expect(r.interactome).to.deep.equal({ genes: 12, interactions: 11, largest_component: { genes: 10, interactions: 10 } });
    // Gene 99 has no interaction; 20 is only in the small component 20-21.
    expect(r.disease_genes).to.deep.include({ total: 5, scored: 3 });
    expect(r.disease_genes.not_in_interactome.map((x: { id: string }) => x.id)).to.deep.equal(['NCBIGene:99']);
    expect(r.disease_genes.outside_largest_component.map((x: { id: string }) => x.id)).to.deep.equal(['NCBIGene:20']);
    const byId = new Map(r.candidates.map((c: { compound: { id: string } }) => [c.compound.id, c]));
    expect([...byId.keys()].sort()).to.deep.equal(['DRUGBANK:DB00001', 'DRUGBANK:DB00002', 'DRUGBANK:DB00004']);
    const one = byId.get('DRUGBANK:DB00001') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(one).to.deep.include({ known_indication: true, palliates: false, d: 0 });
    expect(one.compound).to.deep.equal({ id: 'DRUGBANK:DB00001', name: 'Drug <one>' });
    expect(one.closest_pairs).to.deep.equal([{ target: { id: 'NCBIGene:2', symbol: 'GENE2' }, gene: { id: 'NCBIGene:2', symbol: 'GENE2' }, distance: 0, tied_genes: 1, path: [{ id: 'NCBIGene:2', symbol: 'GENE2' }] }]);
    // DB00002: target 10 (BINDS 98 has no interaction): 10-9-8-7 is 3 to gene 7; 10-9-3-2 is 3 to gene 2 -> tie, gene 2 (smaller CURIE).
    const two = byId.get('DRUGBANK:DB00002') as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(two.targets).to.deep.equal({ total: 2, scored: 1, not_in_interactome: 1, outside_largest_component: 0 });
    expect(two.closest_pairs[0]).to.deep.include({ distance: 3, tied_genes: 2 });
    expect(two.closest_pairs[0].path.map((x: { id: string }) => x.id)).to.deep.equal(['NCBIGene:10', 'NCBIGene:9', 'NCBIGene:3', 'NCBIGene:2']);
    expect(byId.get('DRUGBANK:DB00004')).to.deep.include({ known_indication: false, palliates: true });
    // Ranked by empirical p ascending, then z; ranks 1..n.
    const ps = r.candidates.map((c: { p_empirical: number }) => c.p_empirical);
    expect(ps).to.deep.equal([...ps].sort((a: number, b: number) => a - b));
    expect(r.candidates.map((c: { rank: number }) => c.rank)).to.deep.equal([1, 2, 3]);
    // Every known indication is listed: scored ones with their rank, the others with the reason.
    expect(r.known_indications.map((k: { compound: { id: string }; relation: string; not_scored_because: string | null }) => [k.compound.id, k.relation, k.not_scored_because])).to.deep.equal([
      ...r.known_indications.filter((k: { rank: number | null }) => k.rank !== null).map((k: { compound: { id: string }; relation: string }) => [k.compound.id, k.relation, null]),
      ['DRUGBANK:DB00005', 'TREATS', 'no target (TARGETS/BINDS) in the active snapshots'],
    ]);
    expect(r.known_indications.map((k: { compound: { id: string } }) => k.compound.id).sort()).to.deep.equal(['DRUGBANK:DB00001', 'DRUGBANK:DB00004', 'DRUGBANK:DB00005']);
  });

  it('renders HTML reports with every value from data escaped', async () => {
    const candidates = await rankCandidates(deps(g), input, context);
    const html = renderRepurposeHtml((candidates as { result: unknown }).result);
    expect(html).to.contain('Drug &lt;one&gt;').and.not.contain('<one>');
    expect(html).to.contain('Research use only');
    const module = await computeDiseaseModule(deps(g), { disease_id: DISEASE, confidence: 1, permutations: 100, seed: 1 }, context);
    const page = renderDiseaseModuleHtml((module as { result: unknown }).result);
    expect(page).to.contain('GENE2').and.contain('Research use only');
  });

  it('restricts to compounds acting on gene_id, and still lists the known indications', async () => {
    const outcome = await rankCandidates(deps(g), { ...input, gene_id: 'NCBIGene:10' }, context);
    if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
    const r = outcome.result as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(r.candidates.map((c: { compound: { id: string } }) => c.compound.id)).to.deep.equal(['DRUGBANK:DB00002']);
    expect(r.restricted_to_gene).to.deep.equal({ id: 'NCBIGene:10', symbol: 'NCBIGene:10' });
    expect(r.known_indications.find((k: { compound: { id: string } }) => k.compound.id === 'DRUGBANK:DB00001').not_scored_because).to.equal('does not act on gene_id');
    // The same compound's score does not change with the candidate set.
    const all = await rankCandidates(deps(g), input, context);
    const full = (all as { result: { candidates: { compound: { id: string } }[] } }).result.candidates.find((c) => c.compound.id === 'DRUGBANK:DB00002');
    expect(r.candidates[0]).to.deep.include({ z: (full as any).z, random_mean: (full as any).random_mean }); // eslint-disable-line @typescript-eslint/no-explicit-any
  });

  it('404 for an unknown disease or gene; 409 without an interactome or without disease genes in it', async () => {
    expect(await rankCandidates(deps(g), { ...input, disease_id: 'MONDO:0999999' }, context)).to.have.property('kind', 'not_found');
    expect(await rankCandidates(deps(g), { ...input, gene_id: 'NCBIGene:777' }, context)).to.have.property('kind', 'not_found');
    expect(await rankCandidates(deps(g), { ...input, gene_id: 'DRUGBANK:DB00001' }, context)).to.deep.include({ kind: 'not_found', detail: 'DRUGBANK:DB00001 is a Compound, not a gene' });
    const noGenes = await rankCandidates(deps(g), { ...input, disease_id: NO_GENES }, context);
    expect(noGenes).to.have.property('kind', 'not_available');
    expect((noGenes as { reason: string }).reason).to.contain('no associated genes');
    const bare = graph(false);
    for (const run of [rankCandidates(deps(bare), input, context), computeDiseaseModule(deps(bare), { disease_id: DISEASE, confidence: 1, permutations: 100, seed: 1 }, context)]) {
      const outcome = await run;
      expect(outcome).to.have.property('kind', 'not_available');
      expect((outcome as { reason: string }).reason).to.contain('no interactome (no INTERACTS_WITH edges)');
    }
  });

  it('the disease module: LCC with its edges\' evidence; confidence drops weakly supported interactions', async () => {
    const outcome = await computeDiseaseModule(deps(g), { disease_id: DISEASE, confidence: 1, permutations: 200, seed: 1 }, context);
    if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome));
    const r = outcome.result as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    // Genes 1, 2, 7, 20 in the interactome (99 not): LCC {1, 2}; 7 and 20 alone.
    expect(r.lcc.genes.map((x: { id: string }) => x.id)).to.deep.equal(['NCBIGene:1', 'NCBIGene:2']);
    expect(r.lcc.edges).to.deep.equal([{ source: { id: 'NCBIGene:1', symbol: 'NCBIGene:1' }, target: { id: 'NCBIGene:2', symbol: 'GENE2' }, evidence_count: 2, pubmed_ids: ['11'], methods: ['m1'] }]);
    expect(r.component_sizes).to.deep.equal([2, 1, 1]);
    expect(r.disease_genes.not_in_interactome.map((x: { id: string }) => x.id)).to.deep.equal(['NCBIGene:99']);
    expect(r.interactome).to.deep.include({ confidence: 1, genes: 12, interactions: 11, interactions_below_confidence: 0 });

    // Confidence 2: 2-3 (1 item) and 6-7 (1 item) go; gene 7 then has 7-8 only (2 items), still in.
    const strict = await computeDiseaseModule(deps(g), { disease_id: DISEASE, confidence: 2, permutations: 200, seed: 1 }, context);
    expect((strict as any).result.interactome).to.deep.include({ interactions: 9, interactions_below_confidence: 2 }); // eslint-disable-line @typescript-eslint/no-explicit-any
    // Confidence 3: only 3-4 (3 items) is left, no disease gene is in it.
    const none = await computeDiseaseModule(deps(g), { disease_id: DISEASE, confidence: 3, permutations: 200, seed: 1 }, context);
    expect(none).to.have.property('kind', 'not_available');
    expect((none as { reason: string }).reason).to.contain('at confidence 3');
  });
});
