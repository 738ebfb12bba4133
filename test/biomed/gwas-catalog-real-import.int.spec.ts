// The gwas_catalog importer on the real shared files (dhimmel/gwas-catalog gene-associations.tsv and
// snp-associations.tsv + MONDO's exact MONDO-DOID SSSOM set): counts equal the test's own reading of
// the files (plain string splitting, never the importer's parsers), one ASSOCIATES claim disease ->
// NCBIGene per gene-associations row, the locus's lead SNP joined on (doid_code, locus) in loci.ipynb's
// precedence (high_confidence, mlog_pvalue, date descending), diseases on MONDO through exact mappings
// only, idempotent, a tampered copy refused, DOIDs kept without the SSSOM set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ImportFailedError } from '../../commands/biomed/import-snapshot';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const GENES = 'gwas-catalog/gene-associations.tsv';
const SNPS = 'gwas-catalog/snp-associations.tsv';
const SSSOM = 'mondo/mondo_exactmatch_doid.sssom.tsv';

const COLUMNS = ['doid_code', 'doid_name', 'locus', 'high_confidence', 'primary', 'status', 'gene', 'symbol', 'reported_symbols', 'pubmed_id',
  'upstream_gene', 'date', 'containing_genes', 'lead_snp', 'mlog_pvalue', 'downstream_gene', 'reported_genes', 'cases', 'controls', 'samples',
  'lead_chrom', 'lower_coord', 'upper_coord', 'line'] as const;
/** One row by column name ('' for a column the file lacks); line = the file line. */
type Cells = Record<(typeof COLUMNS)[number], string>;

function readTsv(rel: string): Cells[] {
  const lines = fs.readFileSync(shared(rel), 'utf8').split('\n');
  const header = lines[0]!.split('\t');
  const out: Cells[] = [];
  lines.forEach((l, i) => {
    if (i === 0 || l === '') return;
    const c = l.split('\t');
    out.push(Object.fromEntries(COLUMNS.map((name) => [name, name === 'line' ? String(i + 1) : header.includes(name) ? c[header.indexOf(name)]! : ''])) as Cells);
  });
  return out;
}

const mlog = (r: Cells) => (r.mlog_pvalue === '' ? -Infinity : Number(r.mlog_pvalue));
const num = (text: string) => (text === '' ? null : Number(text));

function expectedFromFiles() {
  const genes = readTsv(GENES);
  const snps = readTsv(SNPS);
  const loci = new Map<string, Cells[]>();
  for (const s of snps) loci.set(`${s.doid_code} ${s.locus}`, [...(loci.get(`${s.doid_code} ${s.locus}`) ?? []), s]);
  // loci.ipynb's order: high_confidence, mlog_pvalue, date, all descending (then file order).
  const ordered = (rows: Cells[]) => [...rows].sort((a, b) => Number(b.high_confidence) - Number(a.high_confidence) || mlog(b) - mlog(a)
    || (a.date === b.date ? Number(a.line) - Number(b.line) : a.date < b.date ? 1 : -1));
  const mondoOf = new Map<string, Set<string>>();
  for (const line of fs.readFileSync(shared(SSSOM), 'utf8').split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [subject, , predicate, object] = line.split('\t');
    if (predicate !== 'skos:exactMatch' || !subject!.startsWith('MONDO:') || !object!.startsWith('DOID:')) continue;
    mondoOf.set(object!, (mondoOf.get(object!) ?? new Set()).add(subject!));
  }
  const doids = new Set(genes.map((g) => g.doid_code));
  const by = (key: string) => genes.filter((g) => g.status === key).length;
  const usedLoci = new Set(genes.map((g) => `${g.doid_code} ${g.locus}`));
  return {
    genes, snps, loci, ordered, mondoOf, doids, usedLoci,
    status: { 'HC-P': by('HC-P'), 'HC-S': by('HC-S'), 'LC-P': by('LC-P'), 'LC-S': by('LC-S') },
    hc: genes.filter((g) => g.high_confidence === '1').length, primary: genes.filter((g) => g.primary === '1').length,
    entrez: new Set(genes.map((g) => g.gene)).size,
    mapped: [...doids].filter((d) => mondoOf.get(d)?.size === 1).length,
    mappingRows: [...doids].reduce((n, d) => n + (mondoOf.get(d)?.size ?? 0), 0),
  };
}

