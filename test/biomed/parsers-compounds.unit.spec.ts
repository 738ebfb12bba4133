// The drug resources' streaming readers on small files written here: the quoted, multi-line TSV records
// pandas writes (drugbank-slim descriptions), DrugBank drugs and the PubChem mapping, DrugCentral targets,
// BindingDB affinities (exponent form, ',' lists), the 1 uM binding threshold, and malformed input: a wrong
// header or an unclosed quote fails naming the line, a malformed row is handed to `skip` and left out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bindingDirection, BINDING_THRESHOLD_NM } from '../../infra/biomed/importers/bindingdb';
import { skippedRows } from '../../infra/biomed/importers/drug-tables';
import { parseBindingdbGene } from '../../infra/biomed/parsers/bindingdb';
import { parseDrugbankSlim, parsePubchemMapping } from '../../infra/biomed/parsers/drugbank';
import { parseDrugcentralTargets } from '../../infra/biomed/parsers/drugcentral';
import { ParseError } from '../../infra/biomed/parsers/line-reader';
import { readTsvRecords, splitValues } from '../../infra/biomed/parsers/tsv';

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function failure(iterable: AsyncIterable<unknown>): Promise<Error> {
  try { await all(iterable); } catch (error) { return error as Error; }
  throw new Error('expected a failure');
}

const SLIM_HEADER = 'drugbank_id\tname\ttype\tgroups\tatc_codes\tcategories\tinchikey\tinchi\tdescription';

