// The sider importer on the real shared files (SIDER 4.1 meddra_all_se + meddra_freq, DrugBank's PubChem
// mapping): counts equal the test's own reading of the three files (plain string splitting, gunzipSync),
// the Hetionet join (stereo STITCH id = PubChem CID -> DrugBank; LLT and PT MedDRA UMLS ids; one claim per
// compound-side effect pair), frequencies with placebo kept apart, known rows by hand, idempotent
// re-import, a tampered copy refused with the active snapshot untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const SE = 'sider4/meddra_all_se.tsv.gz';
const FREQ = 'sider4/meddra_freq.tsv.gz';
const MAPPING = 'drugbank/mapping-pubchem.tsv';
const SLIM = 'drugbank/drugbank-slim.tsv';
const files = () => [shared(SE), shared(FREQ), shared(MAPPING)];

const gunzipLines = (rel: string) => zlib.gunzipSync(fs.readFileSync(shared(rel))).toString('utf8').split('\n').filter((l) => l !== '');

/** Counted straight from the files, independently of the importer's parsers. */
function expectedFromFiles() {
  const byCid = new Map<string, Set<string>>();
  const mappingLines = fs.readFileSync(shared(MAPPING), 'utf8').split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l !== '');
  for (const l of mappingLines.slice(1)) {
    const [db, cid] = l.split('\t');
    byCid.set(cid!, (byCid.get(cid!) ?? new Set()).add(db!));
  }
  const cidOfStereo = (stereo: string) => String(parseInt(stereo.replace(/^CID0*/, ''), 10)); // CID000002244 -> 2244
  const seLines = gunzipLines(SE);
  const compounds = new Set<string>();
  const mapped = new Set<string>();
  const multi = new Set<string>();
  const pairs = new Map<string, { line: number; types: Set<string> }>();
  const sideEffects = new Set<string>();
  let withoutMeddra = 0;
  let rowsUnmapped = 0;
  seLines.forEach((l, i) => {
    const [, stereo, , type, meddra] = l.split('\t');
    compounds.add(stereo!);
    const dbs = byCid.get(cidOfStereo(stereo!));
    if (dbs) { mapped.add(stereo!); if (dbs.size > 1) multi.add(stereo!); }
    if (meddra === '') { withoutMeddra++; return; }
    sideEffects.add(meddra!);
    if (!dbs) { rowsUnmapped++; return; }
    for (const db of dbs) {
      const key = `${db}|${meddra}`;
      const pair = pairs.get(key) ?? { line: i + 1, types: new Set<string>() };
      pair.types.add(type!);
      pairs.set(key, pair);
    }
  });
  const withFreq = new Set<string>();
  const withPlacebo = new Set<string>();
  const freqLines = gunzipLines(FREQ);
  for (const l of freqLines) {
    const c = l.split('\t');
    const dbs = byCid.get(cidOfStereo(c[1]!));
    if (!dbs || c[8] === '') continue;
    for (const db of dbs) {
      const key = `${db}|${c[8]}`;
      if (!pairs.has(key)) continue;
      (c[3] === 'placebo' ? withPlacebo : withFreq).add(key);
    }
  }
  // drugbank-slim's descriptions span lines inside quotes: a drug's row is a line that starts with its id and a tab.
  const slim = new Set(fs.readFileSync(shared(SLIM), 'utf8').split('\n').map((l) => /^(DB\d{5})\t/.exec(l)?.[1]).filter((id): id is string => id !== undefined));
  return {
    slim, pairsOfSlimDrugs: [...pairs.keys()].filter((k) => slim.has(k.split('|')[0]!)).length,
    mappingRows: mappingLines.length - 1, seRows: seLines.length, freqRows: freqLines.length, freqPlacebo: freqLines.filter((l) => l.split('\t')[3] === 'placebo').length,
    compounds: compounds.size, mapped: mapped.size, multi: multi.size, pairs, withoutMeddra, rowsUnmapped,
    sideEffects: sideEffects.size, sideEffectsWithClaims: new Set([...pairs.keys()].map((k) => k.split('|')[1])).size,
    drugs: new Set([...pairs.keys()].map((k) => k.split('|')[0])).size, withFreq: withFreq.size, withPlacebo: withPlacebo.size,
  };
}

