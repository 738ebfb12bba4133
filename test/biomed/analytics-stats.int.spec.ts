// GET /api/v1/analytics/stats over the fixture forms: per-snapshot counts equal the import reports'
// counts and the tables, distributions add up, only ACTIVE snapshots count, and the answer names them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BiomedEnv, fixture, startBiomedEnv } from './support/biomed-env';

describe('biomed: GET /api/v1/analytics/stats', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  const counts: Record<string, Record<string, number>> = {};
  const ids: Record<string, string> = {};

  before(async () => {
    env = await startBiomedEnv();
    for (const [resource, files] of [
      ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
    ] as const) {
      const result = await env.import({ resource, files: files.map(fixture) });
      expect(result.outcome).to.equal('imported');
      counts[resource] = result.snapshot.counts!;
      ids[resource] = result.snapshot.snapshot_id;
    }
  });
  after(async () => { await env?.close(); });

  it('gives counts per active snapshot equal to the import counts, and distributions that add up', async () => {
    const { status, body } = await env.get('/api/v1/analytics/stats');
    expect(status).to.equal(200);
    expect(body.disclaimer).to.be.a('string');
    expect(body.snapshots.map((s: { snapshot_id: string }) => s.snapshot_id).sort()).to.deep.equal(Object.values(ids).sort());
    for (const row of body.per_snapshot) {
      const c = counts[row.resource]!;
      expect(row, row.resource).to.deep.include({
        snapshot_id: ids[row.resource], terms: c.terms ?? 0, edges: c.is_a_edges ?? 0, claims: c.claims ?? 0, mappings: c.mappings ?? 0,
      });
      expect(row.terms).to.equal(await env.count('biomed.terms', `snapshot_id = '${row.snapshot_id}'`));
      expect(row.claims).to.equal(await env.count('biomed.claims', `snapshot_id = '${row.snapshot_id}'`));
    }
    expect(body.totals.terms).to.equal(await env.count('biomed.terms'));
    expect(body.totals.claims).to.equal(await env.count('biomed.claims'));
    const kindSum = body.entity_kinds.reduce((n: number, k: { count: number }) => n + k.count, 0);
    expect(kindSum).to.equal(body.totals.terms);
    expect(body.entity_kinds.map((k: { kind: string }) => k.kind)).to.include.members(['disease', 'phenotype']);
    const predicates = Object.fromEntries(body.predicates.map((p: { predicate: string }) => [p.predicate, p]));
    expect(Object.keys(predicates).sort()).to.deep.equal(['HAS_PHENOTYPE', 'IS_A']);
    expect(predicates.HAS_PHENOTYPE).to.include({ count: 36, contradicts: 3, supports: 33, neutral: 0 });
    expect(predicates.IS_A.count).to.equal(body.totals.edges);
  });

  it('counts only the active snapshots: a newer HP snapshot replaces the older one in the stats', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-stats-'));
    try {
      const changed = path.join(dir, 'hp-changed.obo');
      fs.writeFileSync(changed, fs.readFileSync(fixture('hp-fixture.obo'), 'utf8') + '\n[Term]\nid: HP:9999999\nname: stats test term\nis_a: HP:0000001 ! All\n');
      const result = await env.import({ resource: 'hp', files: [changed], allowUnpinned: true });
      expect(result.outcome).to.equal('imported');
      const { body } = await env.get('/api/v1/analytics/stats');
      const hp = body.per_snapshot.filter((s: { resource: string }) => s.resource === 'hp');
      expect(hp).to.have.length(1);
      expect(hp[0]).to.include({ snapshot_id: result.snapshot.snapshot_id, terms: counts.hp!.terms! + 1, edges: counts.hp!.is_a_edges! + 1 });
      expect(body.snapshots.map((s: { snapshot_id: string }) => s.snapshot_id)).to.not.include(ids.hp);
      expect(body.totals.terms).to.be.below(await env.count('biomed.terms')); // the old HP snapshot's rows remain, uncounted
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
