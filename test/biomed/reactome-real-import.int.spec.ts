// The reactome importer on the real shared files (ReactomePathways.txt + .gmt): pinned checksums,
// pathway terms = the file's Homo sapiens rows, PARTICIPATES_IN claims = the .gmt's gene-set
// memberships (counted from the files themselves), evidence links to the .gmt line, idempotent.
import fs from 'node:fs';
import { expect } from 'chai';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const LIST = 'reactome/ReactomePathways.txt';
const GMT = 'reactome/ReactomePathways.gmt';

/** Counted straight from the files, independently of the parser. */
function expectedFromFiles() {
  const humanIds = new Set<string>();
  let otherRows = 0;
  for (const line of fs.readFileSync(shared(LIST), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const [id, , species] = line.replace(/\r$/, '').split('\t');
    if (species === 'Homo sapiens') humanIds.add(id!); else otherRows++;
  }
  let sets = 0;
  let memberships = 0;
  const genes = new Set<string>();
  const firstSet: { id: string; genes: string[] } = { id: '', genes: [] };
  for (const line of fs.readFileSync(shared(GMT), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const cols = line.replace(/\r$/, '').split('\t');
    sets++;
    const members = cols.slice(2).filter((g) => g !== '');
    memberships += members.length;
    for (const g of members) genes.add(`GENE_SYMBOL:${g.replace(/[^A-Za-z0-9_.:-]/g, '_')}`);
    if (sets === 1) Object.assign(firstSet, { id: cols[1]!, genes: members });
  }
  return { human: humanIds.size, otherRows, sets, memberships, genes: genes.size, firstSet };
}

describe('biomed: reactome import of the real shared files', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;

  before(async function () {
    requireSharedData(this, LIST, GMT);
    expected = expectedFromFiles();
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  it('imports the pinned files: pathway terms = human rows, claims = gene-set memberships', async () => {
    const result = await env.import({ resource: 'reactome', files: [shared(LIST), shared(GMT)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.forced).to.equal(false);
    expect(expected.human).to.equal(2585); // the README's count of R-HSA rows
    expect(result.snapshot.counts).to.include({
      human_pathways: expected.human, gene_sets: expected.sets, memberships: expected.memberships, claims: expected.memberships,
      evidence_links: expected.memberships, genes: expected.genes, pathway_list_rows: expected.human + expected.otherRows,
    });
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'pathway'`)).to.equal(expected.human);
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'gene'`)).to.equal(expected.genes);
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'PARTICIPATES_IN'`)).to.equal(expected.memberships);
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and curie like 'REACTOME:R-%' and curie not like 'REACTOME:R-HSA-%'`)).to.equal(0);
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and object = 'REACTOME:${expected.firstSet.id}'`)).to.equal(expected.firstSet.genes.length);
  });

  it('links each claim to its .gmt line and shows up in the stats and claims reads', async () => {
    const { rows } = await env.runtime.db.knex.raw(`select e.source_file, e.source_line, e.reference, c.subject from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and c.object = ? order by c.claim_no`,
    [snapshotId, `REACTOME:${expected.firstSet.id}`]);
    expect(rows[0]).to.include({ source_file: 'ReactomePathways.gmt', source_line: 1, reference: expected.firstSet.id });
    expect(rows.map((r: { subject: string }) => r.subject)).to.deep.equal(expected.firstSet.genes.map((g) => `GENE_SYMBOL:${g.replace(/[^A-Za-z0-9_.:-]/g, '_')}`));
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    expect(stats.predicates).to.deep.include({ predicate: 'PARTICIPATES_IN', count: expected.memberships, supports: expected.memberships, contradicts: 0, neutral: 0 });
    expect(stats.per_snapshot[0]).to.include({ resource: 'reactome', claims: expected.memberships });
    const pathway = await env.get(`/api/v1/conditions/REACTOME:${expected.firstSet.id}/claims?limit=200`);
    expect(pathway.status).to.equal(200);
    expect(pathway.body.count).to.equal(expected.firstSet.genes.length);
    // Pathways and genes are not conditions: search never returns them.
    expect((await env.get('/api/v1/conditions/search?q=biosynthesis')).body.count).to.equal(0);
  });

  it('a second import of the same files changes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'reactome', files: [shared(GMT), shared(LIST)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-file or mis-named file list', async () => {
    const error = await env.import({ resource: 'reactome', files: [shared(GMT)] }).then(() => null, (e: unknown) => e);
    expect(String(error)).to.contain('exactly two files');
  });
});
