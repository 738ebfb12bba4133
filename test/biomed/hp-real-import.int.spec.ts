// Importing the real full HPO release (../shared/data, 2017-04-13): every non-obsolete term arrives with
// its parents and synonyms, counted independently from the file here; the hierarchy endpoint walks it;
// a second import of the same artifact changes nothing and says so.
import readline from 'node:readline';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { BiomedEnv, shared, requireSharedData, startBiomedEnv, storeFootprint } from './support/biomed-env';

const HP_FILE = 'hp/hp-2017-04-13.obo.gz';

interface Expected { terms: number; nonObsolete: Map<string, { parents: string[]; synonyms: string[] }>; obsolete: number }

/** A deliberately separate, minimal reading of the file: stanza by stanza, no project code. */
async function readExpected(file: string): Promise<Expected> {
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const nonObsolete = new Map<string, { parents: string[]; synonyms: string[] }>();
  let terms = 0;
  let obsolete = 0;
  let current: { id: string; parents: string[]; synonyms: string[]; obsolete: boolean } | null = null;
  const close = () => {
    if (!current) return;
    if (current.obsolete) obsolete++;
    else nonObsolete.set(current.id, { parents: current.parents.sort(), synonyms: current.synonyms.sort() });
    current = null;
  };
  for await (const line of lines) {
    if (line.startsWith('[')) { close(); if (line === '[Term]') { terms++; current = { id: '', parents: [], synonyms: [], obsolete: false }; } continue; }
    if (!current) continue;
    if (line.startsWith('id: ')) current.id = line.slice(4).trim();
    else if (line.startsWith('is_a: ')) current.parents.push(line.slice(6).split(' ')[0]!);
    else if (line.startsWith('synonym: "')) current.synonyms.push(line.slice(10, line.indexOf('"', 10)));
    else if (line.trim() === 'is_obsolete: true') current.obsolete = true;
  }
  close();
  return { terms, nonObsolete, obsolete };
}

describe('biomed: the real HPO release (hp-2017-04-13.obo.gz)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: Expected;
  let snapshotId: string;

  before(async function () {
    requireSharedData(this, HP_FILE);
    expected = await readExpected(shared(HP_FILE));
    env = await startBiomedEnv();
    const result = await env.import({ resource: 'hp', files: [shared(HP_FILE)] });
    expect(result.outcome).to.equal('imported');
    snapshotId = result.snapshot.snapshot_id;
  });
  after(async () => { await env?.close(); });

  it('streams the gzip file and yields every non-obsolete term, with the file\'s own counts', async () => {
    expect(expected.terms).to.equal(12358); // what the shared-data README states
    const { rows } = await env.runtime.db.knex.raw(`select curie, synonyms from biomed.terms where snapshot_id = ? and not obsolete order by curie`, [snapshotId]);
    expect(rows.map((r: { curie: string }) => r.curie)).to.deep.equal([...expected.nonObsolete.keys()].sort());
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and obsolete`)).to.equal(expected.obsolete);
    const report = (await env.get(`/api/v1/snapshots/${snapshotId}/report`)).body.report;
    expect(report.counts).to.include({ terms: expected.terms, non_obsolete_terms: expected.nonObsolete.size, obsolete_terms: expected.obsolete });
    expect(report.version).to.equal('releases/2017-04-13');
    expect(report.forced).to.equal(false);
    expect(report.artifacts[0].pinned.form).to.equal('full');
  });

  it('keeps every term\'s parents and synonyms exactly as the file has them', async () => {
    const knex = env.runtime.db.knex;
    const edges = await knex('biomed.is_a_edges').where({ snapshot_id: snapshotId }).select('child', 'parent');
    const parents = new Map<string, string[]>();
    for (const e of edges) parents.set(e.child, [...(parents.get(e.child) ?? []), e.parent]);
    const terms = await knex('biomed.terms').where({ snapshot_id: snapshotId, obsolete: false }).select('curie', 'synonyms');
    let edgeCount = 0;
    for (const term of terms) {
      const want = expected.nonObsolete.get(term.curie)!;
      edgeCount += want.parents.length;
      expect((parents.get(term.curie) ?? []).sort(), term.curie).to.deep.equal(want.parents);
      expect(term.synonyms.map((s: { text: string }) => s.text).sort(), term.curie).to.deep.equal(want.synonyms);
    }
    expect(edges.length).to.equal(edgeCount);
    // Each edge is also an IS_A claim with an evidence link to its line in the file.
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'IS_A'`)).to.equal(edgeCount);
    expect(await env.count('biomed.evidence_links', `snapshot_id = '${snapshotId}'`)).to.equal(edgeCount);
  });

  it('walks the hierarchy through the API, up and down, to the requested depth', async () => {
    const byParent = new Map<string, string[]>();
    for (const [id, t] of expected.nonObsolete) for (const p of t.parents) byParent.set(p, [...(byParent.get(p) ?? []), id]);
    const walk = (start: string, depth: number, next: (id: string) => string[]) => {
      const seen = new Map<string, number>();
      let frontier = [start];
      for (let d = 1; d <= depth; d++) {
        frontier = frontier.flatMap(next).filter((id) => !seen.has(id));
        for (const id of frontier) seen.set(id, d);
      }
      return seen;
    };
    for (const [curie, depth] of [['HP:0001386', 3], ['HP:0000118', 1], ['HP:0001369', 2]] as const) {
      const { status, body } = await env.get(`/api/v1/conditions/${curie}/hierarchy?depth=${depth}`);
      expect(status).to.equal(200);
      const up = walk(curie, depth, (id) => expected.nonObsolete.get(id)?.parents ?? []);
      const down = walk(curie, depth, (id) => byParent.get(id) ?? []);
      expect(new Map(body.parents.map((n: { curie: string; distance: number }) => [n.curie, n.distance]))).to.deep.equal(up);
      expect(new Map(body.children.map((n: { curie: string; distance: number }) => [n.curie, n.distance]))).to.deep.equal(down);
      expect(body.disclaimer).to.match(/research use only/i);
    }
    const root = await env.get('/api/v1/conditions/HP:0000001/hierarchy?depth=1');
    expect(root.body.parents).to.deep.equal([]);
    expect(root.body.children.map((n: { curie: string }) => n.curie)).to.include('HP:0000118');
  });

  it('imports the same artifact a second time as a no-op that says so', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'hp', files: [shared(HP_FILE)] });
    expect(again.outcome).to.equal('already_imported');
    expect(again.outcome === 'already_imported' && again.message).to.contain(`already imported as snapshot ${snapshotId}`);
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('records the lifecycle as events on the artifact\'s stream', async () => {
    const events = await env.runtime.store.readStream(`snapshot-hp-${'8fdd63972857a616'}`);
    expect(events.map((e) => e.type)).to.deep.equal(['SnapshotImportStarted', 'SnapshotImportCompleted', 'SnapshotActivated']);
    expect(events[1]!.data).to.deep.include({ snapshot_id: snapshotId, resource: 'hp' });
  });
});
