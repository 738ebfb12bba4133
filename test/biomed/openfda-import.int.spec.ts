// The openfda importer: the drug-label fixture form (download form, streamed), and the real openFDA
// files of ../shared/data (one FAERS event, 500 harmonization lines) counted independently here; claims
// readable through /api/v1; re-import is a no-op; tampered and truncated copies change nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BiomedEnv, fixture, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const LABELS = 'openfda-label-fixture.json';
const FAERS = 'openfda/faers_event.preannotation.json';
const HARMONIZED = 'openfda/openfda_harmonized.small.jsonl';

describe('biomed: the openfda importer', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openfda-'));
  });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the label download form: a drug per label, indications kept as text, no guessed INDICATED_FOR', async () => {
    const labels = JSON.parse(fs.readFileSync(fixture(LABELS), 'utf8')).results as { set_id: string; indications_and_usage?: string[] }[];
    const result = await env.import({ resource: 'openfda', files: [fixture(LABELS)] });
    expect(result.outcome).to.equal('imported');
    const id = result.snapshot.snapshot_id;
    expect(result.snapshot.version).to.equal('2026-01-08');
    const drugs = await env.runtime.db.knex('biomed.terms').where({ snapshot_id: id, kind: 'drug' }).orderBy('curie').select('curie', 'label', 'synonyms', 'xrefs');
    expect(drugs.map((d) => d.curie)).to.deep.equal(labels.map((l) => `SPL_SET:${l.set_id}`).sort());
    expect(drugs[1].label).to.equal('EXAMPLEX');
    expect(drugs[1].synonyms.map((s: { text: string }) => s.text)).to.deep.equal(['EXAMPLEX XR', 'EXAMPLENIB']);
    expect(drugs[1].xrefs.map((x: { id: string }) => x.id)).to.include.members(['RXCUI:9990002', 'RXCUI:9990003', 'UNII:FIXTURE002', 'NDC:99999-002']);
    const texts = labels.flatMap((l) => l.indications_and_usage ?? []);
    const attributes = await env.runtime.db.knex('biomed.term_attributes').where({ snapshot_id: id }).orderBy('attribute_no').select('curie', 'name', 'value');
    expect(attributes.map((a) => a.value)).to.deep.equal(texts);
    expect(await env.count('biomed.claims', `snapshot_id = '${id}'`)).to.equal(0);
    const before = await storeFootprint(env);
    expect((await env.import({ resource: 'openfda', files: [fixture(LABELS)] })).outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy and fails on truncated JSON, leaving the active snapshot as it was', async () => {
    const bytes = Buffer.from(fs.readFileSync(fixture(LABELS)));
    const tampered = path.join(dir, 'tampered.json');
    bytes[10] = bytes[10] === 0x61 ? 0x62 : 0x61;
    fs.writeFileSync(tampered, bytes);
    const before = await storeFootprint(env);
    const active = JSON.stringify((await env.get('/api/v1/snapshots?resource=openfda')).body.snapshots);
    let refused: Error | null = null;
    try { await env.import({ resource: 'openfda', files: [tampered] }); } catch (error) { refused = error as Error; }
    expect(refused?.message).to.contain('matches no pinned checksum');
    expect(await storeFootprint(env)).to.deep.equal(before);

    const truncated = path.join(dir, 'truncated.json');
    fs.writeFileSync(truncated, fs.readFileSync(fixture(LABELS)).subarray(0, 1500));
    let failed: Error | null = null;
    try { await env.import({ resource: 'openfda', files: [truncated], allowUnpinned: true }); } catch (error) { failed = error as Error; }
    expect(failed?.message).to.match(/truncated\.json: not valid JSON/).and.contain('rolled back');
    const after = await storeFootprint(env);
    for (const table of ['biomed.terms', 'biomed.claims', 'biomed.evidence_links']) expect(after[table], table).to.equal(before[table]);
    expect(await env.count('biomed.term_attributes')).to.equal(2);
    const nowActive = (await env.get('/api/v1/snapshots?resource=openfda')).body.snapshots.filter((s: { active: boolean }) => s.active);
    expect(nowActive.map((s: { snapshot_id: string }) => s.snapshot_id)).to.deep.equal(JSON.parse(active).filter((s: { active: boolean }) => s.active).map((s: { snapshot_id: string }) => s.snapshot_id));
  });

  describe('the real openFDA files (../shared/data/openfda)', () => {
    let snapshotId: string;
    let event: { safetyreportid: string; patient: { drug: { drugcharacterization: string; medicinalproduct: string }[]; reaction: { reactionmeddrapt: string }[] } };
    let products: { spl_set_id: string; brand_name: string }[];

    before(async function () {
      requireSharedData(this, FAERS, HARMONIZED);
      event = JSON.parse(fs.readFileSync(shared(FAERS), 'utf8'));
      products = fs.readFileSync(shared(HARMONIZED), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
      const result = await env.import({ resource: 'openfda', files: [shared(FAERS), shared(HARMONIZED)] });
      expect(result.outcome).to.equal('imported');
      snapshotId = result.snapshot.snapshot_id;
      expect(result.outcome === 'imported' && result.report.forced).to.equal(false);
    });

    it('makes a drug per SPL set id of the harmonization table, and the event\'s suspect drug and reactions', async () => {
      const setIds = new Set(products.map((p) => p.spl_set_id));
      const suspects = new Set(event.patient.drug.filter((d) => d.drugcharacterization === '1' || d.drugcharacterization === '3').map((d) => d.medicinalproduct));
      const reactions = new Set(event.patient.reaction.map((r) => r.reactionmeddrapt));
      expect(suspects).to.deep.equal(new Set(['VIOXX'])); // the file's one suspect drug, listed twice
      expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'drug' and curie like 'SPL_SET:%'`)).to.equal(setIds.size);
      expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'drug' and curie like 'DRUG_NAME:%'`)).to.equal(suspects.size);
      expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind = 'adverse_event'`)).to.equal(reactions.size);
      expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'HAS_ADVERSE_EVENT'`)).to.equal(suspects.size * reactions.size);
      const acetaminophen = await env.runtime.db.knex('biomed.terms').where({ snapshot_id: snapshotId, curie: 'SPL_SET:0005aafa-08f8-4990-a54d-cc097195708f' }).first('label', 'xrefs');
      expect(acetaminophen.label).to.equal('Pain Relief');
      expect(acetaminophen.xrefs.map((x: { id: string }) => x.id)).to.include.members(['RXCUI:198440', 'UNII:362O9ITL9D', 'NDC:63941-519']);
    });

    it('serves the adverse-event claims through /api/v1, each with its report as evidence', async () => {
      const { status, body } = await env.get('/api/v1/conditions/DRUG_NAME:VIOXX/claims?predicate=HAS_ADVERSE_EVENT&limit=200');
      expect(status).to.equal(200);
      expect(body.disclaimer).to.match(/research/i);
      expect(body.claims).to.have.length(new Set(event.patient.reaction.map((r) => r.reactionmeddrapt)).size);
      expect(body.claims[0].evidence[0]).to.deep.include({ reference: `FAERS:${event.safetyreportid}` });
      expect(body.claims[0].evidence[0].source.file).to.equal('faers_event.preannotation.json');
      const stats = (await env.get('/api/v1/analytics/stats')).body;
      expect(stats.predicates.find((p: { predicate: string }) => p.predicate === 'HAS_ADVERSE_EVENT')).to.include({ count: body.claims.length, supports: body.claims.length });
    });
  });
});

