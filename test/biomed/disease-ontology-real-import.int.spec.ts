// Importing the real Human Disease Ontology (HumanDO.obo, 2016) with MONDO's exact MONDO–DOID SSSOM set
// from ../shared/data: every [Term] arrives as a disease term, non-obsolete counts, IS_A edges and xrefs
// equal the file's own counts (read here with no project code), the set's exact MONDO–DOID rows become
// exact mappings so GET /conditions/DOID:x shows its MONDO id, a DOID without an exact match stays a DOID,
// a re-import writes nothing and a one-byte-tampered copy is refused with the active snapshot untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, fixture, shared, requireSharedData, startBiomedEnv, storeFootprint } from './support/biomed-env';

const DO_FILE = 'disease-ontology/HumanDO.obo';
const SSSOM_FILE = 'mondo/mondo_exactmatch_doid.sssom.tsv';

interface ExpectedDo { terms: number; nonObsolete: Set<string>; edges: number; edgesByChild: Map<string, number>; xrefs: number }

/** A deliberately separate, minimal reading of the OBO file: stanza by stanza. */
async function readDo(file: string): Promise<ExpectedDo> {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const out: ExpectedDo = { terms: 0, nonObsolete: new Set(), edges: 0, edgesByChild: new Map(), xrefs: 0 };
  let current: { id: string; parents: number; xrefs: number; obsolete: boolean } | null = null;
  const close = () => {
    if (current && !current.obsolete) {
      out.nonObsolete.add(current.id);
      out.edges += current.parents;
      out.xrefs += current.xrefs;
      if (current.parents > 0) out.edgesByChild.set(current.id, current.parents);
    }
    current = null;
  };
  for await (const line of lines) {
    if (line.startsWith('[')) { close(); if (line.trim() === '[Term]') { out.terms++; current = { id: '', parents: 0, xrefs: 0, obsolete: false }; } continue; }
    if (!current) continue;
    if (line.startsWith('id: ')) current.id = line.slice(4).trim();
    else if (line.startsWith('is_a: ')) current.parents++;
    else if (line.startsWith('xref: ')) current.xrefs++;
    else if (line.trim() === 'is_obsolete: true') current.obsolete = true;
  }
  close();
  return out;
}

/** DOID -> MONDO from the set's data lines whose predicate is skos:exactMatch and that pair MONDO with DOID. */
async function readSssom(file: string): Promise<Map<string, string>> {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  const out = new Map<string, string>();
  let header = true;
  for await (const line of lines) {
    if (line.startsWith('#') || line === '') continue;
    if (header) { header = false; continue; }
    const [subject, , predicate, object] = line.split('\t');
    if (predicate === 'skos:exactMatch' && subject!.startsWith('MONDO:') && object!.startsWith('DOID:')) out.set(object!, subject!);
  }
  return out;
}

