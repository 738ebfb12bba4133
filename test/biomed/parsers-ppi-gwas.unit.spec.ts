// The ppi and gwas_catalog parsers on small files written here (real layouts, rows copied or adapted
// from the shared files): column lists, gzip and CRLF, and malformed rows failing with the line named
// (ParseError) instead of a crash or a silent skip; plus the GWAS lead-SNP precedence.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { leadOrder, pValueOf } from '../../infra/biomed/importers/gwas-catalog';
import { firstLineOf, GwasGeneRow, gwasKindOfHeader, GwasSnpRow, parseGwasGeneAssociations, parseGwasSnpAssociations } from '../../infra/biomed/parsers/gwas-catalog';
import { ParseError } from '../../infra/biomed/parsers/line-reader';
import { parseProteinInteractions, PpiRow } from '../../infra/biomed/parsers/ppi';

const PPI_HEADER = 'source_code\tsource_symbol\ttarget_code\ttarget_symbol\tpubmed\tinteraction_type\tmethod';
const PPI_ROWS = [
  'HGNC:5\tA1BG\tHGNC:545\tANXA7\t21900206\tMI:0407(direct interaction)\tMI:0018(two hybrid)',
  'HGNC:24086\tA1CF\tHGNC:604\tAPOBEC1\t10669759|11134005, 10669759, 12881431|11134005\tMI:0915(physical association)|MI:0407(direct interaction)\tMI:0004(affinity chromatography technology)|MI:0096(pull down)|-',
  'HGNC:7\tA2M\tHGNC:5992\tIL1B\t\tMI:0915(physical association)\t-',
  'HGNC:7\tA2M\tHGNC:620\tAPP\t21163940|n/a\tMI:0915(physical association)\tMI:0019(coimmunoprecipitation)',
];

const GENE_HEADER = 'doid_code\tdoid_name\tlocus\thigh_confidence\tprimary\tstatus\tgene\tsymbol';
const SNP_HEADER = 'doid_code\tdoid_name\treported_symbols\tpubmed_id\tupstream_gene\tdate\tcontaining_genes\tlead_snp\tmlog_pvalue\tdownstream_gene\treported_genes\tcases\tcontrols\tsamples\thigh_confidence\tlead_chrom\tlower_coord\tupper_coord\tlocus';