describe('biomed: the openfda importer on a real label without its openfda block', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  before(async () => { env = await startBiomedEnv(); });
  after(async () => { await env?.close(); });

  it('names the drug of a real label without its openfda block (Ambien) from the SPL product elements (it was imported unnamed)', async function () {
    requireSharedData(this, 'responses/openfda/ambien.json');
    const answer = JSON.parse(fs.readFileSync(shared('responses/openfda/ambien.json'), 'utf8')) as { results: Record<string, unknown>[] };
    const { openfda: _dropped, ...bare } = answer.results[0]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openfda-bare-'));
    const file = path.join(dir, 'ambien-without-openfda.json');
    fs.writeFileSync(file, JSON.stringify({ results: [bare] }));
    const result = await env.import({ resource: 'openfda', files: [file], allowUnpinned: true });
    const drugs = await env.runtime.db.knex('biomed.terms').where({ snapshot_id: result.snapshot.snapshot_id, kind: 'drug' }).select('curie', 'label');
    // set_id 02b5e3bb-…; spl_product_data_elements "AMBIEN ZOLPIDEM TARTRATE ZOLPIDEM TARTRATE ZOLPIDEM HYPROMELLOSES …"
    fs.rmSync(dir, { recursive: true, force: true });
    expect(drugs).to.deep.equal([{ curie: 'SPL_SET:02b5e3bb-c976-40a3-9077-64ffe637429f', label: 'ZOLPIDEM TARTRATE' }]);
  });
});