describe('biomed: the real Human Disease Ontology with the MONDO–DOID exact set', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ExpectedDo;
  let mondoByDoid: Map<string, string>;
  let snapshotId: string;
  const files = () => [shared(DO_FILE), shared(SSSOM_FILE)];

  before(async function () {
    requireSharedData(this, DO_FILE, SSSOM_FILE);
    env = await startBiomedEnv();
    expected = await readDo(shared(DO_FILE));
    mondoByDoid = await readSssom(shared(SSSOM_FILE));
    const result = await env.import({ resource: 'disease_ontology', files: files() });
    expect(result.outcome).to.equal('imported');
    snapshotId = result.snapshot.snapshot_id;
  });
  after(async () => { await env?.close(); });

  it('yields every term with the file\'s own counts: terms, non-obsolete ids, IS_A edges and claims', async () => {
    expect(expected.terms).to.equal(8948); // what the shared-data README states
    expect(expected.nonObsolete.size).to.equal(6574);
    const { rows } = await env.runtime.db.knex.raw(`select curie from biomed.terms where snapshot_id = ? and not obsolete order by curie`, [snapshotId]);
    expect(rows.map((r: { curie: string }) => r.curie)).to.deep.equal([...expected.nonObsolete].sort());
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}'`)).to.equal(expected.terms);
    expect(await env.count('biomed.terms', `snapshot_id = '${snapshotId}' and kind <> 'disease'`)).to.equal(0);
    expect(await env.count('biomed.is_a_edges', `snapshot_id = '${snapshotId}'`)).to.equal(expected.edges);
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and predicate = 'IS_A'`)).to.equal(expected.edges);
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}'`)).to.equal(expected.edges);
    expect(await env.count('biomed.evidence_links', `snapshot_id = '${snapshotId}'`)).to.equal(expected.edges);
    const reportResponse = await env.get(`/api/v1/snapshots/${snapshotId}/report`);
    expect(reportResponse.status, JSON.stringify(reportResponse.body)).to.equal(200);
    const report = reportResponse.body.report;
    expect(report.counts).to.include({
      terms: expected.terms, non_obsolete_terms: expected.nonObsolete.size, obsolete_terms: expected.terms - expected.nonObsolete.size,
      is_a_edges: expected.edges, db_xref_mappings: expected.xrefs, sssom_exact_mappings: mondoByDoid.size,
    });
    expect(report.forced).to.equal(false);
    expect(report.artifacts.map((a: { pinned: { form: string } }) => a.pinned.form)).to.deep.equal(['full', 'full']);
  });

  it('writes the set\'s exact MONDO–DOID rows as exact mappings and every xref as a non-exact hasDbXref row', async () => {
    expect(mondoByDoid.size).to.equal(11966); // every data row of the set (the README's 11,967 counts the column header)
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.mappings', `${where} and predicate_id = 'skos:exactMatch' and source = 'sssom'`)).to.equal(mondoByDoid.size);
    expect(await env.count('biomed.mappings', `${where} and predicate_id = 'skos:exactMatch'`)).to.equal(mondoByDoid.size);
    expect(await env.count('biomed.mappings', `${where} and predicate_id = 'oboInOwl:hasDbXref' and source = 'obo_xref'`)).to.equal(expected.xrefs);
    expect(await env.count('biomed.mappings', where)).to.equal(mondoByDoid.size + expected.xrefs);
  });

  it('records on each IS_A claim the MONDO id of its DOID when the set maps it exactly, else none', async () => {
    let mapped = 0;
    for (const [child, n] of expected.edgesByChild) if (mondoByDoid.has(child)) mapped += n;
    expect(await env.count('biomed.claims', `snapshot_id = '${snapshotId}' and mondo_curie is not null`)).to.equal(mapped);
    const { rows } = await env.runtime.db.knex.raw(`select c.object, c.mondo_curie, e.source_file, e.source_line from biomed.claims c
      join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? and c.subject = 'DOID:9074' order by c.object`, [snapshotId]);
    // HumanDO.obo lines 101582-101583: is_a DOID:65 (connective tissue disease), is_a DOID:8857 (lupus erythematosus)
    expect(rows).to.deep.equal([
      { object: 'DOID:65', mondo_curie: 'MONDO:0007915', source_file: 'HumanDO.obo', source_line: 101582 },
      { object: 'DOID:8857', mondo_curie: 'MONDO:0007915', source_file: 'HumanDO.obo', source_line: 101583 },
    ]);
  });

  it('GET /conditions/DOID:9074 shows its exact MONDO match, never its OMIM xrefs, as identity', async () => {
    const summary = await env.get('/api/v1/conditions/DOID:9074');
    expect(summary.status).to.equal(200);
    expect(summary.body).to.include({ curie: 'DOID:9074', label: 'systemic lupus erythematosus', kind: 'disease', mondo_curie: 'MONDO:0007915', obsolete: false });
    expect(summary.body.mappings.map((m: { curie: string; sources: string[] }) => [m.curie, m.sources])).to.deep.equal([['MONDO:0007915', ['sssom']]]);
    expect(summary.body.mappings[0].label).to.equal('systemic lupus erythematosus');
    expect(summary.body.xrefs).to.deep.include({ id: 'OMIM:152700', source: null });
    expect(summary.body.synonyms).to.deep.include({ text: 'disseminated lupus erythematosus', scope: 'EXACT', type: null });
    expect(summary.body.source.resource).to.equal('disease_ontology');
  });

  it('keeps a DOID without an exact MONDO match as a DOID with no MONDO id', async () => {
    const unmapped = [...expected.nonObsolete].filter((d) => !mondoByDoid.has(d)).sort();
    expect(unmapped.length).to.be.greaterThan(0);
    const summary = (await env.get(`/api/v1/conditions/${unmapped[0]}`)).body;
    expect(summary.curie).to.equal(unmapped[0]);
    expect(summary.mondo_curie).to.equal(null);
    expect(summary.mappings).to.deep.equal([]);
  });

  it('imports the same artifacts a second time as a no-op that says so', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'disease_ontology', files: files() });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered HumanDO.obo before writing anything; the active snapshot is untouched', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'do-tampered-'));
    try {
      const copy = path.join(dir, 'HumanDO.obo');
      const bytes = fs.readFileSync(shared(DO_FILE));
      const at = bytes.indexOf('systemic lupus erythematosus');
      bytes[at] = 'S'.charCodeAt(0);
      fs.writeFileSync(copy, bytes);
      const before = await storeFootprint(env);
      const error = await env.import({ resource: 'disease_ontology', files: [copy, shared(SSSOM_FILE)] }).then(() => null, (e: unknown) => e);
      expect(error).to.be.instanceOf(ImportRefusedError);
      expect((error as ImportRefusedError).code).to.equal('unpinned');
      expect(await storeFootprint(env)).to.deep.equal(before);
      const { rows } = await env.runtime.db.knex.raw(`select snapshot_id from biomed.snapshots where resource = 'disease_ontology' and active`);
      expect(rows.map((r: { snapshot_id: string }) => r.snapshot_id)).to.deep.equal([snapshotId]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with MONDO imported too, DOID:9074 and MONDO:0007915 resolve to each other', async () => {
    const mondo = await env.import({ resource: 'mondo', files: [fixture('mondo-fixture.obo')] });
    expect(mondo.outcome).to.equal('imported');
    const doid = (await env.get('/api/v1/conditions/DOID:9074')).body;
    expect(doid.mondo_curie).to.equal('MONDO:0007915');
    const sle = (await env.get('/api/v1/conditions/MONDO:0007915')).body;
    expect(sle.source.resource).to.equal('mondo');
    expect(sle.mappings.map((m: { curie: string }) => m.curie)).to.include('DOID:9074');
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'disease_ontology', files: [shared(SSSOM_FILE)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
