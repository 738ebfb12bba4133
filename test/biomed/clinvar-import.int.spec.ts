// The clinvar importer on its two fixture forms (variant_summary and VCF): counts equal to an independent
// reading of each file, the significance -> direction mapping, claims readable through /api/v1, a no-op
// re-import, a tampered copy refused, a malformed VCF line failing with nothing written, and the CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, fixture, startBiomedEnv, storeFootprint } from './support/biomed-env';

const SUMMARY = 'clinvar-variant_summary-fixture.txt';
const VCF = 'clinvar-fixture.vcf';
const PLACEHOLDERS = ['MedGen:CN169374', 'MedGen:CN517202'];
const PATHOGENIC = /^(pathogenic|likely pathogenic|pathogenic\/likely pathogenic)/i;

/** A separate, plain reading of the fixture: one claim per condition group with a non-placeholder id. */
function expectedFrom(rows: { sig: string; groups: string[]; genes: string[] }[]) {
  let conditionClaims = 0;
  let geneClaims = 0;
  for (const row of rows) {
    const groups = row.groups.filter((g) => g && g !== 'na' && !g.split(',').every((id) => PLACEHOLDERS.includes(id)));
    conditionClaims += groups.length;
    if (PATHOGENIC.test(row.sig)) geneClaims += groups.length * row.genes.length;
  }
  return { conditionClaims, geneClaims };
}

function readSummary() {
  const [header, ...lines] = fs.readFileSync(fixture(SUMMARY), 'utf8').trim().split('\n').map((l) => l.split('\t'));
  const col = (name: string) => header!.indexOf(name);
  const rows = lines.filter((c) => c[col('Assembly')] !== 'GRCh37').map((c) => ({
    sig: c[col('ClinicalSignificance')]!, groups: c[col('PhenotypeIDS')]!.split('|'),
    genes: c[col('GeneSymbol')] === '-' ? [] : c[col('GeneSymbol')]!.split(';'),
  }));
  return { rows: lines.length, variants: new Set(rows.map((_r, i) => i)).size, ...expectedFrom(rows) };
}

function readVcf() {
  const lines = fs.readFileSync(fixture(VCF), 'utf8').trim().split('\n').filter((l) => !l.startsWith('#'));
  const rows = lines.map((l) => {
    const info = new Map(l.split('\t')[7]!.split(';').map((kv) => kv.split('=') as [string, string]));
    return { sig: info.get('CLNSIG')!.replace(/_/g, ' '), groups: (info.get('CLNDISDB') ?? '').split('|'), genes: (info.get('GENEINFO') ?? '').split('|').filter(Boolean) };
  });
  return { rows: lines.length, variants: lines.length, ...expectedFrom(rows) };
}

