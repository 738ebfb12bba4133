// The official MONDO exact-match SSSOM sets (../shared/data) with the MONDO fixture terms: every
// skos:exactMatch row becomes a mapping (counted from the files here), and the real HPOA excerpt's
// diseases are mapped to MONDO through them, never by name.
import fs from 'node:fs';
import { expect } from 'chai';
import { BiomedEnv, fixture, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';

const SETS = ['omim', 'orphanet', 'efo', 'doid', 'mesh'].map((k) => `mondo/mondo_exactmatch_${k}.sssom.tsv`);
const HPOA = 'hpoa/phenotype.excerpt.hpoa';

/** Independent reading of a mapping set: data rows by predicate (small files, read plainly). */
function rowsOf(rel: string): string[][] {
  const lines = fs.readFileSync(shared(rel), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  return lines.slice(1).map((l) => l.split('\t'));
}

describe('biomed: MONDO with the official exact-match SSSOM sets', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let mondoId: string;

  before(async function () {
    requireSharedData(this, ...SETS, HPOA);
    env = await startBiomedEnv();
    const result = await env.import({ resource: 'mondo', files: [fixture('mondo-fixture.obo'), ...SETS.map(shared)] });
    expect(result.outcome).to.equal('imported');
    mondoId = result.snapshot.snapshot_id;
  });
  after(async () => { await env?.close(); });

  it('stores every skos:exactMatch row of every set, with its file and line', async () => {
    let exact = 0;
    for (const set of SETS) exact += rowsOf(set).filter((r) => r[2] === 'skos:exactMatch').length;
    expect(await env.count('biomed.mappings', `snapshot_id = '${mondoId}' and source = 'sssom'`)).to.equal(exact);
    const report = (await env.get(`/api/v1/snapshots/${mondoId}/report`)).body.report;
    expect(report.counts.sssom_exact_mappings).to.equal(exact);
    expect(report.details.mapping_sets.map((s: { mapping_set_version: string }) => s.mapping_set_version))
      .to.satisfy((v: string[]) => v.every((x) => x.includes('/releases/2026-08-04/')));
    expect(report.artifacts.filter((a: { pinned: { form: string } }) => a.pinned.form === 'full')).to.have.length(5);
  });

  it('maps the real HPOA excerpt\'s diseases to MONDO through those exact rows', async () => {
    const hpoa = await env.import({ resource: 'hpoa', files: [shared(HPOA)] });
    const omimToMondo = new Map<string, Set<string>>();
    for (const set of SETS) {
      for (const r of rowsOf(set)) {
        if (r[2] !== 'skos:exactMatch') continue;
        const key = r[3]!.replace(/^Orphanet:/, 'ORPHA:');
        omimToMondo.set(key, new Set([...(omimToMondo.get(key) ?? []), r[0]!]));
      }
    }
    const diseases = new Set(fs.readFileSync(shared(HPOA), 'utf8').split('\n').filter((l) => /^(OMIM|ORPHA|DECIPHER):/.test(l)).map((l) => l.split('\t')[0]!));
    const expected = [...diseases].filter((d) => omimToMondo.get(d)?.size === 1).length;
    const report = (await env.get(`/api/v1/snapshots/${hpoa.snapshot.snapshot_id}/report`)).body.report;
    expect(report.counts.diseases_mapped_to_mondo).to.equal(expected);
    expect(report.details.mondo_mapping_snapshot_id).to.equal(mondoId);
    const marfan = [...omimToMondo.get('OMIM:154700')!][0]!;
    const summary = (await env.get('/api/v1/conditions/OMIM:154700')).body;
    expect(summary).to.include({ label: 'Marfan syndrome', mondo_curie: marfan, readiness_tier: 'L2' });
    const claims = (await env.get(`/api/v1/conditions/OMIM:154700/claims?limit=200`)).body.claims;
    expect(claims.every((c: { mondo_curie: string }) => c.mondo_curie === marfan)).to.equal(true);
  });
});