describe('biomed: ppi and gwas_catalog parsers', () => {
  let dir: string;
  const write = (name: string, text: string | Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const collect = async <T>(rows: AsyncGenerator<T>) => { const out: T[] = []; for await (const r of rows) out.push(r); return out; };
  const failure = async <T>(rows: AsyncGenerator<T>) => collect(rows).then(() => null, (e: unknown) => e);

  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-parsers-ppi-gwas-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads the interaction table, gzipped with CRLF as distributed or plain: lists split, de-duplicated, "-" dropped', async () => {
    const text = [PPI_HEADER, ...PPI_ROWS].join('\r\n') + '\r\n';
    const gz = await collect(parseProteinInteractions(write('ppi.txt.gz', zlib.gzipSync(text))));
    const plain = await collect(parseProteinInteractions(write('ppi.txt', text.replace(/\r\n/g, '\n'))));
    expect(gz).to.deep.equal(plain);
    expect(gz).to.have.length(4);
    expect(gz[1]).to.deep.equal({
      line: 3, sourceCode: 'HGNC:24086', sourceSymbol: 'A1CF', targetCode: 'HGNC:604', targetSymbol: 'APOBEC1',
      pubmedIds: ['10669759', '11134005', '12881431'], invalidPubmed: [],
      interactionTypes: ['MI:0915(physical association)', 'MI:0407(direct interaction)'],
      methods: ['MI:0004(affinity chromatography technology)', 'MI:0096(pull down)'],
    } satisfies PpiRow);
    expect(gz[2]).to.include({ line: 4 }).and.deep.include({ pubmedIds: [], methods: [] });
    // A pubmed item that is no number is never taken as an id: returned apart for the importer to warn about.
    expect(gz[3]).to.deep.include({ pubmedIds: ['21163940'], invalidPubmed: ['n/a'] });
  });

  it('fails a malformed interaction table naming the line: column count, non-HGNC code, missing column, no header', async () => {
    const cases: [string, RegExp][] = [
      [[PPI_HEADER, PPI_ROWS[0], 'HGNC:5\tA1BG\tHGNC:545\tANXA7\t1'].join('\n'), /line 3: expected 7 tab-separated columns, found 5/],
      [[PPI_HEADER, PPI_ROWS[0], PPI_ROWS[1]!.replace('HGNC:604', 'ENSG00000111701')].join('\n'), /line 3: target_code 'ENSG00000111701' is not an HGNC id/],
      [[PPI_HEADER.replace('\tmethod', '\tdetection'), PPI_ROWS[0]].join('\n'), /line 1: column header lacks method/],
      ['', /no column header/],
    ];
    for (const [text, message] of cases) {
      const error = await failure(parseProteinInteractions(write('bad-ppi.txt', text)));
      expect(error, String(message)).to.be.instanceOf(ParseError);
      expect((error as Error).message).to.match(message);
    }
  });

  it('reads gene-associations rows (flags, status, GeneID) and snp-associations rows (floats, empty cells, gene lists)', async () => {
    const genes = await collect(parseGwasGeneAssociations(write('gene-associations.tsv', [GENE_HEADER,
      'DOID:10652\tAlzheimer\'s disease\t32\t1\t1\tHC-P\t64231\tMS4A6A', 'DOID:10652\tAlzheimer\'s disease\t32\t1\t0\tHC-S\t932\tMS4A3'].join('\n') + '\n')));
    expect(genes[0]).to.deep.equal({
      line: 2, doid: 'DOID:10652', doidName: 'Alzheimer\'s disease', locus: 32, highConfidence: true, primary: true, status: 'HC-P', gene: '64231', symbol: 'MS4A6A',
    } satisfies GwasGeneRow);
    expect(genes[1]).to.include({ primary: false, status: 'HC-S', gene: '932' });
    const snps = await collect(parseGwasSnpAssociations(write('snp-associations.tsv', [SNP_HEADER,
      'DOID:10652\tAlzheimer\'s disease\tMS4A6A\t24162737\t2206\t2013-10-27\t\trs983392\t15.221848749616356\t64231\t64231\t17008.0\t37154.0\t54162.0\t1\tchr11\t59602405\t59797872\t32',
      'DOID:10871\tage related macular degeneration\tARMS2\t23455636\t\t2013-03-03\t387715|5654\trs10490924\t\t\t387715\t6713.0\t\t\t0\tchr10\t124192116\t124225345\t19',
    ].join('\n'))));
    expect(snps[0]).to.deep.equal({
      line: 2, doid: 'DOID:10652', doidName: 'Alzheimer\'s disease', locus: 32, leadSnp: 'rs983392', mlogPvalue: 15.221848749616356, pubmedId: '24162737',
      date: '2013-10-27', highConfidence: true, cases: 17008, controls: 37154, samples: 54162, chromosome: 'chr11', lowerCoord: 59602405, upperCoord: 59797872,
      containingGenes: [], upstreamGene: '2206', downstreamGene: '64231', reportedGenes: ['64231'], reportedSymbols: 'MS4A6A',
    } satisfies GwasSnpRow);
    expect(snps[1]).to.deep.include({ mlogPvalue: null, controls: null, samples: null, containingGenes: ['387715', '5654'], upstreamGene: null, downstreamGene: null });
  });

  it('fails malformed GWAS rows naming the line: status against flags, non-numeric gene, bad flag, column count, not a DOID', async () => {
    const row = 'DOID:9970\tobesity\t0\t1\t1\tHC-P\t3953\tLEPR';
    const geneCases: [string, RegExp][] = [
      [row.replace('HC-P', 'LC-P'), /line 2: status 'LC-P' disagrees with high_confidence 1 and primary 1 \(expected HC-P\)/],
      [row.replace('3953', 'LEPR'), /line 2: gene 'LEPR' is not an Entrez GeneID/],
      [row.replace('\t1\t1\t', '\t1\tyes\t'), /line 2: primary 'yes' is neither 0 nor 1/],
      [row.replace('\tLEPR', ''), /line 2: expected 8 tab-separated columns, found 7/],
      [row.replace('DOID:9970', 'EFO:0001073'), /line 2: doid_code 'EFO:0001073' is not a DOID CURIE/],
    ];
    for (const [text, message] of geneCases) {
      const error = await failure(parseGwasGeneAssociations(write('bad-genes.tsv', `${GENE_HEADER}\n${text}\n`)));
      expect(error, String(message)).to.be.instanceOf(ParseError);
      expect((error as Error).message).to.match(message);
    }
    const snp = 'DOID:9970\tobesity\tLEPR\t19079260\t\t2008-12-14\t3953\trs1137101\t9.0\t\t3953\t1000.0\t1000.0\t2000.0\t1\tchr1\t65500000\t65600000\t0';
    for (const [text, message] of [[snp.replace('\t9.0\t', '\tnine\t'), /mlog_pvalue 'nine' is not a number/], [snp.replace('\t19079260\t', '\t\t'), /pubmed_id '' is not a PubMed id/],
      [snp.replace('\t3953\trs1137101', '\tLEPR\trs1137101'), /containing_genes 'LEPR' is not an Entrez GeneID/]] as [string, RegExp][]) {
      const error = await failure(parseGwasSnpAssociations(write('bad-snps.tsv', `${SNP_HEADER}\n${text}\n`)));
      expect(error, String(message)).to.be.instanceOf(ParseError);
      expect((error as Error).message).to.match(/line 2: /).and.match(message);
    }
    // The other file given in its place: its header lacks the columns.
    const error = await failure(parseGwasSnpAssociations(write('swapped.tsv', `${GENE_HEADER}\n${row}\n`)));
    expect((error as Error).message).to.match(/line 1: column header lacks reported_symbols/);
  });

  it('tells the two files apart by their header, plain or gzipped', () => {
    expect(gwasKindOfHeader(GENE_HEADER)).to.equal('genes');
    expect(gwasKindOfHeader(SNP_HEADER)).to.equal('snps');
    expect(gwasKindOfHeader('doid_code\tdoid_name\tHC-P\tHC-S\tLC-P\tLC-S')).to.equal(null);
    expect(firstLineOf(write('g.tsv.gz', zlib.gzipSync(`${SNP_HEADER}\r\nx\n`)))).to.equal(SNP_HEADER);
    expect(firstLineOf(write('empty.tsv', ''))).to.equal('');
  });

  it('orders a locus\'s SNP rows as loci.ipynb does: HC first, then -log10 p (missing last), later date, then file line', () => {
    const snp = (line: number, highConfidence: boolean, mlogPvalue: number | null, date: string) => ({ line, highConfidence, mlogPvalue, date } as GwasSnpRow);
    const rows = [snp(1, false, 83.5, '2014-01-01'), snp(2, true, 20.5, '2007-08-01'), snp(3, true, null, '2015-01-01'), snp(4, true, 20.5, '2010-01-01'), snp(5, true, 20.5, '2010-01-01')];
    expect([...rows].sort(leadOrder).map((r) => r.line)).to.deep.equal([4, 5, 2, 3, 1]);
    expect(pValueOf(12)).to.equal(1e-12);
    expect([pValueOf(null), pValueOf(-12.7)]).to.deep.equal([null, null]);
  });
});
