// Today's drugs in the store and the graph (issue 25): the hgnc, drugbank_vocabulary and chembl importers on
// the real shared files, counted here from the files themselves with plain string splitting (a small
// quote-aware CSV splitter of its own, not the importers' parsers); known targets checked by hand from the
// files (rituximab -> MS4A1, belimumab -> TNFSF13B, anifrolumab -> IFNAR1, tocilizumab -> IL6R,
// baricitinib -> JAK1/JAK2); one node per DrugBank id; re-import writes nothing; a tampered file is refused
// with the active snapshot untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ImportRefusedError } from '../../infra/biomed/artifacts';
import { BiomedEnv, requireSharedData, shared, startBiomedEnv, storeFootprint } from './support/biomed-env';

const HGNC = 'hgnc/hgnc_complete_set.txt.gz';
const VOCABULARY = 'drugbank/drugbank_vocabulary.csv';
const CHEMBL = ['chembl/mechanisms.csv', 'chembl/targets.csv', 'chembl/indications.csv', 'chembl/chembl36-approved-drugs.csv', 'chembl/chembl36-approved-drug-targets.csv', 'chembl/unichem-chembl-drugbank.txt', VOCABULARY, 'mondo/mondo_exactmatch_efo.sssom.tsv'];

/** One CSV line into fields ("" is a quote inside a quoted field); the files have no line breaks inside fields. */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (line[q + 1] === '"') { v += line.slice(i, q + 1); i = q + 2; continue; }
        v += line.slice(i, q); i = q + 2; break;
      }
      out.push(v);
    } else {
      const c = line.indexOf(',', i);
      const end = c < 0 ? line.length : c;
      out.push(line.slice(i, end)); i = end + 1;
    }
  }
  return out;
}
const csv = (rel: string) => fs.readFileSync(shared(rel), 'utf8').split(/\r?\n/).filter((l) => l !== '').map(csvFields);

