// OBO Graphs JSON input for the ontology importers: hp-fixture.json holds the same content as
// hp-fixture.obo, and importing it gives the same rows (terms, IS_A edges, claims, counts) apart from
// where a row came from (file name and line / node number). A truncated JSON copy fails cleanly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BiomedEnv, fixture, startBiomedEnv, storeFootprint } from './support/biomed-env';

type Row = Record<string, unknown>;

async function rowsOf(env: BiomedEnv, snapshotId: string): Promise<Record<string, Row[]>> {
  const knex = env.runtime.db.knex;
  const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    terms: sorted(await knex('biomed.terms').where({ snapshot_id: snapshotId })
      .select('curie', 'label', 'kind', 'definition', 'synonyms', 'xrefs', 'replaced_by', 'obsolete', 'search_text')) as never,
    edges: sorted(await knex('biomed.is_a_edges').where({ snapshot_id: snapshotId }).select('child', 'parent')) as never,
    claims: sorted(await knex('biomed.claims').where({ snapshot_id: snapshotId })
      .select('subject', 'predicate', 'object', 'evidence_direction', 'mondo_curie', 'qualifiers')) as never,
    mappings: sorted(await knex('biomed.mappings').where({ snapshot_id: snapshotId }).select('subject_id', 'predicate_id', 'object_id')) as never,
    evidence: sorted(await knex('biomed.evidence_links').where({ snapshot_id: snapshotId }).select('claim_no', 'link_no', 'reference', 'evidence_code')) as never,
  };
}

describe('biomed: OBO Graphs JSON input (hp-fixture.json = hp-fixture.obo)', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'obographs-'));
  });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the JSON form to the same rows as the OBO form', async () => {
    const obo = await env.import({ resource: 'hp', files: [fixture('hp-fixture.obo')] });
    const json = await env.import({ resource: 'hp', files: [fixture('hp-fixture.json')] });
    expect(obo.outcome).to.equal('imported');
    expect(json.outcome).to.equal('imported');
    const a = await rowsOf(env, obo.snapshot.snapshot_id);
    const b = await rowsOf(env, json.snapshot.snapshot_id);
    expect(b.terms).to.have.length(33);
    expect(b.edges).to.have.length(33);
    expect(b.claims).to.have.length(33);
    expect(b).to.deep.equal(a);
    expect(json.snapshot.version).to.equal(obo.snapshot.version).and.equal('fixture/hp-2017-04-13-subset/1');
    const counts = (r: typeof obo) => (r.outcome === 'imported' ? r.report.counts as Record<string, number> : {});
    // Same counts, except that the JSON's one PROPERTY node is an "other stanza" (the OBO file has none).
    expect({ ...counts(json), other_stanzas: 0 }).to.deep.equal(counts(obo));
    expect(counts(json).other_stanzas).to.equal(1);
    // The evidence of a JSON edge points at the file and the edge's ordinal.
    const link = await env.runtime.db.knex('biomed.evidence_links').where({ snapshot_id: json.snapshot.snapshot_id }).first('source_file', 'source_line');
    expect(link.source_file).to.equal('hp-fixture.json');
    expect(link.source_line).to.be.within(1, 33);
  });

  it('answers through /api/v1 from the JSON snapshot (now the active one)', async () => {
    const summary = await env.get('/api/v1/conditions/HP:0000118');
    expect(summary.status).to.equal(200);
    expect(summary.body.label).to.equal('Phenotypic abnormality');
    const hierarchy = await env.get('/api/v1/conditions/HP:0000118/hierarchy?depth=1');
    expect(hierarchy.body.parents.map((n: { curie: string }) => n.curie)).to.deep.equal(['HP:0000001']);
    const { snapshots } = (await env.get('/api/v1/snapshots?resource=hp')).body;
    const active = snapshots.filter((s: { active: boolean }) => s.active);
    expect(active.map((s: { artifacts: { file: string }[] }) => s.artifacts[0]!.file)).to.deep.equal(['hp-fixture.json']);
  });

  it('refuses a truncated JSON copy with a clear error and writes no row', async () => {
    const bytes = fs.readFileSync(fixture('hp-fixture.json'));
    const copy = path.join(dir, 'hp-truncated.json');
    fs.writeFileSync(copy, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const before = await storeFootprint(env);
    let failure: Error | null = null;
    try { await env.import({ resource: 'hp', files: [copy], allowUnpinned: true }); } catch (error) { failure = error as Error; }
    expect(failure?.message).to.match(/hp-truncated\.json: not valid JSON/).and.contain('rolled back');
    const after = await storeFootprint(env);
    // Only the attempt is on record (a snapshots row with status failed and its two events); no data rows.
    for (const table of ['biomed.terms', 'biomed.is_a_edges', 'biomed.claims', 'biomed.evidence_links']) expect(after[table], table).to.equal(before[table]);
    expect(await env.count('biomed.snapshots', `status = 'failed'`)).to.equal(1);
  });
});
