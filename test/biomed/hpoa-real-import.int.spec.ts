// The real phenotype.hpoa excerpt (../shared/data): all 391 rows become HAS_PHENOTYPE claims with an
// evidence link to their line; its NOT rows become contradicts.
import fs from 'node:fs';
import { expect } from 'chai';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv } from './support/biomed-env';

const HPOA_FILE = 'hpoa/phenotype.excerpt.hpoa';

describe('biomed: the real phenotype.hpoa excerpt', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let snapshotId: string;
  let lines: string[];

  before(async function () {
    requireSharedData(this, HPOA_FILE);
    lines = fs.readFileSync(shared(HPOA_FILE), 'utf8').split('\n'); // a 45 kB test oracle, read plainly
    env = await startBiomedEnv();
    const result = await env.import({ resource: 'hpoa', files: [shared(HPOA_FILE)] });
    expect(result.outcome).to.equal('imported');
    snapshotId = result.snapshot.snapshot_id;
  });
  after(async () => { await env?.close(); });

  it('imports its 391 rows as HAS_PHENOTYPE claims, one evidence link per source line', async () => {
    const dataLines = lines.map((l, i) => ({ l, line: i + 1 })).filter(({ l }) => l && !l.startsWith('#') && !l.startsWith('database_id'));
    expect(dataLines).to.have.length(391);
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'HAS_PHENOTYPE'`)).to.equal(391);
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, e.source_line, e.reference, e.evidence_code from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? order by e.source_line`, [snapshotId]);
    expect(rows).to.have.length(391);
    for (const [i, row] of rows.entries()) {
      const cells = dataLines[i]!.l.split('\t');
      expect(row).to.deep.equal({ subject: cells[0], object: cells[3], source_line: dataLines[i]!.line, reference: cells[4], evidence_code: cells[5] });
    }
    const report = (await env.get(`/api/v1/snapshots/${snapshotId}/report`)).body.report;
    expect(report.version).to.equal('2021-08-02');
    expect(report.counts).to.include({ rows: 391, claims: 391, evidence_links: 391, diseases: 13 });
    expect(report.warnings).to.include('no active mondo snapshot: claims carry no mondo_curie (import mondo first to map diseases)');
  });

  it('turns every NOT row into evidence_direction contradicts and nothing else', async () => {
    const notLines = lines.map((l, i) => ({ cells: l.split('\t'), line: i + 1 })).filter(({ cells }) => cells[2] === 'NOT');
    expect(notLines).to.have.length(3);
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, e.source_line from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and c.evidence_direction = 'contradicts' order by e.source_line`, [snapshotId]);
    expect(rows).to.deep.equal(notLines.map(({ cells, line }) => ({ subject: cells[0], object: cells[3], source_line: line })));
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and evidence_direction = 'supports'`)).to.equal(388);
    const api = (await env.get(`/api/v1/conditions/${notLines[0]!.cells[0]}/claims?evidence_direction=contradicts`)).body;
    expect(api.claims.map((c: { object: string }) => c.object)).to.include(notLines[0]!.cells[3]);
  });
});
