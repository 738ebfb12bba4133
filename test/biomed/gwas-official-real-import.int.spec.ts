// The gwas_catalog importer on a real excerpt of the GWAS Catalog's official associations download (38
// columns, "with added ontology annotations") with MONDO's exact MONDO-EFO set: claims counted here from the
// file with plain string splitting (tabs; genes split on ', ' and ' - '; trait IRIs on ', '), not the parser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const OFFICIAL = 'gwas-catalog/associations-official-format.sample.tsv';
const EFO_SET = 'mondo/mondo_exactmatch_efo.sssom.tsv';

function fromFiles() {
  const lines = fs.readFileSync(shared(OFFICIAL), 'utf8').split('\n').filter((l) => l !== '');
  const header = lines[0]!.split('\t');
  const col = (n: string) => header.indexOf(n);
  const efoToMondo = new Map<string, string[]>();
  for (const l of fs.readFileSync(shared(EFO_SET), 'utf8').split('\n')) {
    const [s, , p, o] = l.split('\t');
    if (p === 'skos:exactMatch' && s!.startsWith('MONDO:')) efoToMondo.set(o!, [...(efoToMondo.get(o!) ?? []), s!]);
  }
  let supports = 0;
  let neutral = 0;
  let onMondo = 0;
  for (const l of lines.slice(1)) {
    const c = l.split('\t');
    const genes = new Set(c[col('MAPPED_GENE')]!.split(/, | - /).filter((g) => g !== ''));
    const traits = c[col('MAPPED_TRAIT_URI')]!.split(', ').filter((t) => t !== '').map((iri) => iri.split('/').pop()!.replace('_', ':'));
    const n = genes.size * traits.length;
    if (Number(c[col('P-VALUE')]) <= 5e-8) supports += n; else neutral += n;
    for (const t of traits) if (efoToMondo.get(t)?.length === 1) onMondo += genes.size;
  }
  return { rows: lines.length - 1, supports, neutral, onMondo, header };
}

describe('biomed: gwas_catalog import of the official associations download (real excerpt)', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof fromFiles>;
  let snapshotId: string;

  before(async function () {
    requireSharedData(this, OFFICIAL, EFO_SET);
    expected = fromFiles();
    env = await startBiomedEnv();
  });
  after(async () => { await env?.close(); });

  it('one ASSOCIATES claim per row, mapped trait and mapped gene; genome-wide significant ones support, the rest are neutral', async () => {
    expect(expected.rows).to.equal(499);
    expect(expected.header).to.have.length(38);
    const result = await env.import({ resource: 'gwas_catalog', files: [shared(OFFICIAL), shared(EFO_SET)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.counts).to.include({ rows: expected.rows, skipped_rows: 0, claims_supports: expected.supports, claims_neutral: expected.neutral, claims_on_mondo: expected.onMondo });
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'ASSOCIATES' and object like 'GENE_SYMBOL:%'`)).to.equal(expected.supports + expected.neutral);
  });

  it('the first row by hand: systolic blood pressure (EFO:0006335) with CDC14A at p = 1e-9, OR/beta 4.123, study GCST010426', async () => {
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, c.evidence_direction, c.qualifiers, e.reference, e.evidence_code from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and e.source_line = 2 order by c.claim_no`, [snapshotId]);
    expect(rows.map((r: { object: string }) => r.object)).to.deep.equal(['GENE_SYMBOL:CDC14A', 'GENE_SYMBOL:CDC14A']);
    expect(rows[0]).to.deep.include({ evidence_direction: 'supports', reference: 'PMID:32372009', evidence_code: 'GCST010426' });
    expect(rows[0].qualifiers).to.deep.include({ p_value: 1e-9, or_beta: 4.123, trait_id: 'EFO:0006335' });
  });

  it('a second import writes nothing; a tampered copy is refused with the active snapshot untouched', async () => {
    const before = await storeFootprint(env);
    expect((await env.import({ resource: 'gwas_catalog', files: [shared(OFFICIAL), shared(EFO_SET)] })).outcome).to.equal('already_imported');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-gwas-official-'));
    try {
      const copy = path.join(dir, 'associations.tsv');
      fs.writeFileSync(copy, fs.readFileSync(shared(OFFICIAL), 'utf8').replace('CDC14A', 'CDC14B'));
      const error = await env.import({ resource: 'gwas_catalog', files: [copy, shared(EFO_SET)] }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code).to.equal('unpinned');
      expect(await storeFootprint(env)).to.deep.equal(before);
      const snapshots = (await env.get('/api/v1/snapshots?resource=gwas_catalog')).body.snapshots;
      expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
