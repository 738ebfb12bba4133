// ChEMBL web services against a local server answering /chembl/api/data/target/search.json,
// mechanism.json, molecule.json and activity.json in ChEMBL's format ({ page_meta, <resource>s: [...] }).
import { expect } from 'chai';
import { chemblAdapter } from '../../../infra/sources/adapters/chembl';
import { runSource } from '../../../infra/sources/source-runner';
import { request, sourceAdapterContract, tempDir, testDisease, withoutSource, writeCorpus } from './source-adapter.contract';
import { json, type RecordedRequest, type Reply, replayEachTest } from './replay-server';

const BASE = '/chembl/api/data/';
const QUESTION = 'Which JAK inhibitors could be repurposed for SLE?';

const disease = (genes = ['JAK1', 'JAK2']) => testDisease({ search: { ...testDisease().search, chembl: { target_genes: genes } } });

const pageMeta = (n: number, limit = 20) => ({ limit, next: null, offset: 0, previous: null, total_count: n });

const target = (target_chembl_id: string, pref_name: string, organism: string, tax_id: number, target_type: string, accession: string, symbols: string[], score: number) => ({
  cross_references: [],
  organism,
  pref_name,
  score,
  species_group_flag: false,
  target_chembl_id,
  target_components: [
    {
      accession,
      component_description: pref_name,
      component_id: 1000 + score,
      component_type: 'PROTEIN',
      relationship: target_type === 'SINGLE PROTEIN' ? 'SINGLE PROTEIN' : 'PROTEIN SUBUNIT',
      target_component_synonyms: [
        ...symbols.map((s, i) => ({ component_synonym: s, syn_type: i === 0 ? 'GENE_SYMBOL' : 'GENE_SYMBOL_OTHER' })),
        { component_synonym: pref_name, syn_type: 'UNIPROT' },
      ],
      target_component_xrefs: [],
    },
  ],
  target_type,
  tax_id,
});

/** A target of several components (ChEMBL lists each component with its GENE_SYMBOL synonym). */
const multiTarget = (target_chembl_id: string, pref_name: string, target_type: string, components: [string, string][]) => ({
  cross_references: [], organism: 'Homo sapiens', pref_name, score: 10, species_group_flag: false, target_chembl_id, target_type, tax_id: 9606,
  target_components: components.map(([accession, symbol], i) => ({
    accession, component_description: symbol, component_id: 3000 + i, component_type: 'PROTEIN', relationship: target_type === 'PROTEIN FAMILY' ? 'GROUP MEMBER' : 'PROTEIN SUBUNIT',
    target_component_synonyms: [{ component_synonym: symbol, syn_type: 'GENE_SYMBOL' }], target_component_xrefs: [],
  })),
});

const SEARCH: Record<string, unknown> = {
  JAK1: {
    page_meta: pageMeta(3, 10),
    targets: [
      target('CHEMBL3832', 'Tyrosine-protein kinase JAK1', 'Mus musculus', 10090, 'SINGLE PROTEIN', 'P52332', ['Jak1'], 19),
      target('CHEMBL2835', 'Tyrosine-protein kinase JAK1', 'Homo sapiens', 9606, 'SINGLE PROTEIN', 'P23458', ['JAK1', 'JAK1A', 'JAK1B'], 18),
      multiTarget('CHEMBL2363062', 'Janus kinase', 'PROTEIN FAMILY', [['P23458', 'JAK1'], ['O60674', 'JAK2'], ['P52333', 'JAK3'], ['P29597', 'TYK2']]),
      multiTarget('CHEMBL4105706', 'Interferon-alpha/beta receptor', 'PROTEIN COMPLEX', [['P17181', 'IFNAR1'], ['P48551', 'IFNAR2']]),
    ],
  },
  JAK2: { page_meta: pageMeta(1, 10), targets: [target('CHEMBL2971', 'Tyrosine-protein kinase JAK2', 'Homo sapiens', 9606, 'SINGLE PROTEIN', 'O60674', ['JAK2'], 18)] },
};

const mechanism = (mec_id: number, molecule_chembl_id: string, target_chembl_id: string, mechanism_of_action: string, max_phase: number | null) => ({
  action_type: 'INHIBITOR',
  binding_site_comment: null,
  direct_interaction: true,
  disease_efficacy: true,
  max_phase,
  mec_id,
  mechanism_comment: null,
  mechanism_of_action,
  mechanism_refs: [{ ref_id: 'setid=0e4e4b1a', ref_type: 'DailyMed', ref_url: 'http://dailymed.nlm.nih.gov/dailymed/lookup.cfm?setid=0e4e4b1a' }],
  molecular_mechanism: true,
  molecule_chembl_id,
  parent_molecule_chembl_id: molecule_chembl_id,
  record_id: 2000000 + mec_id,
  selectivity_comment: null,
  site_id: null,
  target_chembl_id,
  variant_sequence: null,
});

