// The pharmacotherapydb importer on the real shared files (PharmacotherapyDB v1.0 indications.tsv + MONDO's
// exact MONDO-DOID SSSOM set): counts equal the test's own reading of both files, DM -> TREATS supports,
// SYM -> PALLIATES supports, NOT -> TREATS contradicts, diseases on MONDO through exact mappings only,
// idempotent, a tampered copy refused, and without the SSSOM set (or for a DOID it lacks) the DOID stays.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const CATALOG = 'pharmacotherapydb/indications.tsv';
const SSSOM = 'mondo/mondo_exactmatch_doid.sssom.tsv';

/** Counted straight from the files with plain string splitting, independently of the importer's parsers. */
function expectedFromFiles() {
  const lines = fs.readFileSync(shared(CATALOG), 'utf8').split('\n').filter((l) => l.trim() !== '');
  const header = lines[0]!.split('\t');
  const col = (name: string) => header.indexOf(name);
  const rows = lines.slice(1).map((l, i) => {
    const c = l.split('\t');
    return { line: i + 2, doid: c[col('doid_id')]!, db: c[col('drugbank_id')]!, disease: c[col('disease')]!, drug: c[col('drug')]!, category: c[col('category')]!, curators: c[col('n_curators')]!, resources: c[col('n_resources')]! };
  });
  const byCategory: Record<string, number> = {};
  for (const r of rows) byCategory[r.category] = (byCategory[r.category] ?? 0) + 1;
  const dm = rows.filter((r) => r.category === 'DM');
  const mondoOf = new Map<string, Set<string>>();
  for (const line of fs.readFileSync(shared(SSSOM), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [subject, , predicate, object] = line.split('\t');
    if (predicate !== 'skos:exactMatch' || !subject!.startsWith('MONDO:') || !object!.startsWith('DOID:')) continue;
    mondoOf.set(object!, (mondoOf.get(object!) ?? new Set()).add(subject!));
  }
  const doids = new Set(rows.map((r) => r.doid));
  const mapped = [...doids].filter((d) => mondoOf.get(d)?.size === 1);
  const mappingRows = [...doids].reduce((n, d) => n + (mondoOf.get(d)?.size ?? 0), 0);
  return {
    rows, byCategory, diseases: doids.size, drugs: new Set(rows.map((r) => r.db)).size,
    dmDiseases: new Set(dm.map((r) => r.doid)).size, dmDrugs: new Set(dm.map((r) => r.db)).size,
    mondoOf, mapped: mapped.length, mappingRows,
    rowsOnMondo: rows.filter((r) => mondoOf.get(r.doid)?.size === 1).length,
  };
}

describe('biomed: pharmacotherapydb import of the real shared files', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, CATALOG, SSSOM);
    expected = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-pdb-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the file has the issue\'s counts (read by the test itself)', () => {
    expect(expected.rows.length).to.equal(1388);
    expect(expected.byCategory).to.deep.equal({ DM: 755, SYM: 390, NOT: 243 });
    // 97 diseases and 601 drugs over the whole catalog; the 755 DM rows alone cover 77 diseases and 387 drugs.
    expect([expected.diseases, expected.drugs]).to.deep.equal([97, 601]);
    expect([expected.dmDiseases, expected.dmDrugs]).to.deep.equal([77, 387]);
    // Every DOID of the catalog has exactly one exact MONDO match in the 2026-08 set: no row stays on DOID.
    expect(expected.mapped).to.equal(97);
  });

  it('imports the pinned files: one claim per row, DM/SYM/NOT as TREATS/PALLIATES/TREATS contradicts, diseases on MONDO', async () => {
    const result = await env.import({ resource: 'pharmacotherapydb', files: [shared(CATALOG), shared(SSSOM)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      rows: expected.rows.length, claims: expected.rows.length, evidence_links: expected.rows.length,
      treats_supports: expected.byCategory.DM, palliates_supports: expected.byCategory.SYM, treats_contradicts: expected.byCategory.NOT,
      diseases: expected.diseases, drugs: expected.drugs, diseases_mapped_to_mondo: expected.mapped,
      claims_on_mondo: expected.rowsOnMondo, claims_on_doid: expected.rows.length - expected.rowsOnMondo,
      mappings: expected.mappingRows, terms: expected.diseases + expected.drugs, repeated_pairs: 0,
    });
    const count = (where: string) => env.count('biomed.claims', `snapshot_id = '${snapshotId}' and ${where}`);
    expect(await count(`predicate = 'TREATS' and evidence_direction = 'supports'`)).to.equal(755);
    expect(await count(`predicate = 'PALLIATES' and evidence_direction = 'supports'`)).to.equal(390);
    expect(await count(`predicate = 'TREATS' and evidence_direction = 'contradicts'`)).to.equal(243);
    expect(await count(`subject not like 'DRUGBANK:DB%'`)).to.equal(0);
    expect(await count(`object not like 'MONDO:%'`)).to.equal(expected.rows.length - expected.rowsOnMondo);
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'drug' and search_text = ''`)).to.equal(expected.drugs);
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'disease' and curie like 'DOID:%'`)).to.equal(expected.diseases);
    // Every claim's object is the one exact MONDO match of its row's DOID (never a label match).
    const { rows } = await env.runtime.db.knex.raw(`select object, qualifiers->>'doid' as doid from biomed.claims where snapshot_id = ?`, [snapshotId]);
    for (const r of rows as { object: string; doid: string }[]) expect(r.object, r.doid).to.equal([...expected.mondoOf.get(r.doid)!][0]);
  });

  it('checks known rows by hand: Donepezil treats Alzheimer\'s disease (DOID:10652 = MONDO:0004975) with its evidence', async () => {
    const donepezil = expected.rows.find((r) => r.db === 'DB00843' && r.doid === 'DOID:10652')!;
    expect(donepezil).to.include({ category: 'DM', curators: '2', resources: '1', line: 2 });
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.predicate, c.object, c.evidence_direction, c.mondo_curie, c.qualifiers,
      e.source_file, e.source_line, e.reference, e.evidence_code from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? and c.subject = 'DRUGBANK:DB00843' and c.qualifiers->>'doid' = 'DOID:10652'`, [snapshotId]);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({
      subject: 'DRUGBANK:DB00843', predicate: 'TREATS', object: 'MONDO:0004975', evidence_direction: 'supports', mondo_curie: 'MONDO:0004975',
      source_file: 'indications.tsv', source_line: 2, reference: 'doi:10.7554/eLife.26726', evidence_code: 'DM',
    });
    expect(rows[0].qualifiers).to.deep.equal({
      category: 'DM', n_curators: 2, n_resources: 1, disease_name: 'Alzheimer\'s disease', drug_name: 'Donepezil', doid: 'DOID:10652',
      source: 'PharmacotherapyDB', license: 'CC0 1.0',
    });
    // A NOT row and a SYM row of the same disease, as the file has them.
    for (const category of ['NOT', 'SYM']) {
      const row = expected.rows.find((r) => r.doid === 'DOID:10652' && r.category === category)!;
      const claim = (await env.runtime.db.knex.raw(`select predicate, evidence_direction, object from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
        where c.snapshot_id = ? and e.source_line = ?`, [snapshotId, row.line])).rows[0];
      expect(claim).to.deep.equal(category === 'NOT'
        ? { predicate: 'TREATS', evidence_direction: 'contradicts', object: 'MONDO:0004975' }
        : { predicate: 'PALLIATES', evidence_direction: 'supports', object: 'MONDO:0004975' });
    }
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB00843')).body.label).to.equal('Donepezil');
    // No mondo snapshot is active: the DOID term of this snapshot resolves to MONDO:0004975 through the
    // exact mapping rows this snapshot carries, so the claims on the MONDO id are found from the DOID.
    const summary = (await env.get('/api/v1/conditions/DOID:10652')).body;
    expect(summary).to.include({ label: 'Alzheimer\'s disease', mondo_curie: 'MONDO:0004975' });
    const claims = await env.get(`/api/v1/conditions/DOID:10652/claims?predicate=TREATS&limit=200`);
    expect(claims.status).to.equal(200);
    for (const c of claims.body.claims) expect(c).to.include({ object: 'MONDO:0004975', role: 'object', via: 'exact_mapping' });
    const alzheimerTreats = expected.rows.filter((r) => r.doid === 'DOID:10652' && r.category !== 'SYM').length;
    expect(claims.body.count).to.equal(alzheimerTreats);
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    expect(stats.predicates).to.deep.include({ predicate: 'TREATS', count: 755 + 243, supports: 755, contradicts: 243, neutral: 0 });
    expect(stats.predicates).to.deep.include({ predicate: 'PALLIATES', count: 390, supports: 390, contradicts: 0, neutral: 0 });
  });

  it('a second import of the same files changes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'pharmacotherapydb', files: [shared(SSSOM), shared(CATALOG)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const copy = path.join(dir, 'indications.tsv');
    const bytes = fs.readFileSync(shared(CATALOG));
    const at = bytes.indexOf('Donepezil');
    bytes[at] = 'd'.charCodeAt(0);
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'pharmacotherapydb', files: [copy, shared(SSSOM)] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=pharmacotherapydb')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('keeps the DOID when no SSSOM set is given, and for a DOID the set lacks (never a label match)', async () => {
    const alone = await env.import({ resource: 'pharmacotherapydb', files: [shared(CATALOG)] });
    expect(alone.outcome).to.equal('imported');
    expect(alone.snapshot.counts).to.include({ claims: 1388, claims_on_mondo: 0, claims_on_doid: 1388, mappings: 0, diseases_without_exact_mondo: 97 });
    expect(await env.count('biomed.claims', `snapshot_id = '${alone.snapshot.snapshot_id}' and object not like 'DOID:%'`)).to.equal(0);
    // The SSSOM set without its DOID:10652 row (forced: not the pinned file): Alzheimer's rows stay DOID:10652.
    const trimmed = path.join(dir, 'trimmed.sssom.tsv');
    fs.writeFileSync(trimmed, fs.readFileSync(shared(SSSOM), 'utf8').split('\n').filter((l) => !/\tDOID:10652\t/.test(l)).join('\n'));
    const partial = await env.import({ resource: 'pharmacotherapydb', files: [shared(CATALOG), trimmed], allowUnpinned: true });
    expect(partial.outcome).to.equal('imported');
    const alzheimerRows = expected.rows.filter((r) => r.doid === 'DOID:10652').length;
    expect(partial.snapshot.counts).to.include({ claims_on_doid: alzheimerRows, claims_on_mondo: 1388 - alzheimerRows, diseases_without_exact_mondo: 1 });
    expect(await env.count('biomed.claims', `snapshot_id = '${partial.snapshot.snapshot_id}' and object = 'DOID:10652'`)).to.equal(alzheimerRows);
  });

  it('runs from the command line: evidence biomed import pharmacotherapydb indications.tsv <sssom> exits 0 and prints the report', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'pharmacotherapydb', shared(CATALOG), shared(SSSOM)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported pharmacotherapydb as snapshot pharmacotherapydb-/).and.contain('"treats_contradicts": 243');
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'pharmacotherapydb', files: [shared(CATALOG), shared(CATALOG.replace('indications', 'drugs'))] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