function hgncFromFile() {
  const lines = zlib.gunzipSync(fs.readFileSync(shared(HGNC))).toString('utf8').split('\n').filter((l) => l !== '');
  const header = lines[0]!.split('\t');
  const col = (name: string) => header.indexOf(name);
  const rows = lines.slice(1).map((l) => l.split('\t'));
  const entrezOf = new Map<string, string>();
  const entrezOfUniprot = new Map<string, Set<string>>();
  let uniprotMappings = 0;
  for (const r of rows) {
    const entrez = r[col('entrez_id')]!;
    if (entrez === '') continue;
    entrezOf.set(r[col('symbol')]!, entrez);
    const uniprots = r[col('uniprot_ids')]!.replace(/"/g, '').split('|').filter((u) => u !== '');
    uniprotMappings += uniprots.length;
    for (const u of uniprots) { const s = entrezOfUniprot.get(u) ?? new Set(); s.add(entrez); entrezOfUniprot.set(u, s); }
  }
  return { genes: rows.length, withEntrez: rows.filter((r) => r[col('entrez_id')] !== '').length, uniprotMappings, entrezOf, entrezOfUniprot };
}

describe('biomed: modern drugs (hgnc, drugbank_vocabulary, chembl) from the real shared files', function () {
  this.timeout(300_000);
  let env: BiomedEnv;
  let dir: string;
  let hgnc: ReturnType<typeof hgncFromFile>;
  let chemblSnapshot: string;
  let hgncSnapshot: string;
  let vocabularySnapshot: string;

  before(async function () {
    requireSharedData(this, HGNC, ...CHEMBL);
    hgnc = hgncFromFile();
    env = await startBiomedEnv();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-modern-drugs-'));
  });
  after(async () => {
    await env?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hgnc: one gene term per row and an exact NCBIGene -> UNIPROT mapping per UniProt id of a gene with an Entrez id', async () => {
    expect(hgnc.genes).to.equal(43882);
    const result = await env.import({ resource: 'hgnc', files: [shared(HGNC)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    hgncSnapshot = result.snapshot.snapshot_id;
    expect(result.snapshot.counts).to.include({ genes: hgnc.genes, terms: hgnc.genes, skipped_rows: 0, genes_with_entrez: hgnc.withEntrez, uniprot_mappings: hgnc.uniprotMappings });
    const where = `snapshot_id = '${result.snapshot.snapshot_id}'`;
    expect(await env.count('biomed.mappings', `${where} and object_id like 'UNIPROT:%' and subject_id like 'NCBIGene:%'`)).to.equal(hgnc.uniprotMappings);
    // MS4A1 by hand: HGNC:7315, Entrez 931, UniProt P11836.
    expect(await env.count('biomed.mappings', `${where} and subject_id = 'NCBIGene:931' and object_id = 'UNIPROT:P11836'`)).to.equal(1);
  });

  it('drugbank_vocabulary: one drug term per entry, biologics included, UNII/CAS/InChIKey mappings and modality', async () => {
    const rows = csv(VOCABULARY);
    expect(rows[0]).to.deep.equal(['DrugBank ID', 'Accession Numbers', 'Common name', 'CAS', 'UNII', 'Synonyms', 'Standard InChI Key']);
    const data = rows.slice(1);
    expect(data).to.have.length(19842);
    const result = await env.import({ resource: 'drugbank_vocabulary', files: [shared(VOCABULARY)] });
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    vocabularySnapshot = result.snapshot.snapshot_id;
    expect(result.snapshot.counts).to.include({
      drugs: data.length, terms: data.length, skipped_rows: 0,
      unii_mappings: data.filter((r) => r[4] !== '').length, cas_mappings: data.filter((r) => r[3] !== '').length, inchikey_mappings: data.filter((r) => r[6] !== '').length,
    });
    expect((await env.get('/api/v1/conditions/DRUGBANK:DB08879')).body).to.include({ label: 'Belimumab', kind: 'drug' });
    const { rows: [modality] } = await env.runtime.db.knex.raw(`select value from biomed.term_attributes where snapshot_id = ? and curie = 'DRUGBANK:DB08879' and name = 'modality'`, [result.snapshot.snapshot_id]);
    expect(modality.value).to.equal('antibody');
    const again = await env.import({ resource: 'drugbank_vocabulary', files: [shared(VOCABULARY)] });
    expect(again.outcome).to.equal('already_imported');
  });

  it('chembl: a TARGETS claim per distinct (molecule, UniProt) pair and an indication claim per row, joins counted', async () => {
    const targetUniprot = new Map(csv('chembl/targets.csv').slice(1).filter((r) => r[2] !== '').map((r) => [r[0]!, r[2]!]));
    const pairs = new Set<string>();
    for (const r of csv('chembl/mechanisms.csv').slice(1)) { const u = targetUniprot.get(r[3]!); if (u) pairs.add(`${r[2]}\t${u}`); }
    for (const r of csv('chembl/chembl36-approved-drug-targets.csv').slice(1)) pairs.add(`${r[0]}\t${r[1]}`);
    const indications = csv('chembl/indications.csv').slice(1).filter((r) => r[0] !== '');
    const started = Date.now();
    const result = await env.import({ resource: 'chembl', files: CHEMBL.map(shared) });
    console.log(`      chembl import: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(result.outcome).to.equal('imported');
    if (result.outcome !== 'imported') return;
    chemblSnapshot = result.snapshot.snapshot_id;
    const c = result.snapshot.counts!;
    expect(c).to.include({ targets_claims: pairs.size, approved_for: indications.filter((r) => Number(r[2]) === 4).length, studied_for: indications.filter((r) => Number(r[2]) < 4).length });
    expect(c.claims).to.equal(pairs.size + indications.length);
    expect(c.molecules_joined_unichem! + c.molecules_joined_drugbank_name! + c.molecules_joined_drugbank_synonym! + c.molecules_unjoined!).to.equal(c.molecules);
    expect(await env.count('biomed.claims', `snapshot_id = '${chemblSnapshot}' and predicate = 'TREATS'`)).to.equal(0);
  });

  it('joins by exact identifiers: salts to parents (tofacitinib citrate -> DB08895), biologics by DrugBank name (belimumab -> DB08879)', async () => {
    const mapping = async (object: string) => (await env.runtime.db.knex.raw(`select subject_id, predicate_id, source from biomed.mappings where snapshot_id = ? and object_id = ?`, [chemblSnapshot, object])).rows;
    expect(await mapping(`CHEMBL:${'CHEMBL1789843'}`)).to.deep.equal([{ subject_id: 'DRUGBANK:DB08879', predicate_id: 'skos:exactMatch', source: 'drugbank_vocabulary' }]);
    expect(await mapping('CHEMBL:CHEMBL221959')).to.deep.equal([{ subject_id: 'DRUGBANK:DB08895', predicate_id: 'skos:exactMatch', source: 'unichem' }]);
    expect(await mapping('CHEMBL:CHEMBL2103743')).to.deep.equal([{ subject_id: 'CHEMBL:CHEMBL221959', predicate_id: 'skos:narrowMatch', source: 'chembl' }]);
    const { rows } = await env.runtime.db.knex.raw(`select distinct subject from biomed.claims where snapshot_id = ? and qualifiers->>'molecule_chembl_id' = 'CHEMBL2103743'`, [chemblSnapshot]);
    expect(rows).to.deep.equal([{ subject: 'DRUGBANK:DB08895' }]);
  });

  it('the graph: the fourteen named drugs are compounds with targets, known targets by hand from the files, one node per DrugBank id', async () => {
    const drugs: Record<string, string> = {};
    for (const r of csv('chembl/chembl36-approved-drugs.csv').slice(1)) drugs[r[1]!] = r[0]!;
    const names = ['BELIMUMAB', 'RITUXIMAB', 'ADALIMUMAB', 'TOCILIZUMAB', 'OCRELIZUMAB', 'NATALIZUMAB', 'ANIFROLUMAB', 'BARICITINIB', 'TOFACITINIB', 'UPADACITINIB', 'HYDROXYCHLOROQUINE', 'DUPILUMAB', 'USTEKINUMAB', 'SECUKINUMAB'];
    const targetsOf = async (name: string) => {
      const search = await env.get(`/api/kg/search?q=${encodeURIComponent(name.toLowerCase())}&types=Compound&limit=5`);
      expect(search.status, name).to.equal(200);
      // One compound per drug: the name finds exactly one node (no CHEMBL twin of a DrugBank compound).
      const same = search.body.hits.filter((r: { label: string; synonyms?: string[] }) => r.label.toLowerCase() === name.toLowerCase());
      expect(same, `${name} is one compound node`).to.have.length(1);
      const node = same[0];
      const { body } = await env.get(`/api/kg/neighbors/${encodeURIComponent(node.id)}?edge_types=TARGETS&direction=out&limit=100`);
      return { id: node.id as string, genes: (body.neighbors as { node: { id: string } }[]).map((n) => n.node.id) };
    };
    const gene = (symbol: string) => `NCBIGene:${hgnc.entrezOf.get(symbol)}`;
    for (const name of names) expect((await targetsOf(name)).genes, name).to.not.be.empty;
    expect((await targetsOf('RITUXIMAB')).genes).to.include(gene('MS4A1'));
    expect((await targetsOf('BELIMUMAB')).genes).to.include(gene('TNFSF13B'));
    expect((await targetsOf('ANIFROLUMAB')).genes).to.include(gene('IFNAR1'));
    expect((await targetsOf('TOCILIZUMAB')).genes).to.include(gene('IL6R'));
    expect((await targetsOf('BARICITINIB')).genes).to.include.members([gene('JAK1'), gene('JAK2')]);
    const { body: node } = await env.get(`/api/kg/node/${encodeURIComponent('CHEMBL:' + drugs.BELIMUMAB)}`);
    expect(node.node.id).to.equal('DRUGBANK:DB08879');
  });

  it('refuses a one-byte-tampered ChEMBL file before writing anything; the active snapshot is untouched', async () => {
    const before = await storeFootprint(env);
    const bytes = fs.readFileSync(shared('chembl/mechanisms.csv'));
    bytes[bytes.indexOf('INHIBITOR')] = 'i'.charCodeAt(0);
    const copy = path.join(dir, 'mechanisms.csv');
    fs.writeFileSync(copy, bytes);
    const files = CHEMBL.map((f) => (f === 'chembl/mechanisms.csv' ? copy : shared(f)));
    const error = await env.import({ resource: 'chembl', files }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get('/api/v1/snapshots?resource=chembl')).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[chemblSnapshot, true]]);
  });

  /** Imports `files` expecting a refusal for an unpinned file; the store and the resource's snapshots must be untouched. */
  async function expectTamperRefused(resource: string, files: string[], activeSnapshot: string) {
    const before = await storeFootprint(env);
    const error = await env.import({ resource, files }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ImportRefusedError);
    expect((error as ImportRefusedError).code).to.equal('unpinned');
    expect(await storeFootprint(env)).to.deep.equal(before);
    const snapshots = (await env.get(`/api/v1/snapshots?resource=${resource}`)).body.snapshots;
    expect(snapshots.map((s: { snapshot_id: string; active: boolean }) => [s.snapshot_id, s.active])).to.deep.equal([[activeSnapshot, true]]);
  }

  it('refuses a one-byte-tampered HGNC file before writing anything; the active hgnc snapshot is untouched', async () => {
    const bytes = fs.readFileSync(shared(HGNC));
    bytes[bytes.length - 9] = bytes[bytes.length - 9]! ^ 1; // inside the gzip trailer's CRC: same rows, no longer the pinned file
    const copy = path.join(dir, 'hgnc_complete_set.txt.gz');
    fs.writeFileSync(copy, bytes);
    await expectTamperRefused('hgnc', [copy], hgncSnapshot);
  });

  it('refuses a one-byte-tampered DrugBank vocabulary before writing anything; the active drugbank_vocabulary snapshot is untouched', async () => {
    const bytes = fs.readFileSync(shared(VOCABULARY));
    const at = bytes.indexOf('Belimumab');
    bytes[at] = 'b'.charCodeAt(0); // "belimumab": one name changed, the file no longer matches its pin
    const copy = path.join(dir, 'drugbank_vocabulary.csv');
    fs.writeFileSync(copy, bytes);
    await expectTamperRefused('drugbank_vocabulary', [copy], vocabularySnapshot);
  });
});
