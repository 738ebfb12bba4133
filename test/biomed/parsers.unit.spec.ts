// The streaming parsers on small files written here: OBO 1.4 details (quotes, escapes, comments,
// modifiers, synonym scopes and types, other stanzas, gzip, CRLF), HPOA headers and SSSOM metadata.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { ParseError } from '../../infra/biomed/parsers/line-reader';
import { OboHeader, OboTerm, parseObo, readQuoted, splitValue } from '../../infra/biomed/parsers/obo';
import { HpoaMeta, HpoaRow, parseHpoa } from '../../infra/biomed/parsers/hpoa';
import { parseSssom, SssomMeta, SssomRow } from '../../infra/biomed/parsers/sssom';
import { arrayLiteral } from '../../infra/biomed/store/bulk-insert';

const OBO = `format-version: 1.4
data-version: test/2026-01-01
ontology: test

[Term]
id: T:0001
name: root ! the root
def: "A \\"quoted\\" root, with ! inside." [PMID:1, T:curator]
comment: not kept

[Term]
id: T:0002
name: child term
synonym: "kid" EXACT layperson [orcid.org/0000]
synonym: "brat" RELATED []
xref: OMIM:100 {source="MONDO:equivalentTo", source="MONDO:other"}
xref: UMLS:C1 "label with ! bang"
is_a: T:0001 {source="x"} ! root
is_a: T:0003

[Typedef]
id: part_of
name: part of

[Term]
id: T:0003
name: gone
is_obsolete: true
replaced_by: T:0002
`;

async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

