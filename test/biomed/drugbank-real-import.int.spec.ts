// The drugbank importer on the real shared files (dhimmel/drugbank drugbank-slim.tsv + the UniChem
// DrugBank-PubChem table): drug terms, attributes and related PubChem mappings counted here from the files
// themselves with plain string splitting (a record starts on a line "DB<digits><tab>"; only the last column,
// the description, may be quoted over several lines), known drugs by hand, idempotent re-import, a
// tampered copy refused, DrugBank's term winning the term read over another drug resource's bare name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { activeSnapshots } from '../../infra/biomed/read/active-snapshots';
import { resolveIdentities } from '../../infra/biomed/read/identity';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const SLIM = 'drugbank/drugbank-slim.tsv';
const PUBCHEM = 'drugbank/mapping-pubchem.tsv';
const TARGETS = 'drugcentral/targets.tsv';

interface Drug { line: number; id: string; name: string; type: string; groups: string[]; atc: string[]; categories: string[]; inchikey: string; inchi: string; description: string }

/** Counted straight from the files, independently of the importer's parsers. */
function expectedFromFiles() {
  const lines = fs.readFileSync(shared(SLIM), 'utf8').split('\n');
  expect(lines[0]).to.equal('drugbank_id\tname\ttype\tgroups\tatc_codes\tcategories\tinchikey\tinchi\tdescription');
  const list = (cell: string) => [...new Set(cell.split('|').map((v) => v.trim()).filter((v) => v !== ''))];
  const drugs: Drug[] = [];
  let current: { drug: Drug; description: string[] } | null = null;
  const close = () => {
    if (!current) return;
    let d = current.description.join('\n');
    if (d.startsWith('"')) d = d.slice(1, d.endsWith('"') ? -1 : undefined).split('""').join('"');
    current.drug.description = d.split('\r').join('').trim();
    drugs.push(current.drug);
  };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^DB\d+\t/.test(line)) {
      close();
      const c = line.split('\t');
      current = {
        drug: { line: i + 1, id: c[0]!, name: c[1]!, type: c[2]!, groups: list(c[3]!), atc: list(c[4]!), categories: list(c[5]!), inchikey: c[6]!.replace('InChIKey=', ''), inchi: c[7]!, description: '' },
        description: [c.slice(8).join('\t')],
      };
    } else if (current) {
      current.description.push(line);
    }
  }
  close();
  const groups: Record<string, number> = {};
  for (const d of drugs) for (const g of d.groups) groups[g] = (groups[g] ?? 0) + 1;
  const sum = (f: (d: Drug) => number) => drugs.reduce((n, d) => n + f(d), 0);
  // mapping-pubchem.tsv has CRLF line ends.
  const pubchem = fs.readFileSync(shared(PUBCHEM), 'utf8').split(/\r?\n/).slice(1).filter((l) => l !== '').map((l) => l.split('\t'));
  const ids = new Set(drugs.map((d) => d.id));
  return {
    drugs, groups, byId: new Map(drugs.map((d) => [d.id, d])),
    atc: sum((d) => d.atc.length), categories: sum((d) => d.categories.length), withAtc: drugs.filter((d) => d.atc.length > 0).length,
    withDescription: drugs.filter((d) => d.description !== '').length,
    attributes: sum((d) => 1 + d.groups.length + d.atc.length + d.categories.length + 2), // type, groups, ATC codes, categories, inchikey, inchi
    pubchemRows: pubchem.length, pubchemDrugs: new Set(pubchem.map((r) => r[0])).size,
    pubchemOfSlimDrugs: pubchem.filter((r) => ids.has(r[0]!)).length, aspirinCids: pubchem.filter((r) => r[0] === 'DB00945').map((r) => `PUBCHEM.COMPOUND:${r[1]}`).sort(),
  };
}

