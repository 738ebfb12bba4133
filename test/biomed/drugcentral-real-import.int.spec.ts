// The drugcentral importer on the real shared file (dhimmel/drugcentral rephetio/targets.tsv): one TARGETS
// claim per row (supports) DRUGBANK -> NCBIGene, counted here from the file itself with plain string
// splitting, known rows by hand (Imatinib inhibits ABL1, a literature row with its PubMed id), drug terms,
// idempotent re-import, a tampered copy refused, and the command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const TARGETS = 'drugcentral/targets.tsv';

/** Counted straight from the file, independently of the importer's parser. */
function expectedFromFile() {
  const lines = fs.readFileSync(shared(TARGETS), 'utf8').split('\n').filter((l) => l !== '');
  expect(lines[0]).to.equal('GeneID\tdrugbank_id\tdrugbank_name\tpubmed_ids\tsources\tactions\turls');
  const list = (cell: string) => cell.split('|').filter((v) => v !== '');
  const rows = lines.slice(1).map((l, i) => {
    const [gene, drug, name, pubmeds, sources, actions, urls] = l.split('\t') as [string, string, string, string, string, string, string];
    return { line: i + 2, gene, drug, name, pubmeds: list(pubmeds), sourcesText: sources, sources: list(sources), actions: list(actions), urls: list(urls) };
  });
  const actions: Record<string, number> = {};
  for (const r of rows) for (const a of r.actions) actions[a] = (actions[a] ?? 0) + 1;
  return {
    rows, actions, drugs: new Set(rows.map((r) => r.drug)).size, genes: new Set(rows.map((r) => r.gene)).size,
    withPubmed: rows.filter((r) => r.pubmeds.length > 0).length,
  };
}

