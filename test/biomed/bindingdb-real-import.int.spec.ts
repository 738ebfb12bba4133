// The bindingdb importer on the real shared file (dhimmel/bindingdb bindings-drugbank-gene.tsv): one BINDS
// claim per row DRUGBANK -> NCBIGene, supports at affinity <= 1000 nM (Hetionet's 1 uM threshold), neutral
// above with meets_threshold false; counts from the test's own reading of the file (plain string
// splitting), rows above, below and at the threshold by hand, idempotent re-import, a tampered copy
// refused, and the command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const BINDINGS = 'bindingdb/bindings-drugbank-gene.tsv';

/** Counted straight from the file, independently of the importer's parser. */
function expectedFromFile() {
  const lines = fs.readFileSync(shared(BINDINGS), 'utf8').split('\n').filter((l) => l !== '');
  expect(lines[0]).to.equal('drugbank_id\tentrez_gene\taffinity_nM\tn_pairs\tsources\tpubmeds\tdrugbank_name\tdrugbank_approved\tgene_symbol');
  const rows = lines.slice(1).map((l, i) => {
    const [drug, gene, affinity, pairs, sources, pubmeds, name, approved, symbol] = l.split('\t') as string[];
    return { line: i + 2, drug: drug!, gene: gene!, affinity: parseFloat(affinity!), pairs: Number(pairs), sources: sources!, pubmeds: pubmeds!.split(',').filter((p) => p !== ''), name: name!, approved: approved === '1', symbol: symbol! };
  });
  const supports = rows.filter((r) => r.affinity <= 1000);
  return {
    rows, supports: supports.length, neutral: rows.length - supports.length, atThreshold: rows.filter((r) => r.affinity === 1000).length,
    drugs: new Set(rows.map((r) => r.drug)).size, genes: new Set(rows.map((r) => r.gene)).size,
    boundDrugs: new Set(supports.map((r) => r.drug)).size, boundGenes: new Set(supports.map((r) => r.gene)).size,
  };
}