describe('biomed parsers: drugbank, drugcentral, bindingdb', () => {
  let dir: string;
  const write = (name: string, text: string) => { const file = path.join(dir, name); fs.writeFileSync(file, text); return file; };
  const skips = () => {
    const list: [number, string][] = [];
    return { list, skip: (line: number, reason: string) => { list.push([line, reason]); } };
  };
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsers-compounds-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads quoted TSV fields over several lines, doubled quotes, tabs inside quotes, CRLF, and gives each record its first line', async () => {
    const file = write('q.tsv', 'a\tb\tc\r\n1\t"two\r\nlines ""quoted""\tand a tab"\tx\r\n\r\n2\tplain "quote" kept\t\r\n3\t""\t"last\n\nfield"\n');
    const records = await all(readTsvRecords(file));
    expect(records).to.deep.equal([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'two\nlines "quoted"\tand a tab', 'x'] },
      { line: 5, cells: ['2', 'plain "quote" kept', ''] },
      { line: 6, cells: ['3', '', 'last\n\nfield'] },
    ]);
  });

  it('fails naming the line when a quoted field never closes or text follows its closing quote', async () => {
    const open = await failure(readTsvRecords(write('open.tsv', 'a\tb\n1\t"never\nclosed\n')));
    expect(open).to.be.instanceOf(ParseError);
    expect(open.message).to.match(/open\.tsv line 2: a quoted field opened on this line is never closed/);
    const after = await failure(readTsvRecords(write('after.tsv', 'a\tb\n1\t"x"y\n')));
    expect(after.message).to.match(/after\.tsv line 2: text after the closing quote/);
  });

  it('splits multi-valued cells, dropping empty items and repeats', () => {
    expect(splitValues(',1,2,,1', ',')).to.deep.equal(['1', '2']);
    expect(splitValues('', '|')).to.deep.equal([]);
    expect(splitValues('a | b|a', '|')).to.deep.equal(['a', 'b']);
  });

  it('reads drugbank-slim rows: groups, ATC codes and categories split, InChIKey bare, empty cells as null or []', async () => {
    const file = write('drugbank-slim.tsv', [
      SLIM_HEADER,
      'DB00945\tAcetylsalicylic acid\tsmall molecule\tapproved|vet_approved\tA01AD05|B01AC06|N02BA01\tSalicylates|Antipyretics \tInChIKey=BSYNRYMUTXBXSQ-UHFFFAOYSA-N\tInChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)\t"The prototypical analgesic.\r\n\r\nIt is ""aspirin""."',
      'DB01482\tFenethylline\tsmall molecule\tapproved|illicit|withdrawn\t\t\tInChIKey=NMFDZQYNZRWULR-UHFFFAOYSA-N\tInChI=1S/x\t',
    ].join('\n') + '\n');
    const rows = await all(parseDrugbankSlim(file, () => { throw new Error('nothing to skip'); }));
    expect(rows).to.deep.equal([
      {
        line: 2, drugbankId: 'DB00945', name: 'Acetylsalicylic acid', type: 'small molecule', groups: ['approved', 'vet_approved'],
        atcCodes: ['A01AD05', 'B01AC06', 'N02BA01'], categories: ['Salicylates', 'Antipyretics'], inchikey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
        inchi: 'InChI=1S/C9H8O4/c1-6(10)13-8-5-3-2-4-7(8)9(11)12/h2-5H,1H3,(H,11,12)', description: 'The prototypical analgesic.\n\nIt is "aspirin".',
      },
      {
        line: 5, drugbankId: 'DB01482', name: 'Fenethylline', type: 'small molecule', groups: ['approved', 'illicit', 'withdrawn'],
        atcCodes: [], categories: [], inchikey: 'NMFDZQYNZRWULR-UHFFFAOYSA-N', inchi: 'InChI=1S/x', description: null,
      },
    ]);
  });

  it('skips malformed drugbank rows with their line and reason, and refuses a file that is not drugbank-slim', async () => {
    const file = write('bad-slim.tsv', [
      SLIM_HEADER,
      'DB00001\tLepirudin\tbiotech\tapproved\t\t\t\t\tok',
      'XX00002\tBad id\tsmall molecule\tapproved\t\t\t\t\t',
      'DB00003\tToo few columns',
      'DB00004\t \tsmall molecule\tapproved\t\t\t\t\t',
    ].join('\n'));
    const s = skips();
    const rows = await all(parseDrugbankSlim(file, s.skip));
    expect(rows.map((r) => r.drugbankId)).to.deep.equal(['DB00001']);
    expect(s.list).to.deep.equal([
      [3, "drugbank_id 'XX00002' is not a DrugBank id (DB…)"],
      [4, 'expected 9 tab-separated columns, found 2'],
      [5, 'DB00004 has an empty name'],
    ]);
    const wrong = await failure(parseDrugbankSlim(write('wrong.tsv', 'GeneID\tdrugbank_id\n1\tDB00001\n'), s.skip));
    expect(wrong).to.be.instanceOf(ParseError);
    expect(wrong.message).to.equal('wrong.tsv line 1: column header lacks name (is this DrugBank drugbank-slim.tsv?)');
    const empty = await failure(parseDrugbankSlim(write('empty.tsv', ''), s.skip));
    expect(empty.message).to.match(/no column header/);
  });

  it('reads the DrugBank-PubChem mapping and skips a non-numeric CID', async () => {
    const s = skips();
    const rows = await all(parsePubchemMapping(write('mapping-pubchem.tsv', 'drugbank_id\tpubchem_id\nDB00945\t2244\nDB00945\tCID2244\nDB00945\t12280114\n'), s.skip));
    expect(rows).to.deep.equal([{ line: 2, drugbankId: 'DB00945', cid: '2244' }, { line: 4, drugbankId: 'DB00945', cid: '12280114' }]);
    expect(s.list).to.deep.equal([[3, "pubchem_id 'CID2244' is not a PubChem CID (digits)"]]);
  });

  it('reads DrugCentral targets: arrays split on |, PubMed ids on | or ,, commas inside URLs kept', async () => {
    const s = skips();
    const file = write('targets.tsv', [
      'GeneID\tdrugbank_id\tdrugbank_name\tpubmed_ids\tsources\tactions\turls',
      '25\tDB00619\tImatinib\t\tDrugCentral (ChEMBL)\tinhibitor\thttps://www.ebi.ac.uk/chembl/compound/inspect/CHEMBL1642',
      '2099\tDB00655\tEstrone\t3000389|21651903\tDrugCentral (ChEMBL)|DrugCentral (label)\tagonist\thttp://x.org/a,b.pdf|https://y.org/c',
      'ABL1\tDB00619\tImatinib\t\tDrugCentral (ChEMBL)\tinhibitor\t',
      '25\tDB00619\tImatinib\tPMC1\tDrugCentral (ChEMBL)\tinhibitor\t',
    ].join('\n') + '\n');
    const rows = await all(parseDrugcentralTargets(file, s.skip));
    expect(rows).to.deep.equal([
      { line: 2, geneId: '25', drugbankId: 'DB00619', drugName: 'Imatinib', pubmedIds: [], sourcesText: 'DrugCentral (ChEMBL)', sources: ['DrugCentral (ChEMBL)'],
        actions: ['inhibitor'], urls: ['https://www.ebi.ac.uk/chembl/compound/inspect/CHEMBL1642'] },
      { line: 3, geneId: '2099', drugbankId: 'DB00655', drugName: 'Estrone', pubmedIds: ['3000389', '21651903'], sourcesText: 'DrugCentral (ChEMBL)|DrugCentral (label)',
        sources: ['DrugCentral (ChEMBL)', 'DrugCentral (label)'], actions: ['agonist'], urls: ['http://x.org/a,b.pdf', 'https://y.org/c'] },
    ]);
    expect(s.list).to.deep.equal([[4, "GeneID 'ABL1' is not an NCBI Gene id (digits)"], [5, "pubmed_ids item 'PMC1' is not a PubMed id (digits)"]]);
    const wrong = await failure(parseDrugcentralTargets(write('not-targets.tsv', SLIM_HEADER + '\n'), s.skip));
    expect(wrong.message).to.match(/not-targets\.tsv line 1: column header lacks GeneID, drugbank_name, pubmed_ids, sources, actions, urls/);
  });

  it('reads BindingDB affinities (exponent form), sources and PubMed lists, and skips malformed numbers', async () => {
    const s = skips();
    const file = write('bindings-drugbank-gene.tsv', [
      'drugbank_id\tentrez_gene\taffinity_nM\tn_pairs\tsources\tpubmeds\tdrugbank_name\tdrugbank_approved\tgene_symbol',
      'DB00619\t25\t139.3731\t1\tChEMBL,PubChem\t15711537,22037378\tImatinib\t1\tABL1',
      'DB00619\t90\t1e+04\t2\tBindingDB,ChEMBL,ChEMBL\t,22037378\tImatinib\t1\tACVR1',
      'DB00619\t91\tn/a\t1\tChEMBL\t\tImatinib\t1\tACVR1B',
      'DB00619\t92\t-5\t1\tChEMBL\t\tImatinib\t1\tACVR2A',
      'DB00619\t93\t10\t1.5\tChEMBL\t\tImatinib\t1\tACVR2B',
      'DB00619\t94\t10\t1\tChEMBL\t\tImatinib\tyes\tACVRL1',
      'DB08764\t5743\t.24\t1\tPDSP Ki\t\tVandetanib\t0\t',
    ].join('\n') + '\n');
    const rows = await all(parseBindingdbGene(file, s.skip));
    expect(rows).to.deep.equal([
      { line: 2, drugbankId: 'DB00619', entrezGene: '25', affinityNm: 139.3731, nPairs: 1, sourcesText: 'ChEMBL,PubChem', sources: ['ChEMBL', 'PubChem'],
        pubmedIds: ['15711537', '22037378'], drugName: 'Imatinib', drugbankApproved: true, geneSymbol: 'ABL1' },
      { line: 3, drugbankId: 'DB00619', entrezGene: '90', affinityNm: 10000, nPairs: 2, sourcesText: 'BindingDB,ChEMBL,ChEMBL', sources: ['BindingDB', 'ChEMBL'],
        pubmedIds: ['22037378'], drugName: 'Imatinib', drugbankApproved: true, geneSymbol: 'ACVR1' },
      { line: 8, drugbankId: 'DB08764', entrezGene: '5743', affinityNm: 0.24, nPairs: 1, sourcesText: 'PDSP Ki', sources: ['PDSP Ki'],
        pubmedIds: [], drugName: 'Vandetanib', drugbankApproved: false, geneSymbol: null },
    ]);
    expect(s.list).to.deep.equal([
      [4, "affinity_nM 'n/a' is not a positive number of nM"],
      [5, "affinity_nM '-5' is not a positive number of nM"],
      [6, "n_pairs '1.5' is not a whole number"],
      [7, "drugbank_approved 'yes' is neither 0 nor 1"],
    ]);
  });

  it('puts the binding threshold at 1 uM inclusive: supports at or below 1000 nM, neutral above', () => {
    expect(BINDING_THRESHOLD_NM).to.equal(1000);
    expect([0.24, 999.9, 1000, 1000.01, 10001].map(bindingDirection)).to.deep.equal(['supports', 'supports', 'supports', 'neutral', 'neutral']);
  });

  it('counts skipped rows and warns about the first twenty, then once for the rest', () => {
    const warnings: string[] = [];
    const skipped = skippedRows({ warn: (m) => warnings.push(m) }, 'f.tsv');
    for (let line = 2; line < 27; line++) skipped.skip(line, 'bad');
    skipped.finish();
    expect(skipped.count()).to.equal(25);
    expect(warnings).to.have.length(21);
    expect(warnings[0]).to.equal('f.tsv line 2: bad; row skipped');
    expect(warnings[20]).to.equal('f.tsv: 25 malformed row(s) skipped in all (the first 20 are listed above)');
  });
});