const MECHANISMS: Record<string, unknown> = {
  CHEMBL2835: {
    mechanisms: [
      mechanism(6001, 'CHEMBL3301607', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', 3),
      mechanism(6002, 'CHEMBL221959', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', 4),
      mechanism(6003, 'CHEMBL2105759', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', 4),
      mechanism(6004, 'CHEMBL4594374', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', null),
    ],
    page_meta: pageMeta(4),
  },
  CHEMBL2971: {
    mechanisms: [mechanism(6005, 'CHEMBL2105759', 'CHEMBL2971', 'Tyrosine-protein kinase JAK2 inhibitor', 4), mechanism(6006, 'CHEMBL1789941', 'CHEMBL2971', 'Tyrosine-protein kinase JAK2 inhibitor', 4)],
    page_meta: pageMeta(2),
  },
};

MECHANISMS.CHEMBL2363062 = { mechanisms: [mechanism(6007, 'CHEMBL3989965', 'CHEMBL2363062', 'Janus kinase inhibitor', 3)], page_meta: pageMeta(1) };

const MOLECULES = {
  molecules: [
    { molecule_chembl_id: 'CHEMBL221959', pref_name: 'TOFACITINIB' },
    { molecule_chembl_id: 'CHEMBL2105759', pref_name: 'BARICITINIB' },
    { molecule_chembl_id: 'CHEMBL3301607', pref_name: 'FILGOTINIB' },
    { molecule_chembl_id: 'CHEMBL4594374', pref_name: null },
    { molecule_chembl_id: 'CHEMBL1789941', pref_name: 'RUXOLITINIB' },
    { molecule_chembl_id: 'CHEMBL3989965', pref_name: 'PEFICITINIB' },
  ],
  page_meta: pageMeta(5, 1000),
};

const activity = (molecule_chembl_id: string, target_chembl_id: string, pchembl_value: string) => ({ molecule_chembl_id, pchembl_value, target_chembl_id });

const ACTIVITIES = {
  activities: [
    activity('CHEMBL1789941', 'CHEMBL2971', '9.30'),
    activity('CHEMBL221959', 'CHEMBL2835', '8.52'),
    activity('CHEMBL2105759', 'CHEMBL2971', '8.30'),
    activity('CHEMBL2105759', 'CHEMBL2835', '8.22'),
    activity('CHEMBL221959', 'CHEMBL2835', '7.90'),
  ],
  page_meta: pageMeta(5, 1000),
};

function responder(r: RecordedRequest): Reply {
  const path = r.path.slice(BASE.length - 1);
  if (path === '/target/search.json') return json(SEARCH[r.query.get('q') ?? ''] ?? { page_meta: pageMeta(0, 10), targets: [] });
  if (path === '/mechanism.json') return json(MECHANISMS[r.query.get('target_chembl_id') ?? ''] ?? { mechanisms: [], page_meta: pageMeta(0) });
  if (path === '/molecule.json') return json(MOLECULES);
  if (path === '/activity.json') return json(ACTIVITIES);
  return { status: 404, body: 'Not found' };
}

const EXPECTED = ['CHEMBL1789941/CHEMBL2971', 'CHEMBL221959/CHEMBL2835', 'CHEMBL2105759/CHEMBL2971', 'CHEMBL2105759/CHEMBL2835', 'CHEMBL3301607/CHEMBL2835', 'CHEMBL3989965/CHEMBL2363062', 'CHEMBL4594374/CHEMBL2835'];

/** A corpus file: a mechanism.json answer whose mechanisms carry molecule_pref_name, with the targets bundled. */
const CORPUS = {
  mechanisms: [
    { ...mechanism(7001, 'CHEMBL2105759', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', 4), molecule_pref_name: 'BARICITINIB', pchembl_value: '8.22' },
    { ...mechanism(7002, 'CHEMBL1789941', 'CHEMBL2971', 'Tyrosine-protein kinase JAK2 inhibitor', 4), molecule_pref_name: 'RUXOLITINIB', pchembl_value: '9.30' },
  ],
  page_meta: pageMeta(2),
  targets: [(SEARCH.JAK1 as { targets: unknown[] }).targets[1], (SEARCH.JAK2 as { targets: unknown[] }).targets[0]],
};

sourceAdapterContract('chembl', () => ({
  adapter: chemblAdapter,
  disease: disease(),
  question: QUESTION,
  basePath: BASE,
  respond: responder,
  requestsPerRun: 7,
  expectedIds: EXPECTED,
  corpus: JSON.stringify(CORPUS),
  corpusIds: ['CHEMBL1789941/CHEMBL2971', 'CHEMBL2105759/CHEMBL2835'],
  malformed: json({ page_meta: pageMeta(0), molecules: [] }),
}));

describe('chembl adapter: targets, mechanisms, names and pChEMBL', function () {
  const replay = replayEachTest(() => responder, BASE, { retryBaseMs: 10 });
  const opts = replay.options;

  it('searches each gene, asks mechanisms of its human single protein and of the families and complexes it is in, then names and activities', async function () {
    await runSource(chemblAdapter, request(disease(), QUESTION), opts());
    const calls = replay.server.requests.map((r) => `${r.path.slice(BASE.length - 1)}?${r.query.toString()}`);
    expect(calls.slice(0, 5)).to.deep.equal([
      '/target/search.json?q=JAK1&limit=10',
      '/target/search.json?q=JAK2&limit=10',
      '/mechanism.json?target_chembl_id=CHEMBL2835&limit=50', // the human JAK1, not the mouse one listed first
      '/mechanism.json?target_chembl_id=CHEMBL2363062&limit=50', // the JAK family (JAK1 is a member), not dropped
      '/mechanism.json?target_chembl_id=CHEMBL2971&limit=50',
    ]);
    // The IFNAR complex was found by the JAK1 search only because the mock lists it; it has no JAK1 component, so it is not asked.
    expect(calls.some((c) => c.includes('CHEMBL4105706'))).to.equal(false);
    const [molecules, activities] = replay.server.requests.slice(5);
    expect(molecules!.path).to.equal(`${BASE}molecule.json`);
    expect(molecules!.query.get('molecule_chembl_id__in')!.split(',')).to.have.members(['CHEMBL3301607', 'CHEMBL221959', 'CHEMBL2105759', 'CHEMBL4594374', 'CHEMBL1789941', 'CHEMBL3989965']);
    expect(molecules!.query.get('only')).to.equal('molecule_chembl_id,pref_name');
    expect(activities!.path).to.equal(`${BASE}activity.json`);
    expect(activities!.query.get('target_chembl_id__in')).to.equal('CHEMBL2835,CHEMBL2363062,CHEMBL2971');
    expect(activities!.query.get('molecule_chembl_id__in')!.split(',')).to.have.length(6);
    expect(activities!.query.get('pchembl_value__isnull')).to.equal('false');
    expect(activities!.query.get('order_by')).to.equal('-pchembl_value');
  });

  it('parses bioactivity records: molecule/target id, report-card URL, drug and gene, best pChEMBL; approved drugs first', async function () {
    const { records, status } = await runSource(chemblAdapter, request(disease(), QUESTION), opts());
    expect(status).to.include({ status: 'ok', record_count: 7 });
    expect(status.query_terms).to.deep.equal(['JAK1', 'JAK2']);
    const tofacitinib = records.find((r) => r.nativeId === 'CHEMBL221959/CHEMBL2835');
    expect(tofacitinib).to.deep.include({
      source: 'chembl',
      recordType: 'bioactivity',
      title: 'TOFACITINIB — Tyrosine-protein kinase JAK1 inhibitor',
      url: 'https://www.ebi.ac.uk/chembl/compound_report_card/CHEMBL221959/',
      published: null,
      structured: { drugs: ['TOFACITINIB'], targets: ['JAK1'], pathways: [] },
      attributes: { pchembl: 8.52 },
    });
    expect(tofacitinib!.text).to.include('action type INHIBITOR').and.include('max phase 4').and.include('CHEMBL2835 (JAK1)');
    const filgotinib = records.find((r) => r.nativeId === 'CHEMBL3301607/CHEMBL2835');
    expect(filgotinib!.attributes).to.deep.equal({}); // no activity value
    const unnamed = records.find((r) => r.nativeId === 'CHEMBL4594374/CHEMBL2835');
    expect(unnamed).to.deep.include({ title: 'CHEMBL4594374 — Tyrosine-protein kinase JAK1 inhibitor', structured: { drugs: [], targets: ['JAK1'], pathways: [] } });
    expect(records.find((r) => r.nativeId === 'CHEMBL2105759/CHEMBL2971')!.structured.targets).to.deep.equal(['JAK2']);
  });

  it('a mechanism on a protein family names every member gene and says the target is a family', async function () {
    const { records } = await runSource(chemblAdapter, request(disease(), QUESTION), opts());
    const family = records.find((r) => r.nativeId === 'CHEMBL3989965/CHEMBL2363062');
    expect(family).to.deep.include({
      title: 'PEFICITINIB — Janus kinase inhibitor',
      structured: { drugs: ['PEFICITINIB'], targets: ['JAK1', 'JAK2', 'JAK3', 'TYK2'], pathways: [] },
      attributes: { targetType: 'PROTEIN FAMILY' },
    });
    expect(family!.text).to.include('CHEMBL2363062 (JAK1/JAK2/JAK3/TYK2), a protein family');
  });

  it('a complex the gene belongs to is kept with its components', async function () {
    replay.server.setHandler((r) => {
      if (r.path.endsWith('search.json')) return json({ page_meta: pageMeta(1, 10), targets: [(SEARCH.JAK1 as { targets: unknown[] }).targets[3]] });
      if (r.path.endsWith('mechanism.json')) return json({ mechanisms: [{ ...mechanism(9, 'CHEMBL3301610', 'CHEMBL4105706', 'Interferon-alpha/beta receptor antagonist', 4), molecule_pref_name: 'ANIFROLUMAB' }], page_meta: pageMeta(1) });
      return json({ activities: [], page_meta: pageMeta(0, 1000) });
    });
    const { records } = await runSource(chemblAdapter, request(disease(['IFNAR1']), QUESTION), opts());
    expect(records.map((r) => [r.structured.drugs, r.structured.targets, r.attributes.targetType])).to.deep.equal([[['ANIFROLUMAB'], ['IFNAR1', 'IFNAR2'], 'PROTEIN COMPLEX']]);
  });

  it('a gene without a human single-protein target asks no mechanisms; none at all is "no records matched"', async function () {
    const { records, status } = await runSource(chemblAdapter, request(disease(['NOTAGENE']), QUESTION), opts());
    expect(records).to.deep.equal([]);
    expect(status).to.include({ status: 'warning', warning: 'no records matched' });
    expect(replay.server.requests.map((r) => r.path)).to.deep.equal([`${BASE}target/search.json`]);
  });

  it('mechanisms that already name their molecule (molecule_pref_name) need no molecule request', async function () {
    replay.server.setHandler((r) => {
      if (r.path.endsWith('mechanism.json')) return json({ mechanisms: [{ ...mechanism(1, 'CHEMBL221959', 'CHEMBL2835', 'Tyrosine-protein kinase JAK1 inhibitor', 4), molecule_pref_name: 'TOFACITINIB' }], page_meta: pageMeta(1) });
      return responder(r);
    });
    const { records } = await runSource(chemblAdapter, request(disease(['JAK1']), QUESTION), opts());
    // JAK1's single protein and its family: two mechanism requests, no molecule request.
    expect(replay.server.requests.map((r) => r.path.slice(BASE.length - 1))).to.deep.equal(['/target/search.json', '/mechanism.json', '/mechanism.json', '/activity.json']);
    expect(records[0]).to.deep.include({ title: 'TOFACITINIB — Tyrosine-protein kinase JAK1 inhibitor', attributes: { pchembl: 8.52 } });
  });

  it('a 404 is an error, not retried; a mechanism answer of the wrong shape is malformed', async function () {
    replay.server.setHandler(() => ({ status: 404, body: '{"error_message": "Not found"}' }));
    const missing = await runSource(chemblAdapter, request(disease(), QUESTION), opts());
    expect(missing.status.status).to.equal('error');
    expect(missing.status.warning).to.include('HTTP 404');
    expect(replay.server.requests).to.have.length(1);

    replay.server.setHandler((r) => (r.path.endsWith('mechanism.json') ? json({ page_meta: pageMeta(0), mechanism: {} }) : responder(r)));
    const wrong = await runSource(chemblAdapter, request(disease(), QUESTION), opts());
    expect(wrong.status.status).to.equal('error');
    expect(wrong.status.warning).to.include('malformed response');
  });

  it('a disease without chembl configuration is skipped; offline mode parses the corpus file', async function () {
    const skipped = await runSource(chemblAdapter, request(withoutSource(disease(), 'chembl'), QUESTION), opts());
    expect(skipped.status.status).to.equal('skipped');
    const dir = tempDir('chembl-corpus');
    writeCorpus(dir, chemblAdapter, 'sle', JSON.stringify(CORPUS));
    const { records, status } = await runSource(chemblAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(status).to.include({ status: 'ok', retrieval_mode: 'offline' });
    expect(records.map((r) => [r.structured.drugs, r.structured.targets, r.attributes.pchembl])).to.deep.equal([
      [['RUXOLITINIB'], ['JAK2'], 9.3],
      [['BARICITINIB'], ['JAK1'], 8.22],
    ]);
    expect(replay.server.requests).to.have.length(0);

    // A bare mechanism.json answer (no bundled targets) still parses; the gene is then unknown.
    writeCorpus(dir, chemblAdapter, 'sle', JSON.stringify({ mechanisms: CORPUS.mechanisms, page_meta: CORPUS.page_meta }));
    const bare = await runSource(chemblAdapter, request(disease(), QUESTION), opts({ mode: 'offline', corpusDir: dir }));
    expect(bare.records.map((r) => r.structured.targets)).to.deep.equal([[], []]);
  });
});