describe('biomed: drugbank import of the real shared files', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;
  const footprint = async () => ({ ...await storeFootprint(env), attributes: await env.count('biomed.term_attributes') });

  before(async function () {
    requireSharedData(this, SLIM, PUBCHEM, TARGETS);
    expected = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-drugbank-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the files have the counts the test reads from them', () => {
    // 1,787 lines after the header (the README's "rows"), but 1,552 drugs: 94 descriptions run over several lines.
    expect(expected.drugs).to.have.length(1552);
    expect(new Set(expected.drugs.map((d) => d.id)).size).to.equal(1552);
    expect(expected.groups).to.deep.equal({ approved: 1552, investigational: 308, withdrawn: 74, illicit: 68, nutraceutical: 64, experimental: 6 });
    expect([expected.atc, expected.withAtc, expected.categories]).to.deep.equal([1802, 1255, 2904]);
    expect(expected.pubchemRows).to.equal(204709);
  });

  it('imports the pinned files in seconds: a drug term per drug, attributes, related PubChem mappings', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'drugbank', files: [shared(SLIM), shared(PUBCHEM)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    console.log(`      drugbank import of ${expected.drugs.length} drugs + ${expected.pubchemRows} PubChem rows: ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      rows: expected.drugs.length, skipped_rows: 0, drugs: expected.drugs.length, terms: expected.drugs.length, claims: 0,
      group_approved: expected.groups.approved, group_withdrawn: expected.groups.withdrawn, group_investigational: expected.groups.investigational,
      group_illicit: expected.groups.illicit, group_nutraceutical: expected.groups.nutraceutical, group_experimental: expected.groups.experimental,
      atc_codes: expected.atc, drugs_with_atc: expected.withAtc, categories: expected.categories, drugs_with_description: expected.withDescription,
      term_attributes: expected.attributes, mappings: expected.pubchemRows, pubchem_rows: expected.pubchemRows, pubchem_drugs: expected.pubchemDrugs,
      pubchem_mappings_of_drugs_not_in_slim: expected.pubchemRows - expected.pubchemOfSlimDrugs,
    });
    expect((result.report.details as { source: { license: string } }).source.license).to.equal('CC BY-NC 4.0');
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.terms', `${where} and kind = 'drug' and search_text = '' and curie like 'DRUGBANK:DB%'`)).to.equal(expected.drugs.length);
    expect(await env.count('biomed.terms', `${where} and definition is not null`)).to.equal(expected.withDescription);
    for (const [name, n] of [['group', Object.values(expected.groups).reduce((a, b) => a + b, 0)], ['atc_code', expected.atc], ['category', expected.categories], ['type', 1552], ['inchikey', 1552], ['inchi', 1552]] as const) {
      expect(await env.count('biomed.term_attributes', `${where} and name = '${name}'`), name).to.equal(n);
    }
    expect(await env.count('biomed.term_attributes', `${where} and name = 'group' and value = 'withdrawn'`)).to.equal(74);
    expect(await env.count('biomed.mappings', `${where} and predicate_id = 'skos:relatedMatch' and source = 'unichem' and object_id like 'PUBCHEM.COMPOUND:%'`)).to.equal(expected.pubchemRows);
    // Every description as the test reads it (quotes undone, CRLF inside quoted fields read as \n).
    const { rows } = await env.runtime.db.knex.raw(`select curie, label, coalesce(definition, '') as definition, source_line from biomed.terms where ${where}`);
    for (const r of rows as { curie: string; label: string; definition: string; source_line: number }[]) {
      const d = expected.byId.get(r.curie.slice('DRUGBANK:'.length))!;
      expect([r.label, r.definition, r.source_line], r.curie).to.deep.equal([d.name, d.description, d.line]);
    }
  });

  it('checks known drugs by hand: aspirin, a withdrawn drug, a multi-line description', async () => {
    const aspirin = (await env.get('/api/v1/conditions/DRUGBANK:DB00945')).body;
    expect(aspirin).to.include({ label: 'Acetylsalicylic acid', kind: 'drug' });
    expect(aspirin.xrefs.map((x: { id: string }) => x.id)).to.deep.equal(['INCHIKEY:BSYNRYMUTXBXSQ-UHFFFAOYSA-N', 'ATC:A01AD05', 'ATC:B01AC06', 'ATC:N02BA01']);
    expect(aspirin.definition).to.equal(expected.byId.get('DB00945')!.description);
    const attributes = await env.runtime.db.knex('biomed.term_attributes').where({ snapshot_id: snapshotId, curie: 'DRUGBANK:DB00323' }).orderBy('attribute_no').select('name', 'value', 'source_file', 'source_line');
    expect(attributes.map((a) => [a.name, a.value])).to.deep.equal([
      ['type', 'small molecule'], ['group', 'approved'], ['group', 'withdrawn'], ['atc_code', 'N04BX01'], ['category', 'Antidyskinetics'],
      ['inchikey', 'MIQPIUSUKVNLNT-UHFFFAOYSA-N'], ['inchi', expected.byId.get('DB00323')!.inchi],
    ]);
    expect(attributes[0]).to.include({ source_file: 'drugbank-slim.tsv', source_line: expected.byId.get('DB00323')!.line });
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB00323')).body.label).to.equal('Tolcapone');
    const thf = expected.byId.get('DB00116')!;
    expect(thf.description).to.contain('\n');
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB00116')).body.definition).to.equal(thf.description);
    // Drugs are not conditions: search never returns them.
    expect((await env.get('/api/v1/conditions/search?q=tolcapone')).body.count).to.equal(0);
  });

  it('maps a drug to its PubChem CIDs as related matches only: no CID becomes the drug in the identity reads', async () => {
    const { rows } = await env.runtime.db.knex.raw(`select object_id, subject_label from biomed.mappings where snapshot_id = ? and subject_id = 'DRUGBANK:DB00945' order by object_id`, [snapshotId]);
    expect(rows.map((r: { object_id: string }) => r.object_id)).to.deep.equal(expected.aspirinCids);
    expect(rows.map((r: { object_id: string }) => r.object_id)).to.include('PUBCHEM.COMPOUND:2244'); // aspirin's parent CID
    expect(rows[0].subject_label).to.equal('Acetylsalicylic acid');
    const active = (await activeSnapshots(env.runtime.db.knex)).map((s) => s.snapshot_id);
    const ids = await resolveIdentities(env.runtime.db.knex, active, ['PUBCHEM.COMPOUND:2244', 'DRUGBANK:DB00945']);
    expect(ids.get('PUBCHEM.COMPOUND:2244')!.mappings).to.deep.equal([]);
    expect(ids.get('DRUGBANK:DB00945')!.mappings).to.deep.equal([]);
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await footprint();
    const again = await env.import({ resource: 'drugbank', files: [shared(PUBCHEM), shared(SLIM)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await footprint()).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await footprint();
    const bytes = fs.readFileSync(shared(SLIM));
    const at = bytes.indexOf('Tolcapone');
    bytes[at] = 't'.charCodeAt(0);
    const copy = path.join(dir, 'drugbank-slim.tsv');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'drugbank', files: [copy, shared(PUBCHEM)] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await footprint()).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=drugbank')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('keeps DrugBank\'s term (definition, xrefs) when another drug resource names the same drug', async () => {
    const targets = await env.import({ resource: 'drugcentral', files: [shared(TARGETS)] });
    expect(targets.outcome).to.equal('imported');
    expect(await env.count('biomed.terms', `curie = 'DRUGBANK:DB00945'`)).to.equal(2);
    const aspirin = (await env.get('/api/v1/conditions/DRUGBANK:DB00945')).body;
    expect(aspirin.definition).to.equal(expected.byId.get('DB00945')!.description);
    expect(aspirin.xrefs).to.have.length(4);
  });

  it('imports drugbank-slim alone (no mappings, warned) and refuses a wrong file list', async () => {
    const alone = await env.import({ resource: 'drugbank', files: [shared(SLIM)] });
    expect(alone.outcome).to.equal('imported');
    if (alone.outcome !== 'imported') return;
    expect(alone.snapshot.counts).to.include({ drugs: 1552, mappings: 0 });
    expect(alone.report.warnings).to.deep.equal(['no DrugBank-PubChem mapping given: no PUBCHEM.COMPOUND mappings written']);
    for (const files of [[shared(PUBCHEM)], [shared(SLIM), shared(TARGETS)], [shared(SLIM), shared(PUBCHEM), shared(PUBCHEM)]]) {
      const error = await env.import({ resource: 'drugbank', files }).then(() => null, (e: unknown) => e);
      expect((error as ImportRefusedError).code, files.join(' ')).to.equal('bad_input');
    }
  });
});
