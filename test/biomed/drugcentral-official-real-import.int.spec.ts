// The drugcentral importer on DrugCentral's official download (drug.target.interaction.tsv.gz, 2017 file of
// ../shared/data) with the DrugBank open vocabulary: counted here from the file with plain string splitting
// (gunzip, split on tabs, strip the quotes), not with the importer's parser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const OFFICIAL = 'drugcentral/drug.target.interaction.2017.tsv.gz';
const VOCABULARY = 'drugbank/drugbank_vocabulary.csv';

function fromFile() {
  const lines = zlib.gunzipSync(fs.readFileSync(shared(OFFICIAL))).toString('utf8').split('\n').filter((l) => l !== '');
  const unquote = (c: string) => c.replace(/^"|"$/g, '');
  const header = lines[0]!.split('\t').map(unquote);
  const col = (name: string) => header.indexOf(name);
  const rows = lines.slice(1).map((l) => l.split('\t').map(unquote));
  const human = rows.filter((r) => r[col('ORGANISM')] === 'Homo sapiens');
  const accessions = (r: string[]) => r[col('ACCESSION')]!.split('|').filter((a) => a !== '').length;
  const isMechanism = (r: string[]) => r[col('MOA')] === '1' || r[col('ACTION_TYPE')] !== '';
  let supports = 0;
  let neutral = 0;
  for (const r of human) { if (isMechanism(r)) supports += accessions(r); else neutral += accessions(r); }
  return { rows: rows.length, human: human.length, withoutAccession: human.filter((r) => accessions(r) === 0).length, supports, neutral, drugs: new Set(rows.map((r) => r[col('STRUCT_ID')])).size, rituximab: rows.find((r) => r[0] === 'rituximab')! };
}

describe('biomed: drugcentral import of the official drug.target.interaction.tsv.gz', function () {
  this.timeout(180_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof fromFile>;
  let snapshotId: string;

  before(async function () {
    requireSharedData(this, OFFICIAL, VOCABULARY);
    expected = fromFile();
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  it('one TARGETS claim per human row and accession: mechanism rows support, bare activity measurements are neutral', async () => {
    expect(expected.rows).to.equal(16702);
    const result = await env.import({ resource: 'drugcentral', files: [shared(OFFICIAL), shared(VOCABULARY)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.counts).to.include({
      rows: expected.rows, skipped_rows: 0, human_rows: expected.human, rows_other_organism: expected.rows - expected.human,
      rows_without_accession: expected.withoutAccession, targets_supports: expected.supports, targets_neutral: expected.neutral, claims: expected.supports + expected.neutral, drugs: expected.drugs,
    });
    const c = result.snapshot.counts!;
    expect(c.drugs_joined_drugbank! + c.drugs_unjoined!).to.equal(expected.drugs);
  });

  it('rituximab (STRUCT_ID 4975 in the file) is DrugBank DB00073 by its exact vocabulary name and targets P11836 (MS4A1), supports', async () => {
    expect(expected.rituximab.slice(0, 2)).to.deep.equal(['rituximab', '4975']);
    const { rows } = await env.runtime.db.knex.raw(`select subject, object, evidence_direction from biomed.claims where snapshot_id = ? and qualifiers->>'drugcentral_id' = '4975'`, [snapshotId]);
    expect(rows).to.deep.equal([{ subject: 'DRUGBANK:DB00073', object: 'UNIPROT:P11836', evidence_direction: 'supports' }]);
    expect(await env.count('biomed.mappings', `snapshot_id = '${snapshotId}' and subject_id = 'DRUGBANK:DB00073' and object_id = 'DRUGCENTRAL:4975'`)).to.equal(1);
  });

  it('a second import writes nothing; a one-byte-tampered copy is refused with the active snapshot untouched', async () => {
    const before = await storeFootprint(env);
    expect((await env.import({ resource: 'drugcentral', files: [shared(OFFICIAL), shared(VOCABULARY)] })).outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-drugcentral-official-'));
    try {
      const bytes = fs.readFileSync(shared(OFFICIAL));
      bytes[bytes.length - 9] = bytes[bytes.length - 9]! ^ 1; // inside the gzip trailer's CRC: the file no longer matches its pin
      const copy = path.join(dir, 'drug.target.interaction.tsv.gz');
      fs.writeFileSync(copy, bytes);
      const error = await env.import({ resource: 'drugcentral', files: [copy, shared(VOCABULARY)] }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code).to.equal('unpinned');
      expect(await storeFootprint(env)).to.deep.equal(before);
      const snapshots = (await env.get('/api/v1/snapshots?resource=drugcentral')).body.snapshots;
      expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
