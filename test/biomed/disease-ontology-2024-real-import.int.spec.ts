// The disease_ontology importer on the 2024 Disease Ontology release (doid.obo 2024-01-31, gzipped, in
// ../shared/data): every [Term] a disease term, the obsolete ones flagged and their replaced_by kept, counted
// here from the file with a minimal stanza reader of its own (gunzip + line loop), not the OBO parser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const DOID_2024 = 'disease-ontology/doid-2024-01-31.obo.gz';

function readStanzas() {
  const lines = zlib.gunzipSync(fs.readFileSync(shared(DOID_2024))).toString('utf8').split('\n');
  let terms = 0;
  let obsolete = 0;
  const replacedBy = new Map<string, string[]>();
  let id = '';
  let inTerm = false;
  for (const line of lines) {
    if (line.startsWith('[')) { inTerm = line.trim() === '[Term]'; if (inTerm) terms++; continue; }
    if (!inTerm) continue;
    if (line.startsWith('id: ')) id = line.slice(4).trim();
    else if (line.trim() === 'is_obsolete: true') obsolete++;
    else if (line.startsWith('replaced_by: ')) replacedBy.set(id, [...(replacedBy.get(id) ?? []), line.slice('replaced_by: '.length).trim()]);
  }
  return { terms, obsolete, replacedBy, version: lines.find((l) => l.startsWith('data-version: '))!.slice('data-version: '.length) };
}

describe('biomed: the 2024 Disease Ontology release (doid.obo.gz) with obsolete terms and replaced_by', function () {
  this.timeout(180_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof readStanzas>;
  let snapshotId: string;

  before(async function () {
    requireSharedData(this, DOID_2024);
    expected = readStanzas();
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  it('imports every term, flags the obsolete ones and keeps each replaced_by', async () => {
    expect([expected.terms, expected.obsolete]).to.deep.equal([13982, 2481]); // the README's figures
    const result = await env.import({ resource: 'disease_ontology', files: [shared(DOID_2024)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.version).to.contain('2024-01-31');
    expect(result.snapshot.counts).to.include({ terms: expected.terms, obsolete_terms: expected.obsolete, non_obsolete_terms: expected.terms - expected.obsolete });
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.terms', `${where} and obsolete`)).to.equal(expected.obsolete);
    const { rows } = await env.runtime.db.knex.raw(`select curie, replaced_by from biomed.terms where ${where} and replaced_by is not null and jsonb_array_length(replaced_by) > 0 order by curie`);
    expect(new Map((rows as { curie: string; replaced_by: string[] }[]).map((r) => [r.curie, r.replaced_by]))).to.deep.equal(new Map([...expected.replacedBy].sort(([a], [b]) => a.localeCompare(b))));
  });

  it('an obsolete DOID shows as obsolete with its replacement (DOID:0080091 -> DOID:0080094, by hand from the file)', async () => {
    expect(expected.replacedBy.get('DOID:0080091')).to.deep.equal(['DOID:0080094']);
    const { status, body } = await env.get('/api/v1/conditions/DOID:0080091');
    expect(status).to.equal(200);
    expect(body).to.include({ obsolete: true });
    expect(JSON.stringify(body)).to.contain('DOID:0080094');
  });

  it('a second import writes nothing; a tampered copy is refused with the active snapshot untouched', async () => {
    const before = await storeFootprint(env);
    expect((await env.import({ resource: 'disease_ontology', files: [shared(DOID_2024)] })).outcome).to.equal('already_imported');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-doid-2024-'));
    try {
      const bytes = fs.readFileSync(shared(DOID_2024));
      bytes[bytes.length - 9] = bytes[bytes.length - 9]! ^ 1;
      const copy = path.join(dir, 'doid.obo.gz');
      fs.writeFileSync(copy, bytes);
      const error = await env.import({ resource: 'disease_ontology', files: [copy] }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code).to.equal('unpinned');
      expect(await storeFootprint(env)).to.deep.equal(before);
      const snapshots = (await env.get('/api/v1/snapshots?resource=disease_ontology')).body.snapshots;
      expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
