// The ncbi_gene importer on the real shared file (ncbi-gene/Homo_sapiens.gene_info.gz): pinned checksum,
// gene terms = the file's tax_id 9606 rows, synonyms, attributes and exact mappings counted here from the
// file itself (a few lines of plain code, not the importer's parser), the HGNC id / HGNC symbol ->
// NCBIGene lookup through the identity reads, idempotent re-import, a tampered copy refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { activeSnapshots } from '../../infra/biomed/read/active-snapshots';
import { resolveIdentities } from '../../infra/biomed/read/identity';
import { runCli } from '../support/service-process';
import { BiomedEnv, createScratchDatabase, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const GENE_INFO = 'ncbi-gene/Homo_sapiens.gene_info.gz';
const PREFIX: Record<string, string> = { HGNC: 'HGNC', Ensembl: 'ENSEMBL', MIM: 'OMIM', Vega: 'VEGA', HPRD: 'HPRD', miRBase: 'MIRBASE', 'IMGT/GENE-DB': 'IMGT.GENEDB' };
const LOCAL = /^[A-Za-z0-9_.:-]+$/;

/** Counted straight from the file, independently of the importer. */
async function expectedFromFile() {
  const lines = readline.createInterface({ input: fs.createReadStream(shared(GENE_INFO)).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const e = {
    rows: 0, human: 0, other: 0, rawSynonyms: 0, storedSynonyms: 0, typeOfGene: 0, description: 0, attributes: 0, symbolMappings: 0,
    xrefsByDb: {} as Record<string, number>, mappingsByPrefix: {} as Record<string, number>, mappings: 0, omimRelated: 0,
  };
  for await (const line of lines) {
    if (line.startsWith('#') || line === '') continue;
    const c = line.split('\t');
    e.rows++;
    if (c[0] !== '9606') { e.other++; continue; }
    e.human++;
    const names = new Set([c[2]]);
    if (c[10] !== '-') names.add(c[10]);
    e.storedSynonyms += names.size - 1;
    if (c[4] !== '-') for (const s of c[4]!.split('|')) { e.rawSynonyms++; if (!names.has(s)) { names.add(s); e.storedSynonyms++; } }
    if (c[9] !== '-') e.typeOfGene++;
    if (c[8] !== '-') e.description++;
    e.attributes += [c[6], c[7], c[8], c[9]].filter((v) => v !== '-' && v !== '').length; // chromosome, map_location, description, type_of_gene
    if (c[12] === 'O' && c[10] !== '-' && LOCAL.test(c[10]!)) e.symbolMappings++;
    if (c[5] === '-') continue;
    const distinct = new Set<string>();
    for (const x of c[5]!.split('|')) {
      const db = x.slice(0, x.indexOf(':'));
      const local = x.slice(db.length + 1).replace(/^HGNC:/, '');
      e.xrefsByDb[db] = (e.xrefsByDb[db] ?? 0) + 1;
      if (LOCAL.test(local)) distinct.add(`${PREFIX[db]}:${local}`);
    }
    for (const id of distinct) {
      const p = id.slice(0, id.indexOf(':'));
      if (p === 'OMIM') { e.omimRelated++; continue; } // written as skos:relatedMatch, never exact
      e.mappingsByPrefix[p] = (e.mappingsByPrefix[p] ?? 0) + 1;
      e.mappings++;
    }
  }
  return e;
}

describe('biomed: ncbi_gene import of the real shared gene_info file', function () {
  this.timeout(120_000);
  let env: BiomedEnv;
  let expected: Awaited<ReturnType<typeof expectedFromFile>>;
  let snapshotId: string;
  let dir: string;

  before(async function () {
    requireSharedData(this, GENE_INFO);
    expected = await expectedFromFile();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ncbi-gene-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the pinned file in seconds: a gene term per tax_id 9606 row, synonyms, attributes and exact mappings', async () => {
    const started = Date.now();
    const result = await env.import({ resource: 'ncbi_gene', files: [shared(GENE_INFO)] });
    const seconds = (Date.now() - started) / 1000;
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    snapshotId = result.snapshot.snapshot_id;
    expect(result.snapshot.forced).to.equal(false);
    console.log(`      ncbi_gene import of ${expected.rows} rows: ${seconds.toFixed(1)} s`);
    expect(seconds, 'import time (s)').to.be.below(30);
    expect(expected.rows).to.equal(56425); // the README's row count
    expect(expected.other).to.equal(73); // Neanderthal (63221) and Denisovan (741158) rows: skipped
    expect(result.snapshot.counts).to.include({
      rows: expected.rows, human_rows: expected.human, other_taxa_rows: expected.other, genes: expected.human, terms: expected.human,
      synonyms: expected.rawSynonyms, xref_mappings: expected.mappings, xref_related_mappings: expected.omimRelated,
      symbol_mappings: expected.symbolMappings, mappings: expected.mappings + expected.omimRelated + expected.symbolMappings, claims: 0, term_attributes: expected.attributes,
    });
    const where = `snapshot_id = '${snapshotId}'`;
    expect(await env.count('biomed.terms', `${where} and kind = 'gene' and curie like 'NCBIGene:%'`)).to.equal(expected.human);
    expect(await env.count('biomed.terms', `${where} and search_text <> ''`)).to.equal(0);
    const { rows: [syn] } = await env.runtime.db.knex.raw(`select sum(jsonb_array_length(synonyms))::int as n from biomed.terms where ${where}`);
    expect(syn.n).to.equal(expected.storedSynonyms);
    expect(await env.count('biomed.term_attributes', `${where} and name = 'type_of_gene'`)).to.equal(expected.typeOfGene);
    expect(await env.count('biomed.term_attributes', `${where} and name = 'description'`)).to.equal(expected.description);
    const { rows: byPrefix } = await env.runtime.db.knex.raw(`select split_part(object_id, ':', 1) as prefix, count(*)::int as n from biomed.mappings
      where ${where} and predicate_id = 'skos:exactMatch' and subject_id like 'NCBIGene:%' group by 1`);
    const got = Object.fromEntries((byPrefix as { prefix: string; n: number }[]).map((r) => [r.prefix, r.n]));
    expect(got).to.deep.equal({ ...expected.mappingsByPrefix, GENE_SYMBOL: expected.symbolMappings });
    expect(expected.omimRelated).to.equal(16294); // every MIM xref, one per gene
    expect(await env.count('biomed.mappings', `${where} and predicate_id = 'skos:relatedMatch' and object_id like 'OMIM:%'`)).to.equal(expected.omimRelated);
    // Raw xrefs per database, as the import report gives them.
    expect((result.report.details as Record<string, unknown>).xrefs_by_prefix).to.deep.equal(expected.xrefsByDb);
  });

  it('resolves HGNC id and HGNC symbol to NCBIGene through the identity reads (TNF = NCBIGene:7124 = HGNC:11892)', async () => {
    const active = (await activeSnapshots(env.runtime.db.knex)).map((s) => s.snapshot_id);
    const ids = await resolveIdentities(env.runtime.db.knex, active, ['HGNC:11892', 'GENE_SYMBOL:TNF', 'NCBIGene:7124', 'GENE_SYMBOL:MT-ATP6']);
    expect(ids.get('HGNC:11892')!.mappings.map((m) => m.curie)).to.deep.equal(['NCBIGene:7124']);
    expect(ids.get('GENE_SYMBOL:TNF')!.mappings.map((m) => m.curie)).to.deep.equal(['NCBIGene:7124']);
    expect(ids.get('GENE_SYMBOL:MT-ATP6')!.mappings.map((m) => m.curie)).to.deep.equal(['NCBIGene:4508']); // NCBI Symbol ATP6
    expect(ids.get('NCBIGene:7124')!.mappings.map((m) => m.curie)).to.deep.equal(
      ['ENSEMBL:ENSG00000232810', 'GENE_SYMBOL:TNF', 'HGNC:11892', 'HPRD:01855', 'VEGA:OTTHUMG00000031194']);
    // 95 Ensembl genes are cross-referenced by two NCBI genes: the lookup answers both, it does not pick one.
    const shared = await resolveIdentities(env.runtime.db.knex, active, ['ENSEMBL:ENSG00000011052']);
    expect(shared.get('ENSEMBL:ENSG00000011052')!.mappings.map((m) => m.curie)).to.deep.equal(['NCBIGene:4831', 'NCBIGene:654364']);
    // OMIM stays a related (not exact) mapping: the phenotype MIM of a disease locus never makes it a disease.
    const rls1 = await resolveIdentities(env.runtime.db.knex, active, ['OMIM:102300', 'OMIM:191160']);
    expect(rls1.get('OMIM:102300')!.mappings).to.deep.equal([]);
    expect(rls1.get('OMIM:191160')!.mappings).to.deep.equal([]);
    expect(await env.count('biomed.mappings', `subject_id = 'NCBIGene:192142' and object_id = 'OMIM:102300' and predicate_id = 'skos:relatedMatch'`)).to.equal(1);
    expect(await env.count('biomed.mappings', `subject_id = 'NCBIGene:7124' and object_id = 'OMIM:191160' and predicate_id = 'skos:relatedMatch'`)).to.equal(1);
    expect(ids.get('NCBIGene:7124')!.mappings[0]!.sources).to.deep.equal(['gene_info']);

    const tnf = await env.get('/api/v1/conditions/NCBIGene:7124');
    expect(tnf.status).to.equal(200);
    expect(tnf.body).to.include({ label: 'TNF', kind: 'gene' });
    expect(tnf.body.synonyms.map((s: { text: string }) => s.text)).to.deep.equal(['DIF', 'TNF-alpha', 'TNFA', 'TNFSF2']);
    const attributes = await env.runtime.db.knex('biomed.term_attributes').where({ snapshot_id: snapshotId, curie: 'NCBIGene:7124' }).orderBy('attribute_no').select('name', 'value', 'source_file');
    expect(attributes.map((a) => [a.name, a.value])).to.deep.equal([['type_of_gene', 'protein-coding'], ['description', 'tumor necrosis factor'], ['chromosome', '6'], ['map_location', '6p21.3']]);
    expect(attributes[0]!.source_file).to.equal('Homo_sapiens.gene_info.gz');
    // The mitochondrial gene whose NCBI Symbol differs from the HGNC symbol keeps the latter as an EXACT synonym.
    const atp6 = (await env.get('/api/v1/conditions/NCBIGene:4508')).body;
    expect(atp6.label).to.equal('ATP6');
    expect(atp6.synonyms[0]).to.deep.include({ text: 'MT-ATP6', scope: 'EXACT' });
    // Genes are not conditions: search never returns them.
    expect((await env.get('/api/v1/conditions/search?q=tumor%20necrosis%20factor')).body.count).to.equal(0);
  });

  it('a second import of the same file writes nothing', async () => {
    const before = { ...await storeFootprint(env), attributes: await env.count('biomed.term_attributes') };
    const again = await env.import({ resource: 'ncbi_gene', files: [shared(GENE_INFO)] });
    expect(again.outcome).to.equal('already_imported');
    expect({ ...await storeFootprint(env), attributes: await env.count('biomed.term_attributes') }).to.deep.equal(before);
  });

  it('refuses a one-byte-tampered copy before writing anything; the active snapshot is untouched', async () => {
    const before = { ...await storeFootprint(env), attributes: await env.count('biomed.term_attributes') };
    const bytes = fs.readFileSync(shared(GENE_INFO));
    const at = bytes.length >> 1;
    bytes[at] = bytes[at]! ^ 0x01;
    const copy = path.join(dir, 'Homo_sapiens.gene_info.gz');
    fs.writeFileSync(copy, bytes);
    const error = await env.import({ resource: 'ncbi_gene', files: [copy] }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect({ ...await storeFootprint(env), attributes: await env.count('biomed.term_attributes') }).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=ncbi_gene')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[snapshotId, true]]);
  });

  it('imports through `evidence biomed import ncbi_gene <file>`', async () => {
    const scratch = await createScratchDatabase();
    try {
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent' };
      const { code, output } = await runCli(['biomed', 'import', 'ncbi_gene', shared(GENE_INFO)], env);
      expect(code, output).to.equal(0);
      expect(output).to.match(/imported ncbi_gene as snapshot ncbi_gene-b63c9f3c7c0f-1/).and.contain(`"genes": ${expected.human}`);
    } finally {
      await scratch.drop();
    }
  });

  it('refuses a wrong file list', async () => {
    const error = await env.import({ resource: 'ncbi_gene', files: [shared(GENE_INFO), shared(GENE_INFO)] }).then(() => null, (e: unknown) => e);
    expect((error as ImportRefusedError).code).to.equal('bad_input');
  });
});
