// POST/GET /api/v1/comparisons over the fixture forms: the comparison's content (shared and unique
// phenotypes from supporting HAS_PHENOTYPE claims, Jaccard, shared IS_A ancestors, snapshots used),
// its persistence as an immutable research run (stream biomed-run-<id> + row), 404s, 422s, disclaimer.
import { expect } from 'chai';
import { BiomedEnv, fixture, startBiomedEnv } from './support/biomed-env';

describe('biomed: /api/v1/comparisons (research runs)', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  const post = async (body: unknown) => {
    const response = await fetch(`${env.baseUrl}/api/v1/comparisons`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  before(async () => {
    env = await startBiomedEnv();
    for (const [resource, files] of [
      ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
    ] as const) {
      expect((await env.import({ resource, files: files.map(fixture) })).outcome).to.equal('imported');
    }
  });
  after(async () => { await env?.close(); });

  it('compares SLE and RA through their exact equivalents, and records the run', async () => {
    const { status, body } = await post({ left_curie: 'MONDO:0007915', right_curie: 'MONDO:0008383' });
    expect(status).to.equal(201);
    expect(body.disclaimer).to.be.a('string');
    expect(body).to.include({ kind: 'comparison', status: 'completed', left_curie: 'MONDO:0007915', right_curie: 'MONDO:0008383' });
    expect(body.stream_id).to.equal(`biomed-run-${body.run_id}`);
    const curies = (list: { curie: string }[]) => list.map((x) => x.curie);
    // SLE = OMIM:152700 + ORPHA:536 rows; RA = OMIM:180300 rows (its NOT HP:0001873 stays out of the set).
    expect(curies(body.result.shared_phenotypes)).to.deep.equal(['HP:0001369', 'HP:0001945', 'HP:0002829', 'HP:0002960', 'HP:0012378']);
    expect(curies(body.result.left_only_phenotypes)).to.deep.equal(['HP:0001873', 'HP:0001882', 'HP:0003493']);
    expect(curies(body.result.right_only_phenotypes)).to.deep.equal(['HP:0001386']);
    expect(body.result.phenotype_jaccard).to.be.closeTo(5 / 9, 1e-12);
    expect(curies(body.result.right.contradicted_phenotypes)).to.deep.equal(['HP:0001873']);
    expect(curies(body.result.left.contradicted_phenotypes)).to.deep.equal(['HP:0000006']);
    expect(body.result.left.phenotype_count).to.equal(8);
    expect(body.result.right.phenotype_count).to.equal(6);
    // SLE is_a lupus erythematosus is_a {autoimmune disease, connective tissue disorder}; RA is_a {arthritic joint disease, autoimmune disease}.
    const ancestors = curies(body.result.shared_ancestors);
    expect(ancestors).to.include.members(['MONDO:0007179', 'MONDO:0000001']);
    expect(ancestors).to.not.include('MONDO:0004670');
    expect(ancestors).to.not.include('MONDO:0005578');
    expect(body.result.shared_ancestors[0]).to.include({ curie: 'MONDO:0007179', left_distance: 2, right_distance: 1 });
    expect(body.snapshots.map((s: { resource: string }) => s.resource).sort()).to.deep.equal(['hp', 'hpoa', 'mondo']);

    const events = await env.runtime.store.readStream(body.stream_id);
    expect(events.map((e) => e.type)).to.deep.equal(['ComparisonRecorded']);
    expect((events[0]!.data as { run_id: string }).run_id).to.equal(body.run_id);
    expect(await env.count('biomed.research_runs', `run_id = '${body.run_id}'`)).to.equal(1);

    const fetched = await env.get(`/api/v1/comparisons/${body.run_id}`);
    expect(fetched.status).to.equal(200);
    expect(fetched.body).to.deep.equal(body);
  });

  it('a second POST makes a new run and leaves the old one unchanged; the row refuses updates', async () => {
    const first = (await post({ left_curie: 'OMIM:152700', right_curie: 'ORPHA:90291' })).body;
    const before = await env.get(`/api/v1/comparisons/${first.run_id}`);
    const second = await post({ left_curie: 'OMIM:152700', right_curie: 'ORPHA:90291' });
    expect(second.status).to.equal(201);
    expect(second.body.run_id).to.not.equal(first.run_id);
    expect(second.body.result).to.deep.equal(first.result);
    const after = await env.get(`/api/v1/comparisons/${first.run_id}`);
    expect(after.body).to.deep.equal(before.body);
    expect(await env.runtime.store.readStream(first.stream_id)).to.have.length(1);
    let refused: unknown;
    try {
      await env.runtime.db.knex.raw(`update biomed.research_runs set left_curie = 'X:1' where run_id = ?`, [first.run_id]);
    } catch (error) { refused = error; }
    expect(String(refused)).to.match(/immutable/);
    try {
      await env.runtime.db.knex.raw(`delete from biomed.research_runs where run_id = ?`, [first.run_id]);
      refused = undefined;
    } catch (error) { refused = error; }
    expect(String(refused)).to.match(/immutable/);
    expect((await env.get(`/api/v1/comparisons/${first.run_id}`)).body).to.deep.equal(before.body);
  });

  it('a condition with no phenotype claims gives an empty set and a null Jaccard only when both are empty', async () => {
    const { body } = await post({ left_curie: 'MONDO:0000001', right_curie: 'MONDO:0005046' });
    expect(body.result.phenotype_jaccard).to.equal(null);
    expect(body.result.shared_phenotypes).to.deep.equal([]);
  });

  it('404 for an unknown CURIE (nothing recorded), 404 for an unknown run, with the disclaimer', async () => {
    const runsBefore = await env.count('biomed.research_runs');
    const unknown = await post({ left_curie: 'MONDO:0007915', right_curie: 'MONDO:9999999' });
    expect(unknown.status).to.equal(404);
    expect(unknown.body.detail).to.contain('MONDO:9999999');
    expect(unknown.body.disclaimer).to.be.a('string');
    expect(await env.count('biomed.research_runs')).to.equal(runsBefore);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-run']) {
      const missing = await env.get(`/api/v1/comparisons/${id}`);
      expect(missing.status, id).to.equal(404);
      expect(missing.body.disclaimer).to.be.a('string');
    }
  });

  it('422 when a curie is missing or not a string', async () => {
    for (const body of [{}, { left_curie: 'MONDO:0007915' }, { left_curie: 'MONDO:0007915', right_curie: 42 }, { left_curie: ['a'], right_curie: 'MONDO:0007915' }, { left_curie: '', right_curie: 'MONDO:0007915' }]) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).to.equal(422);
    }
  });
});
