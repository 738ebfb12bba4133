// The JSON-based streaming readers on small files written here: the generic path walker, OBO Graphs
// details (IRIs, synonym scopes and types, deprecated, replaced_by, edge order), openFDA's three forms,
// ClinVar's condition ids and significance mapping, and their clear errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { primarySignificance, significanceDirection } from '../../domain/biomed/clinical-significance';
import { clinvarConditionCurie, ClinvarRecord, parseClinvar } from '../../infra/biomed/parsers/clinvar';
import { JsonFormatError, jsonValuesAt } from '../../infra/biomed/parsers/json-stream';
import { ParseError } from '../../infra/biomed/parsers/line-reader';
import { curieFromIri, parseOboGraphs } from '../../infra/biomed/parsers/obographs';
import type { OboHeader, OboTerm } from '../../infra/biomed/parsers/obo';
import { OpenfdaMeta, OpenfdaRecord, parseOpenfda } from '../../infra/biomed/parsers/openfda';

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

async function failure(iterable: AsyncIterable<unknown>): Promise<Error> {
  try { await all(iterable); } catch (error) { return error as Error; }
  throw new Error('expected a failure');
}

describe('biomed parsers: JSON, OBO Graphs, openFDA, ClinVar', () => {
  let dir: string;
  const write = (name: string, text: string | Buffer) => { const file = path.join(dir, name); fs.writeFileSync(file, text); return file; };
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsers-json-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('walks JSON and hands out only the selected values, gzip included', async () => {
    const text = JSON.stringify({ meta: { n: 1 }, results: [{ a: 1 }, { b: [2, 3] }, 'x'], tail: true });
    for (const file of [write('w.json', text), write('w.json.gz', zlib.gzipSync(text))]) {
      const got = await all(jsonValuesAt(file, (p) => (p.length === 2 && p[0] === 'results') || (p.length === 1 && p[0] === 'meta')));
      expect(got.map((g) => g.value)).to.deep.equal([{ n: 1 }, { a: 1 }, { b: [2, 3] }, 'x']);
    }
    const truncated = await failure(jsonValuesAt(write('t.json', text.slice(0, 30)), () => false));
    expect(truncated).to.be.instanceOf(JsonFormatError);
    expect(truncated.message).to.contain('t.json: not valid JSON');
  });

  it('reads OBO Graphs nodes into OBO terms, whatever the order of edges and nodes', async () => {
    expect(curieFromIri('http://purl.obolibrary.org/obo/HP_0000118')).to.equal('HP:0000118');
    expect(curieFromIri('MONDO:0000001')).to.equal('MONDO:0000001');
    const doc = { graphs: [{
      id: 'http://purl.obolibrary.org/obo/t.owl',
      meta: { basicPropertyValues: [{ pred: 'http://www.w3.org/2002/07/owl#versionInfo', val: 't/2026' }] },
      edges: [{ sub: 'http://purl.obolibrary.org/obo/T_2', pred: 'is_a', obj: 'http://purl.obolibrary.org/obo/T_1' },
        { sub: 'http://purl.obolibrary.org/obo/T_2', pred: 'http://purl.obolibrary.org/obo/BFO_0000050', obj: 'http://purl.obolibrary.org/obo/T_1' }],
      nodes: [
        { id: 'http://purl.obolibrary.org/obo/T_1', lbl: 'root', type: 'CLASS', meta: { definition: { val: 'The root.' } } },
        { id: 'http://purl.obolibrary.org/obo/T_2', lbl: 'child', type: 'CLASS', meta: {
          synonyms: [{ pred: 'hasExactSynonym', val: 'kid', synonymType: 'http://purl.obolibrary.org/obo/t#layperson' }, { pred: 'hasRelatedSynonym', val: 'brat' }],
          xrefs: [{ val: 'OMIM:100', meta: { basicPropertyValues: [{ pred: 'http://www.geneontology.org/formats/oboInOwl#source', val: 'MONDO:equivalentTo' }] } }] } },
        { id: 'http://purl.obolibrary.org/obo/T_3', lbl: 'obsolete gone', type: 'CLASS', meta: { deprecated: true,
          basicPropertyValues: [{ pred: 'http://purl.obolibrary.org/obo/IAO_0100001', val: 'http://purl.obolibrary.org/obo/T_2' }] } },
        { id: 'http://purl.obolibrary.org/obo/t#layperson', type: 'PROPERTY' },
      ],
    }] };
    let header: OboHeader | null = null;
    const stats = { terms: 0, otherStanzas: 0, lines: 0 };
    const terms: OboTerm[] = await all(parseOboGraphs(write('t.json', JSON.stringify(doc)), stats, { onHeader: (h) => { header = h; } }));
    expect(header).to.deep.equal({ formatVersion: null, dataVersion: 't/2026', ontology: 't' });
    expect(terms.map((t) => t.id)).to.deep.equal(['T:1', 'T:2', 'T:3']);
    expect(terms[1]!.isA).to.deep.equal([{ id: 'T:1', line: 1 }]); // part_of is not is_a
    expect(terms[1]!.synonyms).to.deep.equal([{ text: 'kid', scope: 'EXACT', type: 'layperson' }, { text: 'brat', scope: 'RELATED', type: null }]);
    expect(terms[1]!.xrefs).to.deep.equal([{ id: 'OMIM:100', source: 'MONDO:equivalentTo' }]);
    expect(terms[0]!.def).to.equal('The root.');
    expect(terms[2]).to.deep.include({ obsolete: true, replacedBy: ['T:2'], line: 3 });
    expect(stats).to.deep.include({ terms: 3, otherStanzas: 1 });
    const bad = await failure(parseOboGraphs(write('bad.json', JSON.stringify({ graphs: [{ nodes: [{ id: 'http://x/T_1', type: 'CLASS', meta: { synonyms: [{ val: 'x' }] } }] }] }))));
    expect(bad.message).to.contain('node 1 (T:1): synonym without a known pred');
    expect((await failure(parseOboGraphs(write('none.json', '{"other": 1}')))).message).to.contain('not an OBO Graphs document');
  });

  it('reads openFDA records from the download form, a single event and JSON Lines', async () => {
    const meta: OpenfdaMeta = {};
    const download = await all(parseOpenfda(write('l.json', JSON.stringify({ meta: { last_updated: '2026-01-01' }, results: [{ set_id: 'a' }, { safetyreportid: '1', patient: {} }, { other: 1 }] })), meta));
    expect(download.map((r: OpenfdaRecord) => [r.kind, r.line])).to.deep.equal([['label', 1], ['event', 2], ['unknown', 3]]);
    expect(meta).to.deep.equal({ form: 'download', lastUpdated: '2026-01-01' });
    const single = await all(parseOpenfda(write('e.json', JSON.stringify({ safetyreportid: '9', patient: { reaction: [] } }))));
    expect(single.map((r) => [r.kind, r.value.safetyreportid])).to.deep.equal([['event', '9']]);
    const lines = await all(parseOpenfda(write('h.jsonl', '{"spl_set_id":"x"}\n\n{"spl_set_id":"y"}\n')));
    expect(lines.map((r) => [r.kind, r.line])).to.deep.equal([['product', 1], ['product', 3]]);
    const badLine = await failure(parseOpenfda(write('b.jsonl', '{"spl_set_id":"x"}\n{"spl_set_id":\n')));
    expect(badLine).to.be.instanceOf(ParseError);
    expect(badLine.message).to.contain('b.jsonl line 2: not a JSON value');
    expect((await failure(parseOpenfda(write('n.json', '{"meta": {}}')))).message).to.contain('not an openFDA file');
  });

  it('maps ClinVar significance to a direction and cross-references to CURIEs', () => {
    expect(significanceDirection('Pathogenic')).to.equal('supports');
    expect(significanceDirection('Likely_pathogenic')).to.equal('supports');
    expect(significanceDirection('Pathogenic/Likely_pathogenic|_risk_factor')).to.equal('supports');
    expect(significanceDirection('Benign/Likely benign')).to.equal('contradicts');
    expect(significanceDirection('Likely benign')).to.equal('contradicts');
    expect(significanceDirection('Uncertain significance')).to.equal('neutral');
    expect(significanceDirection('Conflicting_interpretations_of_pathogenicity')).to.equal('neutral');
    expect(significanceDirection('risk factor')).to.equal('neutral');
    expect(primarySignificance('Pathogenic, risk factor')).to.equal('pathogenic');
    expect(['MONDO:MONDO:0007915', 'MedGen:C0024141', 'OMIM:152700', 'Orphanet:ORPHA536', 'Orphanet:536', 'Human_Phenotype_Ontology:HP:0001369', 'MeSH:D008180', 'na']
      .map(clinvarConditionCurie)).to.deep.equal(['MONDO:0007915', 'MEDGEN:C0024141', 'OMIM:152700', 'Orphanet:536', 'Orphanet:536', 'HP:0001369', 'MESH:D008180', null]);
  });

  it('refuses ClinVar files that are neither form, and rows that do not fit the header', async () => {
    expect((await failure(parseClinvar(write('x.txt', 'hello\n')))).message).to.contain('x.txt line 1: not a ClinVar file');
    const vcf = '##fileformat=VCFv4.1\n1\t2\t3\tA\tG\t.\t.\tCLNSIG=Benign\n';
    expect((await failure(parseClinvar(write('v.vcf', vcf)))).message).to.contain('v.vcf line 2: VCF data line before the #CHROM header');
    const summary = '#AlleleID\tType\n1\tsnv\n';
    expect((await failure(parseClinvar(write('s.txt', summary)))).message).to.contain('s.txt line 1: variant_summary header lacks the column "Name"');
    const good = await all(parseClinvar(write('g.vcf.gz', zlib.gzipSync('##fileformat=VCFv4.1\n##fileDate=2026-01-01\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n'
      + '1\t100\t42\tA\tG\t.\t.\tALLELEID=7;CLNSIG=Benign;CLNDISDB=MONDO:MONDO:1|MedGen:CN169374;CLNDN=A_b|not_specified;GENEINFO=X1:5\n'))));
    const record: ClinvarRecord = good[0]!;
    expect(record).to.deep.include({ line: 4, variationId: '42', alleleId: '7', significance: 'Benign', genes: [{ symbol: 'X1', geneId: '5' }] });
    expect(record.conditions).to.deep.equal([{ ids: ['MONDO:1'], name: 'A b', rcv: null }, { ids: ['MEDGEN:CN169374'], name: 'not specified', rcv: null }]);
  });
});