describe('biomed: bindingdb import of the real shared bindings file', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFile>;
  let snapshotId: string;
  let dir: string;
  const claimAt = async (line: number) => (await env.runtime.db.knex.raw(`select c.subject, c.predicate, c.object, c.evidence_direction, c.qualifiers,
    e.source_file, e.source_line, e.reference, e.evidence_code from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
    where c.snapshot_id = ? and e.source_line = ?`, [snapshotId, line])).rows[0];

  before(async function () {
    requireSharedData(this, BINDINGS);
    expected = expectedFromFile();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-bindingdb-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the file has the README\'s row count; the 1 uM threshold splits it as the test counts', () => {
    expect(expected.rows).to.have.length(20345);
    expect([expected.supports, expected.neutral, expected.atThreshold]).to.deep.equal([5174, 15171, 72]);
    expect([expected.drugs, expected.genes]).to.deep.equal([2525, 1193]);
  });

  it('imports the pinned file in seconds: BINDS supports at <= 1000 nM, neutral above, drug terms', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'bindingdb', files: [shared(BINDINGS)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    console.log(`      bindingdb import of ${expected.rows.length} rows: ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      rows: expected.rows.length, skipped_rows: 0, claims: expected.rows.length, evidence_links: expected.rows.length,
      binds_supports: expected.supports, binds_neutral: expected.neutral, at_threshold: expected.atThreshold,
      drugs: expected.drugs, genes: expected.genes, terms: expected.drugs, drugs_with_binding: expected.boundDrugs, genes_with_binding: expected.boundGenes,
      approved_drug_rows: expected.rows.filter((r) => r.approved).length, rows_with_pubmed: expected.rows.filter((r) => r.pubmeds.length > 0).length,
    });
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.claims', `${where} and predicate = 'BINDS' and evidence_direction = 'supports' and (qualifiers->>'meets_threshold')::boolean`)).to.equal(expected.supports);
    expect(await env.count('biomed.claims', `${where} and predicate = 'BINDS' and evidence_direction = 'neutral' and not (qualifiers->>'meets_threshold')::boolean`)).to.equal(expected.neutral);
    expect(await env.count('biomed.claims', `${where} and evidence_direction = 'contradicts'`)).to.equal(0);
    expect(await env.count('biomed.claims', `${where} and (subject not like 'DRUGBANK:DB%' or object not like 'NCBIGene:%')`)).to.equal(0);
    expect(await env.count('biomed.terms', `${where} and kind = 'drug' and search_text = ''`)).to.equal(expected.drugs);
    // Every claim's affinity and direction as the test reads them.
    const { rows } = await env.runtime.db.knex.raw(`select (c.qualifiers->>'affinity_nM')::float8 as affinity, c.evidence_direction, e.source_line
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? order by e.source_line`, [snapshotId]);
    (rows as { affinity: number; evidence_direction: string; source_line: number }[]).forEach((r, i) => {
      const row = expected.rows[i]!;
      expect([r.source_line, r.affinity, r.evidence_direction]).to.deep.equal([row.line, row.affinity, row.affinity <= 1000 ? 'supports' : 'neutral']);
    });
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    expect(stats.predicates).to.deep.include({ predicate: 'BINDS', count: expected.rows.length, supports: expected.supports, contradicts: 0, neutral: expected.neutral });
  });

  it('checks rows by hand: Imatinib binds ABL1 at 139 nM (supports), ACVR1 at 10,001 nM (neutral), a row at exactly 1000 nM (supports)', async () => {
    const abl1 = expected.rows.find((r) => r.drug === 'DB00619' && r.gene === '25')!;
    expect(abl1).to.include({ affinity: 139.3731, sources: 'ChEMBL,PubChem', symbol: 'ABL1' });
    expect(await claimAt(abl1.line)).to.deep.equal({
      subject: 'DRUGBANK:DB00619', predicate: 'BINDS', object: 'NCBIGene:25', evidence_direction: 'supports',
      qualifiers: {
        affinity_nM: 139.3731, threshold_nM: 1000, meets_threshold: true, n_pairs: 1, sources: ['ChEMBL', 'PubChem'], pubmed_ids: ['15711537', '22037378', '18183025'],
        gene_symbol: 'ABL1', drug_name: 'Imatinib', drugbank_approved: true, source: 'BindingDB', license: 'CC BY 3.0',
      },
      source_file: 'bindings-drugbank-gene.tsv', source_line: abl1.line, reference: 'PMID:15711537', evidence_code: 'ChEMBL,PubChem',
    });
    const acvr1 = expected.rows.find((r) => r.drug === 'DB00619' && r.gene === '90')!;
    expect(acvr1.affinity).to.equal(10001);
    const weak = await claimAt(acvr1.line);
    expect(weak).to.deep.include({ object: 'NCBIGene:90', evidence_direction: 'neutral', reference: 'PMID:22037378' });
    expect(weak.qualifiers).to.deep.include({ affinity_nM: 10001, meets_threshold: false, threshold_nM: 1000, gene_symbol: 'ACVR1' });
    const edge = expected.rows.find((r) => r.affinity === 1000)!;
    expect((await claimAt(edge.line))).to.deep.include({ evidence_direction: 'supports', object: `NCBIGene:${edge.gene}` });
    const claims = await env.get('/api/v1/conditions/DRUGBANK:DB00619/claims?predicate=BINDS&evidence_direction=supports&limit=200');
    expect(claims.status).to.equal(200);
    expect(claims.body.count).to.equal(expected.rows.filter((r) => r.drug === 'DB00619' && r.affinity <= 1000).length);
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB00619')).body).to.include({ label: 'Imatinib', kind: 'drug' });
  });

  it('a second import of the same file writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'bindingdb', files: [shared(BINDINGS)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(BINDINGS));
    const at = bytes.indexOf('139.3731');
    bytes[at] = '2'.charCodeAt(0);
    const copy = path.join(dir, 'bindings-drugbank-gene.tsv');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'bindingdb', files: [copy] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=bindingdb')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('runs from the command line: evidence biomed import bindingdb <file> exits 0 and prints the report', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'bindingdb', shared(BINDINGS)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported bindingdb as snapshot bindingdb-a7e5e3c8f383-1/).and.contain(`"binds_neutral": ${expected.neutral}`);
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'bindingdb', files: [shared(BINDINGS), shared(BINDINGS)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