describe('biomed: parsers', () => {
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biomed-parsers-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: string | Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it('splits comments and modifiers outside quotes only', () => {
    expect(splitValue('T:1 {source="a!b"} ! comment')).to.deep.equal({ value: 'T:1', modifiers: 'source="a!b"' });
    expect(splitValue('"a ! b" EXACT []')).to.deep.equal({ value: '"a ! b" EXACT []', modifiers: null });
    expect(readQuoted('"say \\"hi\\"\\nnow" [x]')).to.deep.equal({ text: 'say "hi"\nnow', rest: '[x]' });
  });

  it('reads OBO terms, plain, gzipped and with CRLF line ends, identically', async () => {
    const plain = write('t.obo', OBO);
    const gz = write('t.obo.gz', zlib.gzipSync(OBO));
    const crlf = write('crlf.obo', OBO.replace(/\n/g, '\r\n'));
    const stats = { terms: 0, otherStanzas: 0, lines: 0 };
    let header: OboHeader | undefined;
    const terms = await collect(parseObo(plain, stats, { onHeader: (h) => { header = h; } }));
    expect(header).to.deep.equal({ formatVersion: '1.4', dataVersion: 'test/2026-01-01', ontology: 'test' });
    expect(stats).to.include({ terms: 3, otherStanzas: 1 });
    expect(terms.map((t) => t.id)).to.deep.equal(['T:0001', 'T:0002', 'T:0003']);
    expect(terms[0]).to.include({ name: 'root', def: 'A "quoted" root, with ! inside.', line: 5 });
    const child = terms[1] as OboTerm;
    expect(child.synonyms).to.deep.equal([{ text: 'kid', scope: 'EXACT', type: 'layperson' }, { text: 'brat', scope: 'RELATED', type: null }]);
    expect(child.xrefs).to.deep.equal([{ id: 'OMIM:100', source: 'MONDO:equivalentTo' }, { id: 'UMLS:C1', source: null }]);
    expect(child.isA).to.deep.equal([{ id: 'T:0001', line: 18 }, { id: 'T:0003', line: 19 }]);
    expect(terms[2]).to.deep.include({ obsolete: true, replacedBy: ['T:0002'] });
    expect(await collect(parseObo(gz))).to.deep.equal(terms);
    expect(await collect(parseObo(crlf))).to.deep.equal(terms);
  });

  it('names the line of a malformed OBO tag', async () => {
    const file = write('bad.obo', '[Term]\nid: T:1\nsynonym: "x" SOMETIMES []\n');
    const error = await collect(parseObo(file)).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(ParseError);
    expect((error as Error).message).to.match(/bad\.obo line 3: synonym scope "SOMETIMES"/);
  });

  it('reads HPOA rows with the current header, and the older "#DatabaseID" header', async () => {
    const current = write('a.hpoa', '#version: 2021-08-02\ndatabase_id\tdisease_name\tqualifier\thpo_id\treference\tevidence\tonset\tfrequency\tsex\tmodifier\taspect\tbiocuration\n'
      + 'OMIM:1\tX\tNOT\tHP:0000001\tPMID:1\tPCS\t\t1/2\t\t\tP\tHPO:a[2020-01-01]\n');
    const meta: HpoaMeta = {};
    const rows = await collect(parseHpoa(current, meta));
    expect(meta).to.deep.equal({ version: '2021-08-02' });
    expect(rows[0]).to.deep.include({ line: 3, databaseId: 'OMIM:1', qualifier: 'NOT', hpoId: 'HP:0000001', frequency: '1/2', aspect: 'P' });
    const legacy = write('b.hpoa', '#date: 2020-01-01\n#DatabaseID\tDiseaseName\tQualifier\tHPO_ID\tReference\tEvidence\tOnset\tFrequency\tSex\tModifier\tAspect\tBiocuration\n'
      + 'ORPHA:2\tY\t\tHP:0000002\tORPHA:2\tTAS\t\t\t\t\tP\tORPHA:orphadata[2020-01-01]\n');
    const old: HpoaRow[] = await collect(parseHpoa(legacy));
    expect(old[0]).to.deep.include({ databaseId: 'ORPHA:2', diseaseName: 'Y', hpoId: 'HP:0000002' });
    const broken = write('c.hpoa', 'database_id\tdisease_name\thpo_id\nOMIM:1\tX\n');
    expect(await collect(parseHpoa(broken)).then(() => '', (e: Error) => e.message)).to.match(/line 2: expected 3 tab-separated columns, found 2/);
  });

  it('reads SSSOM metadata (one nested map) and rows by column name', async () => {
    const file = write('m.sssom.tsv', '# curie_map:\n#   MONDO: http://purl.obolibrary.org/obo/MONDO_\n#   EFO: "http://www.ebi.ac.uk/efo/EFO_"\n# mapping_set_id: https://x/y.tsv\n'
      + 'subject_id\tsubject_label\tpredicate_id\tobject_id\tmapping_justification\nMONDO:1\tone\tskos:exactMatch\tEFO:1\tsemapv:ManualMappingCuration\n'
      + 'MONDO:2\ttwo\tskos:broadMatch\tEFO:2\tsemapv:ManualMappingCuration\n');
    const meta: SssomMeta = {};
    const rows: SssomRow[] = await collect(parseSssom(file, meta));
    expect(meta).to.deep.equal({ curie_map: { MONDO: 'http://purl.obolibrary.org/obo/MONDO_', EFO: 'http://www.ebi.ac.uk/efo/EFO_' }, mapping_set_id: 'https://x/y.tsv' });
    expect(rows.map((r) => [r.subjectId, r.predicateId, r.objectId, r.objectLabel, r.line])).to.deep.equal([
      ['MONDO:1', 'skos:exactMatch', 'EFO:1', null, 6], ['MONDO:2', 'skos:broadMatch', 'EFO:2', null, 7],
    ]);
  });

  it('writes PostgreSQL array literals that survive quotes, backslashes, braces and NULL', () => {
    expect(arrayLiteral(['a"b', 'c\\d', '{e,f}', null], 'text')).to.equal('{"a\\"b","c\\\\d","{e,f}",NULL}');
    expect(arrayLiteral([[{ t: 'x"y' }], null], 'jsonb')).to.equal('{"[{\\"t\\":\\"x\\\\\\"y\\"}]",NULL}');
    expect(arrayLiteral([1, 2], 'integer')).to.equal('{1,2}');
    expect(arrayLiteral([true, false], 'boolean')).to.equal('{t,f}');
  });
});