describe('biomed: sider import of the real shared files (SIDER 4.1 + DrugBank PubChem mapping)', function () {
  this.timeout(180_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, SE, FREQ, MAPPING, SLIM);
    expected = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-sider-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the files have the README\'s row counts and give Hetionet\'s 5,734 side effects and 138,944 edges (read by the test itself)', () => {
    expect([expected.seRows, expected.freqRows, expected.mappingRows]).to.deep.equal([309849, 291632, 204709]);
    // Hetionet v1.0 has 5,734 SideEffect nodes: the MedDRA UMLS ids of the pairs that join to DrugBank.
    expect(expected.sideEffectsWithClaims).to.equal(5734);
    expect([expected.compounds, expected.mapped, expected.multi, expected.withoutMeddra]).to.deep.equal([1556, 1192, 142, 901]);
    // drugbank-slim's 1,552 drugs are Hetionet's 1,552 compounds; the pairs of those drugs are exactly Hetionet v1.0's
    // 138,944 Compound-causes-SideEffect edges (1,787 is its line count: descriptions span lines).
    expect([expected.slim.size, expected.pairsOfSlimDrugs]).to.deep.equal([1552, 138944]);
  });

  it('imports the pinned files: one CAUSES claim per DrugBank compound-side effect pair, counts as read here', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'sider', files: files() });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    console.log(`      sider import (${expected.seRows} + ${expected.freqRows} + ${expected.mappingRows} rows, ${expected.pairs.size} claims): ${seconds.toFixed(1)} s`);
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      rows: expected.seRows, rows_skipped_malformed: 0, rows_without_meddra_id: expected.withoutMeddra, rows_of_unmapped_compounds: expected.rowsUnmapped,
      compounds: expected.compounds, compounds_mapped: expected.mapped, compounds_unmapped: expected.compounds - expected.mapped,
      compounds_with_several_drugbank_ids: expected.multi, drugbank_compounds: expected.drugs,
      side_effects: expected.sideEffects, side_effects_with_claims: expected.sideEffectsWithClaims, terms: expected.sideEffects,
      claims: expected.pairs.size, evidence_links: expected.pairs.size, causes_claims: expected.pairs.size,
      claims_with_frequency: expected.withFreq, claims_with_placebo_frequency: expected.withPlacebo,
      freq_rows: expected.freqRows, freq_placebo_rows: expected.freqPlacebo, mapping_rows: expected.mappingRows,
    });
    expect(result.report.warnings).to.include(`${expected.compounds - expected.mapped} SIDER compound(s) (stereo STITCH ids, ${expected.rowsUnmapped} rows) have no DrugBank id through mapping-pubchem.tsv: skipped`);
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.claims', `${where} and predicate = 'CAUSES' and evidence_direction = 'supports'`)).to.equal(expected.pairs.size);
    const slimSubjects = `array[${[...expected.slim].map((id) => `'DRUGBANK:${id}'`).join(',')}]`;
    expect(await env.count('biomed.claims', `${where} and subject = any(${slimSubjects})`)).to.equal(138944);
    expect(await env.count('biomed.claims', `${where} and (subject !~ '^DRUGBANK:DB[0-9]{5}$' or object !~ '^UMLS:C[0-9]{7}$')`)).to.equal(0);
    expect(await env.count('biomed.terms', `${where} and kind = 'side_effect' and search_text = '' and curie like 'UMLS:C%'`)).to.equal(expected.sideEffects);
    // Every claim is a pair of the file, with the pair's first line as evidence and the types it occurs with.
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, c.qualifiers->'meddra_type' as types, e.source_line, e.source_file, e.reference
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ?`, [snapshotId]);
    expect(rows).to.have.length(expected.pairs.size);
    for (const r of rows as { subject: string; object: string; types: string[]; source_line: number; source_file: string; reference: string }[]) {
      const pair = expected.pairs.get(`${r.subject.slice('DRUGBANK:'.length)}|${r.object.slice('UMLS:'.length)}`);
      expect(pair, `${r.subject} ${r.object}`).to.not.equal(undefined);
      expect([r.source_line, r.types, r.source_file, r.reference]).to.deep.equal([pair!.line, [...pair!.types].sort(), 'meddra_all_se.tsv.gz', 'doi:10.1093/nar/gkv1075']);
    }
  });

  it('checks known rows by hand: acetaminophen anaemia with placebo apart, a compound with two DrugBank ids, an unmapped compound', async () => {
    // meddra_all_se lines 15018-15019: CID100001983 CID000001983 C0002871 LLT/PT C0002871 Anaemia; pubchem.tsv: DB00316 1983;
    // meddra_freq: 2.7% (0.027) twice, placebo 6.9% (0.069) twice (LLT and PT rows).
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.predicate, c.object, c.evidence_direction, c.mondo_curie, c.qualifiers,
      e.source_file, e.source_line, e.reference, e.evidence_code from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? and c.subject = 'DRUGBANK:DB00316' and c.object = 'UMLS:C0002871'`, [snapshotId]);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({
      subject: 'DRUGBANK:DB00316', predicate: 'CAUSES', object: 'UMLS:C0002871', evidence_direction: 'supports', mondo_curie: null,
      source_file: 'meddra_all_se.tsv.gz', source_line: 15018, reference: 'doi:10.1093/nar/gkv1075', evidence_code: 'LLT',
    });
    expect(rows[0].qualifiers).to.deep.equal({
      meddra_type: ['LLT', 'PT'], side_effect_name: 'Anaemia', stitch_flat: ['CID100001983'], stitch_stereo: ['CID000001983'], pubchem_cid: [1983],
      frequency: { texts: ['2.7%'], lower: 0.027, upper: 0.027 }, placebo_frequency: { texts: ['6.9%'], lower: 0.069, upper: 0.069 },
      source: 'SIDER 4.1', license: 'CC BY-NC-SA 4.0',
    });
    // Line 1: CID100000085 CID000010917 C0000729 LLT C0000729 Abdominal cramps; CID 10917 maps to DB00583 and DB02648: a claim each.
    const line1 = (await env.runtime.db.knex.raw(`select c.subject from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? and c.object = 'UMLS:C0000729' and e.source_line = 1 order by 1`, [snapshotId])).rows;
    expect(line1.map((r: { subject: string }) => r.subject)).to.deep.equal(['DRUGBANK:DB00583', 'DRUGBANK:DB02648']);
    // CID000000297 (flat CID100000297) has no PubChem -> DrugBank row: nothing of it is written.
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and qualifiers->'stitch_stereo' @> '["CID000000297"]'`)).to.equal(0);
    const term = await env.get('/api/v1/conditions/UMLS:C0002871');
    expect(term.status).to.equal(200);
    expect(term.body).to.include({ label: 'Anaemia', kind: 'side_effect' });
    expect((await env.get('/api/v1/conditions/search?q=anaemia')).body.count).to.equal(0); // side effects are not conditions
    const claims = await env.get('/api/v1/conditions/UMLS:C0002871/claims?predicate=CAUSES&limit=200');
    expect(claims.status).to.equal(200);
    const anaemia = [...expected.pairs.keys()].filter((k) => k.endsWith('|C0002871')).length;
    expect([claims.body.count, claims.body.has_more]).to.deep.equal([Math.min(anaemia, 200), anaemia > 200]);
    for (const c of claims.body.claims) expect(c).to.include({ predicate: 'CAUSES', object: 'UMLS:C0002871', role: 'object' });
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'sider', files: [shared(MAPPING), shared(FREQ), shared(SE)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(MAPPING));
    const at = bytes.indexOf('DB00316');
    bytes[at + 6] = '7'.charCodeAt(0); // DB00316 -> DB00317
    const copy = path.join(dir, 'mapping-pubchem.tsv');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'sider', files: [shared(SE), shared(FREQ), copy] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=sider')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('refuses a wrong file list', async () => {
    for (const list of [[shared(SE)], [shared(SE), shared(FREQ)], [shared(SE), shared(MAPPING), shared('sider4/meddra_all_indications.tsv.gz')]]) {
      const error = await env.import({ resource: 'sider', files: list }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code, list.join(' ')).to.equal('bad_input');
    }
  });
});