describe('biomed: drugcentral import of the real shared targets file', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: ReturnType<typeof expectedFromFile>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, TARGETS);
    expected = expectedFromFile();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-drugcentral-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the file has the README\'s row count and the actions the test reads', () => {
    expect(expected.rows).to.have.length(2991);
    expect([expected.drugs, expected.genes, expected.withPubmed]).to.deep.equal([1048, 600, 182]);
    expect(expected.actions).to.include({ inhibitor: 1493, antagonist: 364, agonist: 352, blocker: 331, 'positive allosteric modulator': 278 });
  });

  it('imports the pinned file: one TARGETS supports claim per row, drug terms, no gene terms', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'drugcentral', files: [shared(TARGETS)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    console.log(`      drugcentral import of ${expected.rows.length} rows: ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.include({
      rows: expected.rows.length, skipped_rows: 0, claims: expected.rows.length, evidence_links: expected.rows.length, targets_supports: expected.rows.length,
      drugs: expected.drugs, genes: expected.genes, terms: expected.drugs, rows_with_pubmed: expected.withPubmed, repeated_pairs: 0, mappings: 0,
    });
    expect((result.report.details as { actions: Record<string, number> }).actions).to.deep.equal(expected.actions);
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.claims', `${where} and predicate = 'TARGETS' and evidence_direction = 'supports'`)).to.equal(expected.rows.length);
    expect(await env.count('biomed.claims', `${where} and (subject not like 'DRUGBANK:DB%' or object not like 'NCBIGene:%')`)).to.equal(0);
    expect(await env.count('biomed.terms', `${where} and kind = 'drug' and search_text = ''`)).to.equal(expected.drugs);
    expect(await env.count('biomed.terms', `${where} and curie like 'NCBIGene:%'`)).to.equal(0);
    // Every claim's actions, PubMed ids and evidence line as the test reads them.
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, c.qualifiers, e.source_line, e.reference, e.evidence_code
      from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no) where c.snapshot_id = ? order by e.source_line`, [snapshotId]);
    expect(rows).to.have.length(expected.rows.length);
    (rows as { subject: string; object: string; qualifiers: { actions: string[]; pubmed_ids: string[] }; source_line: number; reference: string | null; evidence_code: string }[]).forEach((r, i) => {
      const row = expected.rows[i]!;
      expect([r.subject, r.object, r.source_line, r.qualifiers.actions, r.qualifiers.pubmed_ids, r.evidence_code]).to.deep.equal(
        [`DRUGBANK:${row.drug}`, `NCBIGene:${row.gene}`, row.line, row.actions, row.pubmeds, row.sourcesText]);
      expect(r.reference).to.equal(row.pubmeds.length > 0 ? `PMID:${row.pubmeds[0]}` : row.urls[0] ?? null);
    });
  });

  it('checks known rows by hand: Imatinib inhibits ABL1 (ChEMBL), Oxymetazoline agonist with its PubMed id', async () => {
    const imatinib = expected.rows.find((r) => r.drug === 'DB00619' && r.gene === '25')!;
    expect(imatinib).to.include({ line: 4, name: 'Imatinib', sourcesText: 'DrugCentral (ChEMBL)' });
    const claims = await env.get('/api/v1/conditions/DRUGBANK:DB00619/claims?predicate=TARGETS');
    expect(claims.status).to.equal(200);
    expect(claims.body.count).to.equal(expected.rows.filter((r) => r.drug === 'DB00619').length);
    const abl1 = claims.body.claims.find((c: { object: string }) => c.object === 'NCBIGene:25');
    expect(abl1).to.deep.include({ subject: 'DRUGBANK:DB00619', subject_label: 'Imatinib', predicate: 'TARGETS', evidence_direction: 'supports', role: 'subject', mondo_curie: null });
    expect(abl1.qualifiers).to.deep.equal({
      actions: ['inhibitor'], sources: ['DrugCentral (ChEMBL)'], urls: ['https://www.ebi.ac.uk/chembl/compound/inspect/CHEMBL1642'], pubmed_ids: [],
      drug_name: 'Imatinib', source: 'DrugCentral', license: 'CC BY-SA 4.0',
    });
    expect(abl1.evidence).to.deep.equal([{
      snapshot_id: snapshotId, source: { file: 'targets.tsv', line: 4 }, reference: 'https://www.ebi.ac.uk/chembl/compound/inspect/CHEMBL1642', evidence_code: 'DrugCentral (ChEMBL)',
    }]);
    const oxy = expected.rows.find((r) => r.drug === 'DB00935' && r.gene === '148')!;
    expect(oxy).to.deep.include({ pubmeds: ['20030735'], actions: ['agonist'], urls: [] });
    const { rows: [literature] } = await env.runtime.db.knex.raw(`select c.qualifiers, e.reference, e.evidence_code from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? and e.source_line = ?`, [snapshotId, oxy.line]);
    expect(literature).to.deep.include({ reference: 'PMID:20030735', evidence_code: 'DrugCentral (literature)' });
    expect(literature.qualifiers).to.deep.include({ actions: ['agonist'], pubmed_ids: ['20030735'], drug_name: 'Oxymetazoline' });
    // Two sources and two URLs on one row stay arrays.
    const estrone = expected.rows.find((r) => r.sources.length > 1 && r.urls.length > 1)!;
    const { rows: [both] } = await env.runtime.db.knex.raw(`select c.qualifiers from biomed.claims c join biomed.evidence_links e using (snapshot_id, claim_no)
      where c.snapshot_id = ? and e.source_line = ?`, [snapshotId, estrone.line]);
    expect([both.qualifiers.sources, both.qualifiers.urls]).to.deep.equal([estrone.sources, estrone.urls]);
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB00619')).body).to.include({ label: 'Imatinib', kind: 'drug' });
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    expect(stats.predicates).to.deep.include({ predicate: 'TARGETS', count: expected.rows.length, supports: expected.rows.length, contradicts: 0, neutral: 0 });
  });

  it('a second import of the same file writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'drugcentral', files: [shared(TARGETS)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(TARGETS));
    const at = bytes.indexOf('Imatinib');
    bytes[at] = 'i'.charCodeAt(0);
    const copy = path.join(dir, 'targets.tsv');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'drugcentral', files: [copy] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=drugcentral')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('imports a forced copy with malformed rows: they are counted, warned about and skipped, never a crash', async () => {
    const lines = fs.readFileSync(shared(TARGETS), 'utf8').split('\n');
    lines[1] = lines[1]!.replace(/^\d+/, 'ABL1'); // a GeneID that is not a number
    lines[2] = lines[2]!.split('\t').slice(0, 3).join('\t'); // a row cut short
    const copy = path.join(dir, 'targets-malformed.tsv');
    fs.writeFileSync(copy, lines.join('\n'));
    const result = await env.import({ resource: 'drugcentral', files: [copy], allowUnpinned: true });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    expect(result.snapshot.forced).to.equal(true);
    expect(result.snapshot.counts).to.include({ rows: expected.rows.length, skipped_rows: 2, claims: expected.rows.length - 2 });
    expect(result.report.warnings).to.deep.equal([
      "targets-malformed.tsv line 2: GeneID 'ABL1' is not an NCBI Gene id (digits); row skipped",
      'targets-malformed.tsv line 3: expected 7 tab-separated columns, found 3; row skipped',
    ]);
  });

  it('runs from the command line: evidence biomed import drugcentral targets.tsv exits 0 and prints the report', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'drugcentral', shared(TARGETS)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported drugcentral as snapshot drugcentral-e431b9a57648-1/).and.contain(`"targets_supports": ${expected.rows.length}`);
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'drugcentral', files: [shared(TARGETS), shared(TARGETS)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