describe('biomed: gwas_catalog import of the real shared files', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let e: ReturnType<typeof expectedFromFiles>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, GENES, SNPS, SSSOM);
    e = expectedFromFiles();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-gwas-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the files have the README\'s counts (read by the test itself)', () => {
    expect([e.genes.length, e.snps.length]).to.deep.equal([5900, 8816]);
    expect(e.status).to.deep.equal({ 'HC-P': 1284, 'HC-S': 1473, 'LC-P': 1892, 'LC-S': 1251 });
    expect([e.hc, e.primary, e.doids.size, e.entrez]).to.deep.equal([2757, 3176, 97, 3926]);
    // Every gene row's locus has SNP rows; 4,276 loci in the SNP file, 3,760 of them with genes.
    expect([e.loci.size, e.usedLoci.size, [...e.usedLoci].filter((k) => !e.loci.has(k)).length]).to.deep.equal([4276, 3760, 0]);
    // A gene row's confidence is its locus's lead (first in loci.ipynb's order) confidence.
    for (const g of e.genes) expect(e.ordered(e.loci.get(`${g.doid_code} ${g.locus}`)!)[0]!.high_confidence, g.line).to.equal(g.high_confidence);
    expect(e.mapped).to.equal(97); // every DOID has exactly one exact MONDO match in the 2026-08 set
  });

  it('imports the pinned files in seconds: one ASSOCIATES claim disease -> NCBIGene per row, diseases on MONDO', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'gwas_catalog', files: [shared(GENES), shared(SNPS), shared(SSSOM)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    console.log(`      gwas_catalog import of ${e.genes.length} + ${e.snps.length} rows (+ SSSOM): ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(result.snapshot.forced).to.equal(false);
    expect(result.snapshot.counts).to.deep.include({
      rows: 5900, claims: 5900, evidence_links: 2 * 5900, snp_rows: 8816, hc: e.hc, lc: 5900 - e.hc, primary: e.primary, secondary: 5900 - e.primary,
      hc_primary: e.status['HC-P'], hc_secondary: e.status['HC-S'], lc_primary: e.status['LC-P'], lc_secondary: e.status['LC-S'],
      loci: e.usedLoci.size, loci_with_snp_rows: e.usedLoci.size, snp_loci: e.loci.size, snp_loci_without_gene_rows: e.loci.size - e.usedLoci.size,
      associations_without_snp_rows: 0, confidence_mismatches: 0, repeated_pairs: 0,
      diseases: e.doids.size, genes: e.entrez, diseases_mapped_to_mondo: e.mapped, diseases_without_exact_mondo: 0, diseases_with_ambiguous_mondo: 0,
      claims_on_mondo: 5900, claims_on_doid: 0, mappings: e.mappingRows, terms: e.doids.size,
      snp_rows_without_pvalue: e.snps.filter((s) => s.mlog_pvalue === '').length, snp_rows_negative_mlog_pvalue: e.snps.filter((s) => Number(s.mlog_pvalue) < 0).length,
      claims_without_p_value: e.genes.filter((g) => !(mlog(e.ordered(e.loci.get(`${g.doid_code} ${g.locus}`)!)[0]!) >= 0)).length,
    });
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.claims', `${where} and predicate = 'ASSOCIATES' and evidence_direction = 'supports' and object like 'NCBIGene:%' and mondo_curie = subject`)).to.equal(5900);
    expect(await env.count('biomed.terms', `${where} and kind = 'disease' and curie like 'DOID:%'`)).to.equal(97);
    // Every claim: the exact MONDO match of its DOID, its gene, and its locus's lead SNP as the test picks it.
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.object, c.qualifiers, e.source_line, e.reference, s.source_line as snp_line
      from biomed.claims c join biomed.evidence_links e on e.snapshot_id = c.snapshot_id and e.claim_no = c.claim_no and e.link_no = 1
      join biomed.evidence_links s on s.snapshot_id = c.snapshot_id and s.claim_no = c.claim_no and s.link_no = 2 where c.${where}`);
    expect(rows).to.have.length(5900);
    const byLine = new Map(e.genes.map((g) => [Number(g.line), g]));
    for (const c of rows as { subject: string; object: string; qualifiers: Record<string, unknown>; source_line: number; reference: string; snp_line: number }[]) {
      const g = byLine.get(c.source_line)!;
      const locus = e.loci.get(`${g.doid_code} ${g.locus}`)!;
      const lead = e.ordered(locus)[0]!;
      expect([c.subject, c.object]).to.deep.equal([[...e.mondoOf.get(g.doid_code)!][0], `NCBIGene:${g.gene}`]);
      expect(c.qualifiers).to.deep.include({ status: g.status, lead_snp: lead.lead_snp, mlog_pvalue: num(lead.mlog_pvalue), cases: num(lead.cases), snp_rows: locus.length });
      expect(c.snp_line).to.equal(Number(lead.line));
      expect(c.reference).to.equal(`PMID:${lead.pubmed_id}`);
      expect([...(c.qualifiers.pubmed_ids as string[])].sort()).to.deep.equal([...new Set(locus.map((s) => s.pubmed_id))].sort());
      const mapped = locus.some((s) => s.containing_genes.split('|').includes(g.gene) || s.upstream_gene === g.gene || s.downstream_gene === g.gene);
      expect([c.qualifiers.gene_mapped, c.qualifiers.gene_reported], g.line).to.deep.equal([mapped, locus.some((s) => s.reported_genes.split('|').includes(g.gene))]);
    }
  });

  it('checks a known HC row by hand: Alzheimer\'s disease (DOID:10652 = MONDO:0004975) - MS4A6A (64231), lead rs983392, p 6e-16, 17,008 cases', async () => {
    const row = e.genes.find((g) => g.doid_code === 'DOID:10652' && g.gene === '64231')!;
    expect(row).to.include({ locus: '32', status: 'HC-P', symbol: 'MS4A6A' });
    const { rows } = await env.runtime.db.knex.raw(`select c.subject, c.predicate, c.object, c.evidence_direction, c.mondo_curie, c.qualifiers
      from biomed.claims c where c.snapshot_id = ? and c.object = 'NCBIGene:64231' and c.qualifiers->>'doid' = 'DOID:10652'`, [snapshotId]);
    expect(rows).to.have.length(1);
    expect(rows[0]).to.deep.include({ subject: 'MONDO:0004975', predicate: 'ASSOCIATES', object: 'NCBIGene:64231', evidence_direction: 'supports', mondo_curie: 'MONDO:0004975' });
    const q = rows[0].qualifiers;
    // snp-associations line 806: rs983392, mlog 15.221848749616356, 17008.0 cases, 37154.0 controls, PMID 24162737.
    expect(q).to.deep.include({
      confidence: 'HC', primary: true, status: 'HC-P', locus: 32, symbol: 'MS4A6A', doid: 'DOID:10652', disease_name: 'Alzheimer\'s disease',
      lead_snp: 'rs983392', mlog_pvalue: 15.221848749616356, cases: 17008, controls: 37154, samples: 54162, lead_pubmed_id: '24162737',
      lead_date: '2013-10-27', chromosome: 'chr11', lower_coord: 59602405, upper_coord: 59797872, locus_lower_coord: 59583253, locus_upper_coord: 59835051,
      pubmed_ids: ['24162737', '21460840', '21460841', '21627779', '24755620'], snps: ['rs983392', 'rs610932', 'rs4938933', 'rs1562990', 'rs474951'], snp_rows: 6,
      gene_mapped: true, gene_mapped_as: ['containing', 'downstream'], gene_reported: true,
      source: 'NHGRI-EBI GWAS Catalog (dhimmel/gwas-catalog)', license: 'GWAS Catalog terms of use (free use)',
    });
    expect(q.p_value).to.be.closeTo(6.0e-16, 0.01e-16);
    expect(q.dates).to.deep.equal(['2011-04-03', '2011-05-31', '2013-10-27', '2014-04-22']);
    const links = (await env.runtime.db.knex.raw(`select e.link_no, e.source_file, e.source_line, e.reference, e.evidence_code from biomed.evidence_links e
      join biomed.claims c using (snapshot_id, claim_no) where c.snapshot_id = ? and c.object = 'NCBIGene:64231' and c.qualifiers->>'doid' = 'DOID:10652' order by e.link_no`, [snapshotId])).rows;
    expect(links).to.deep.equal([
      { link_no: 1, source_file: 'gene-associations.tsv', source_line: Number(row.line), reference: 'PMID:24162737', evidence_code: 'HC-P' },
      { link_no: 2, source_file: 'snp-associations.tsv', source_line: 806, reference: 'PMID:24162737', evidence_code: 'lead_snp' },
    ]);
  });

  it('reads the claims from the DOID through the API: idiopathic pulmonary fibrosis (DOID:0050156 = MONDO:0800504), TOLLIP led by rs5743894', async () => {
    const claims = await env.get('/api/v1/conditions/DOID:0050156/claims?predicate=ASSOCIATES&limit=200');
    expect(claims.status).to.equal(200);
    const ipf = e.genes.filter((g) => g.doid_code === 'DOID:0050156');
    expect(claims.body.count).to.equal(ipf.length);
    expect(claims.body.claims.map((c: { object: string }) => c.object).sort()).to.deep.equal(ipf.map((g) => `NCBIGene:${g.gene}`).sort());
    const tollip = claims.body.claims.find((c: { object: string }) => c.object === 'NCBIGene:54472');
    expect(tollip).to.deep.include({ subject: 'MONDO:0800504', role: 'subject', via: 'exact_mapping' });
    expect(tollip.qualifiers).to.deep.include({ status: 'HC-P', lead_snp: 'rs5743894', mlog_pvalue: 12, p_value: 1e-12, cases: 542, controls: 542, samples: 1084, lead_pubmed_id: '24429156' });
    // Lines 2-10 tie at -log10 p 12.0 on one date: the earliest line leads.
    expect(tollip.evidence.map((x: { source: unknown; reference: string; evidence_code: string }) => [x.source, x.reference, x.evidence_code])).to.deep.equal([
      [{ file: 'gene-associations.tsv', line: Number(ipf.find((g) => g.gene === '54472')!.line) }, 'PMID:24429156', 'HC-P'],
      [{ file: 'snp-associations.tsv', line: 2 }, 'PMID:24429156', 'lead_snp']]);
  });

  it('an HC locus is led by its strongest HC SNP, not by a stronger small-sample LC one (glaucoma DOID:1686 locus 9)', async () => {
    const locus = e.loci.get('DOID:1686 9')!;
    const strongest = [...locus].sort((a, b) => mlog(b) - mlog(a))[0]!;
    expect(strongest).to.include({ lead_snp: 'rs893818', high_confidence: '0', samples: '898.0' }); // p 3e-84 but 898 samples: LC
    const { rows } = await env.runtime.db.knex.raw(`select qualifiers from biomed.claims where snapshot_id = ? and qualifiers->>'doid' = 'DOID:1686' and qualifiers->>'locus' = '9'`, [snapshotId]);
    expect(rows.length).to.be.above(0);
    for (const r of rows) expect(r.qualifiers).to.deep.include({ confidence: 'HC', lead_snp: 'rs3825942', mlog_pvalue: 20.522878745280334, cases: 75, controls: 14474, lead_pubmed_id: '17690259' });
  });

  it('a second import of the same files writes nothing', async () => {
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'gwas_catalog', files: [shared(SSSOM), shared(SNPS), shared(GENES)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared(SNPS));
    const at = bytes.indexOf('rs983392');
    bytes[at + 2] = '8'.charCodeAt(0) === bytes[at + 2] ? '7'.charCodeAt(0) : '8'.charCodeAt(0);
    const copy = path.join(dir, 'snp-associations.tsv');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'gwas_catalog', files: [shared(GENES), copy, shared(SSSOM)] }).then(() => null, (err: unknown) => err);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=gwas_catalog')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('fails a malformed copy (forced) naming the line: nothing written, the active snapshot untouched', async () => {
    const before = await storeFootprint(env);
    const lines = fs.readFileSync(shared(SNPS), 'utf8').split('\n');
    lines[499] = lines[499]!.split('\t').slice(0, 5).join('\t'); // file line 500 loses its last 14 columns
    const broken = path.join(dir, 'broken', 'snp-associations.tsv');
    fs.mkdirSync(path.dirname(broken));
    fs.writeFileSync(broken, lines.join('\n'));
    const error = await env.import({ resource: 'gwas_catalog', files: [shared(GENES), broken, shared(SSSOM)], allowUnpinned: true }).then(() => null, (err: unknown) => err);
    expect(error).to.be.instanceOf(ImportFailedError);
    expect((error as Error).message).to.match(/snp-associations\.tsv line 500: expected 19 tab-separated columns, found 5/);
    const failedId = (error as ImportFailedError).snapshotId;
    for (const table of ['biomed.terms', 'biomed.mappings', 'biomed.claims', 'biomed.evidence_links']) expect(await env.count(table, `snapshot_id = '${failedId}'`), table).to.equal(0);
    expect(await storeFootprint(env)).to.deep.equal({ ...before, 'biomed.snapshots': before['biomed.snapshots']! + 1, es_events: before.es_events! + 2 });
    const snapshots = (await env.get('/api/v1/snapshots?resource=gwas_catalog')).body.snapshots;
    expect(snapshots.find((s: { snapshot_id: string }) => s.snapshot_id === snapshotId)).to.include({ active: true });
    expect(snapshots.find((s: { snapshot_id: string }) => s.snapshot_id === failedId)).to.include({ status: 'failed', active: false });
  });

  it('keeps the DOID without the SSSOM set (never a label match)', async () => {
    const alone = await env.import({ resource: 'gwas_catalog', files: [shared(GENES), shared(SNPS)] });
    expect(alone.outcome).to.equal('imported');
    expect(alone.snapshot.counts).to.deep.include({ claims: 5900, claims_on_mondo: 0, claims_on_doid: 5900, mappings: 0, diseases_without_exact_mondo: 97 });
    const id = alone.snapshot.snapshot_id;
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and (subject not like 'DOID:%' or mondo_curie is not null)`)).to.equal(0);
  });

  it('imports through `evidence biomed import gwas_catalog <genes> <snps> <sssom>`', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'gwas_catalog', shared(GENES), shared(SNPS), shared(SSSOM)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported gwas_catalog as snapshot gwas_catalog-/).and.contain(`"hc": ${e.hc}`).and.contain('"diseases_mapped_to_mondo": 97');
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    for (const files of [[shared(GENES)], [shared(GENES), shared(GENES)], [shared(GENES), shared(SNPS), shared('gwas-catalog/diseases.tsv')]]) {
      const error = await env.import({ resource: 'gwas_catalog', files }).then(() => null, (err: unknown) => err);
      expect((error as ImportRefusedError).code, files.join(' ')).to.equal('bad_input');
    }
  });
});