describe('biomed: the clinvar importer (variant_summary and VCF fixture forms)', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  let dir: string;
  let summaryId: string;

  before(async () => {
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinvar-'));
    // MONDO first, so OMIM/Orphanet conditions get their mondo_curie through exact mappings.
    await env.import({ resource: 'mondo', files: [fixture('mondo-fixture.obo'), fixture('mondo-fixture.sssom.tsv')] });
  });
  after(async () => {
    await env?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports variant_summary: one variant per VariationID (GRCh37 repeats skipped), claims per condition id', async () => {
    const want = readSummary();
    const result = await env.import({ resource: 'clinvar', files: [fixture(SUMMARY)] });
    expect(result.outcome).to.equal('imported');
    summaryId = result.snapshot.snapshot_id;
    const counts = result.outcome === 'imported' ? result.report.counts as Record<string, number> : {};
    expect(counts.rows).to.equal(want.rows);
    expect(counts.rows_other_assembly).to.equal(1);
    expect(await env.count('biomed.terms', `snapshot_id = '${summaryId}' and kind = 'variant'`)).to.equal(7);
    expect(await env.count('biomed.claims', `snapshot_id = '${summaryId}' and predicate = 'VARIANT_ASSOCIATED_WITH'`)).to.equal(want.conditionClaims);
    expect(await env.count('biomed.claims', `snapshot_id = '${summaryId}' and predicate = 'ASSOCIATED_WITH_GENE'`)).to.equal(want.geneClaims);
    expect(await env.count('biomed.evidence_links', `snapshot_id = '${summaryId}'`)).to.equal(want.conditionClaims + want.geneClaims);
    expect(counts.placeholder_conditions).to.equal(2);
  });

  it('maps clinical significance to evidence direction and names conditions by their own ids only', async () => {
    const rows = await env.runtime.db.knex('biomed.claims').where({ snapshot_id: summaryId, predicate: 'VARIANT_ASSOCIATED_WITH' })
      .select('subject', 'object', 'evidence_direction', 'mondo_curie');
    const bySubject = (s: string) => rows.filter((r) => r.subject === s).map((r) => [r.object, r.evidence_direction, r.mondo_curie]);
    expect(bySubject('CLINVAR:800001')).to.deep.equal([['MONDO:0007915', 'supports', 'MONDO:0007915']]); // Pathogenic
    expect(bySubject('CLINVAR:800002')).to.deep.equal([['OMIM:152700', 'supports', 'MONDO:0007915']]); // Likely pathogenic, via exact mapping
    expect(bySubject('CLINVAR:800003')).to.deep.equal([['MONDO:0008383', 'contradicts', 'MONDO:0008383']]); // Benign
    expect(bySubject('CLINVAR:800004')).to.deep.equal([['MONDO:0008383', 'neutral', 'MONDO:0008383']]); // Uncertain significance
    expect(bySubject('CLINVAR:800005').map((r) => r[1])).to.deep.equal(['neutral', 'neutral']); // Conflicting
    expect(bySubject('CLINVAR:800006')).to.deep.equal([['Orphanet:536', 'supports', 'MONDO:0007915']]); // "Pathogenic, risk factor"
    expect(bySubject('CLINVAR:800007')).to.deep.equal([]); // only "not provided"
  });

  it('serves the claims through /api/v1: the condition\'s variants and genes, the predicates in stats', async () => {
    const variants = await env.get('/api/v1/conditions/MONDO:0007915/claims?predicate=VARIANT_ASSOCIATED_WITH&limit=200');
    expect(variants.status).to.equal(200);
    expect(variants.body.disclaimer).to.match(/research/i);
    expect(variants.body.claims.map((c: { subject: string }) => c.subject).sort()).to.include.members(['CLINVAR:800001', 'CLINVAR:800002', 'CLINVAR:800006']);
    const supporting = await env.get('/api/v1/conditions/MONDO:0007915/claims?predicate=ASSOCIATED_WITH_GENE&evidence_direction=supports');
    expect(supporting.body.claims.map((c: { object: string }) => c.object).sort()).to.deep.equal(['GENE_SYMBOL:C1QA', 'GENE_SYMBOL:TREX1']);
    expect(supporting.body.claims[0].evidence[0].source.file).to.equal(SUMMARY);
    const contradicting = await env.get('/api/v1/conditions/MONDO:0008383/claims?predicate=VARIANT_ASSOCIATED_WITH&evidence_direction=contradicts');
    expect(contradicting.body.claims.map((c: { subject: string }) => c.subject)).to.deep.equal(['CLINVAR:800003']);
    const stats = (await env.get('/api/v1/analytics/stats')).body;
    const predicate = stats.predicates.find((p: { predicate: string }) => p.predicate === 'VARIANT_ASSOCIATED_WITH');
    expect(predicate).to.include({ count: 7, supports: 3, contradicts: 1, neutral: 3 });
    // Readiness is cumulative: mapped (L1) without phenotypes; with HPOA's phenotypes, the pathogenic-variant
    // gene claims lift SLE to L3.
    expect((await env.get('/api/v1/conditions/MONDO:0007915')).body.readiness_tier).to.equal('L1');
    await env.import({ resource: 'hpoa', files: [fixture('hpoa-fixture.hpoa')] });
    expect((await env.get('/api/v1/conditions/MONDO:0007915')).body.readiness_tier).to.equal('L3');
  });

  it('imports the VCF form with the counts of the file; a second import changes nothing', async () => {
    const want = readVcf();
    const result = await env.import({ resource: 'clinvar', files: [fixture(VCF)] });
    expect(result.outcome).to.equal('imported');
    const id = result.snapshot.snapshot_id;
    expect(result.snapshot.version).to.equal('2026-01-07');
    expect(await env.count('biomed.terms', `snapshot_id = '${id}' and kind = 'variant'`)).to.equal(want.variants);
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and predicate = 'VARIANT_ASSOCIATED_WITH'`)).to.equal(want.conditionClaims);
    expect(await env.count('biomed.claims', `snapshot_id = '${id}' and predicate = 'ASSOCIATED_WITH_GENE'`)).to.equal(want.geneClaims);
    const hp = await env.runtime.db.knex('biomed.claims').where({ snapshot_id: id, subject: 'CLINVAR:800008' }).select('object', 'evidence_direction');
    expect(hp.filter((c) => c.object.startsWith('HP:') || c.object.startsWith('Orphanet:'))).to.have.length(2);
    const before = await storeFootprint(env);
    const again = await env.import({ resource: 'clinvar', files: [fixture(VCF)] });
    expect(again.outcome).to.equal('already_imported');
    expect(await storeFootprint(env)).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot stays', async () => {
    const bytes = Buffer.from(fs.readFileSync(fixture(SUMMARY)));
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x41 ? 0x42 : 0x41;
    const copy = path.join(dir, SUMMARY);
    fs.writeFileSync(copy, bytes);
    const activeBefore = (await env.get('/api/v1/snapshots?resource=clinvar')).body.snapshots.filter((s: { active: boolean }) => s.active);
    const before = await storeFootprint(env);
    let failure: Error | null = null;
    try { await env.import({ resource: 'clinvar', files: [copy] }); } catch (error) { failure = error as Error; }
    expect(failure?.message).to.contain('matches no pinned checksum').and.contain('nothing was written');
    expect(await storeFootprint(env)).to.deep.equal(before);
    expect((await env.get('/api/v1/snapshots?resource=clinvar')).body.snapshots.filter((s: { active: boolean }) => s.active)).to.deep.equal(activeBefore);
  });

  it('fails on a VCF line with too few columns, naming the line, and leaves no rows', async () => {
    const text = fs.readFileSync(fixture(VCF), 'utf8').replace(/\n7\t128940000\t800005\tCT\tC\t[^\n]*\n$/, '\n7\t128940000\t800005\n');
    const copy = path.join(dir, 'short-line.vcf');
    fs.writeFileSync(copy, text);
    const lineNo = text.trim().split('\n').length;
    const before = await storeFootprint(env);
    let failure: Error | null = null;
    try { await env.import({ resource: 'clinvar', files: [copy], allowUnpinned: true }); } catch (error) { failure = error as Error; }
    expect(failure?.message).to.contain(`short-line.vcf line ${lineNo}: expected 8 tab-separated VCF columns`).and.contain('rolled back');
    const after = await storeFootprint(env);
    for (const table of ['biomed.terms', 'biomed.claims', 'biomed.evidence_links']) expect(after[table], table).to.equal(before[table]);
  });

  it('runs from the command line: evidence biomed import clinvar <file> exits 0 and prints the report', async () => {
    const scratch = await createScratchDatabase();
    try {
      const cliEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'clinvar', fixture(SUMMARY)], cliEnv);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported clinvar as snapshot clinvar-66ce712aeba5-1/).and.contain('"variant_condition_claims": 7');
    } finally {
      await scratch.drop();
    }
  });
});
