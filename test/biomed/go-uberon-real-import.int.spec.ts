// Importing the real GO and UBERON modules of ../shared/data: every [Term] arrives (kind go_term /
// anatomy), non-obsolete counts and IS_A edges equal the files' own counts (read here with no project
// code), the terms stay out of conditions search, and a second import changes nothing.
import fs from 'node:fs';
import readline from 'node:readline';
import { expect } from 'chai';
import { BiomedEnv, shared, requireSharedData, startBiomedEnv, storeFootprint } from './support/biomed-env';

const GO_FILE = 'go/mondo_go_import-2021-08-03.obo';
const UBERON_MODULE = 'uberon/mondo_uberon_import-2021-08-03.obo';
const UBERON_SLIM = 'uberon/uberon-efo-slim.obo';

interface Expected { terms: number; nonObsolete: Set<string>; edges: number }

/** A deliberately separate, minimal reading of the file: stanza by stanza. */
async function readExpected(file: string): Promise<Expected> {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const nonObsolete = new Set<string>();
  let terms = 0;
  let edges = 0;
  let current: { id: string; parents: number; obsolete: boolean } | null = null;
  const close = () => {
    if (current && !current.obsolete) { nonObsolete.add(current.id); edges += current.parents; }
    current = null;
  };
  for await (const line of lines) {
    if (line.startsWith('[')) { close(); if (line.trim() === '[Term]') { terms++; current = { id: '', parents: 0, obsolete: false }; } continue; }
    if (!current) continue;
    if (line.startsWith('id: ')) current.id = line.slice(4).trim();
    else if (line.startsWith('is_a: ')) current.parents++;
    else if (line.trim() === 'is_obsolete: true') current.obsolete = true;
  }
  close();
  return { terms, nonObsolete, edges };
}

const cases = [
  { resource: 'go' as const, file: GO_FILE, kind: 'go_term', statedTerms: 3845, probe: { curie: 'GO:0000002', q: 'mitochondrial genome maintenance' } },
  { resource: 'uberon' as const, file: UBERON_MODULE, kind: 'anatomy', statedTerms: 7577, probe: null },
  { resource: 'uberon' as const, file: UBERON_SLIM, kind: 'anatomy', statedTerms: 613, probe: null },
];

describe('biomed: the real GO and UBERON modules', function () {
  this.timeout(120_000);
  let env: BiomedEnv;

  before(async function () {
    requireSharedData(this, GO_FILE, UBERON_MODULE, UBERON_SLIM);
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  for (const c of cases) {
    describe(`${c.resource}: ${c.file}`, () => {
      let expected: Expected;
      let snapshotId: string;

      before(async () => {
        expected = await readExpected(shared(c.file));
        const result = await env.import({ resource: c.resource, files: [shared(c.file)] });
        expect(result.outcome).to.equal('imported');
        snapshotId = result.snapshot.snapshot_id;
      });

      it('yields every non-obsolete term, with the file\'s own counts, as the resource\'s kind', async () => {
        expect(expected.terms).to.equal(c.statedTerms); // what the shared-data README states
        const { rows } = await env.runtime.db.knex.raw(`select curie from biomed.terms where snapshot_id = ? and not obsolete order by curie`, [snapshotId]);
        expect(rows.map((r: { curie: string }) => r.curie)).to.deep.equal([...expected.nonObsolete].sort());
        expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}'`)).to.equal(expected.terms);
        expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind <> '${c.kind}'`)).to.equal(0);
        expect(await env.count('biomed.is_a_edges', `snapshot_id = '${snapshotId}'`)).to.equal(expected.edges);
        expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'IS_A'`)).to.equal(expected.edges);
        expect(await env.count('biomed.evidence_links', `snapshot_id = '${snapshotId}'`)).to.equal(expected.edges);
        const report = (await env.get(`/api/v1/snapshots/${snapshotId}/report`)).body.report;
        expect(report.counts).to.include({ terms: expected.terms, non_obsolete_terms: expected.nonObsolete.size, is_a_edges: expected.edges });
        expect(report.forced).to.equal(false);
        expect(report.artifacts[0].pinned.form).to.equal('full');
      });

      it('keeps the terms out of conditions search; the summary endpoint still finds them', async () => {
        expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and search_text <> ''`)).to.equal(0);
        if (!c.probe) return;
        expect((await env.get(`/api/v1/conditions/search?q=${encodeURIComponent(c.probe.q)}`)).body.count).to.equal(0);
        const summary = await env.get(`/api/v1/conditions/${c.probe.curie}`);
        expect(summary.status).to.equal(200);
        expect(summary.body.kind).to.equal(c.kind);
      });

      it('imports the same artifact a second time as a no-op that says so', async () => {
        const before = await storeFootprint(env);
        const again = await env.import({ resource: c.resource, files: [shared(c.file)] });
        expect(again.outcome).to.equal('already_imported');
        expect(again.outcome === 'already_imported' && again.message).to.contain(`already imported as snapshot ${snapshotId}`);
        expect(await storeFootprint(env)).to.deep.equal(before);
      });
    });
  }
});
