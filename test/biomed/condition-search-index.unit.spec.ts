// The in-memory conditions search index answers exactly what a plain scan with the documented rules
// answers (label or one synonym contains the query, case-insensitive; exact label, label prefix, label
// substring, synonym; then label length, CURIE, snapshot), for every limit, including needles shorter
// than a trigram, repeated trigrams and non-ASCII text.
import { expect } from 'chai';
import { ConditionEntry, ConditionIndex } from '../../infra/biomed/search/condition-index';
import { TrigramIndex } from '../../infra/biomed/search/trigram-index';

function entry(curie: string, label: string | null, synonyms: string[] = [], snapshot = 'hp-000000000000-1'): ConditionEntry {
  return { curie, label, kind: 'phenotype', resource: 'hp', snapshot_id: snapshot, synonyms, mondo_curie: null, efo_id: null, readiness_tier: 'L0' };
}

/** The rules written as a scan, the way the SQL of the first version computed them. */
function scan(entries: ConditionEntry[], needle: string, limit: number): string[] {
  const hits: { e: ConditionEntry; rank: number }[] = [];
  for (const e of entries) {
    const label = (e.label ?? '').toLowerCase();
    const rank = label === needle ? 0 : label.startsWith(needle) ? 1 : label.includes(needle) ? 2
      : e.synonyms.some((s) => s.toLowerCase().includes(needle)) ? 3 : -1;
    if (rank >= 0) hits.push({ e, rank });
  }
  const len = (l: string | null) => (l === null ? Infinity : [...l].length);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  hits.sort((a, b) => a.rank - b.rank || len(a.e.label) - len(b.e.label) || cmp(a.e.curie, b.e.curie) || cmp(a.e.snapshot_id, b.e.snapshot_id));
  return hits.slice(0, limit).map((h) => `${h.e.curie}@${h.e.snapshot_id}`);
}

const ids = (index: ConditionIndex, needle: string, limit: number) => index.search(needle, limit).map((h) => `${h.curie}@${h.snapshot_id}`);

describe('biomed: conditions search index (in memory)', () => {
  const entries = [
    entry('HP:0000003', 'Abnormality of the kidney', ['Renal anomaly', 'Kidney abnormality']),
    entry('HP:0000001', 'Kidney', ['Ren']),
    entry('HP:0000002', 'Kidney cyst'),
    entry('HP:0000004', 'Small kidney', ['Renal hypoplasia']),
    entry('HP:0000005', 'Hypoplasia of the kidney'),
    entry('HP:0000006', null, ['kidney without a label']),
    entry('OMIM:100000', 'Sjögren syndrome', ['SJÖGREN-LIKE']),
    entry('HP:0000007', 'Aaa aaa aaa'),
    entry('HP:0000001', 'Kidney', ['Ren'], 'hp-111111111111-1'),
  ];
  const index = new ConditionIndex(entries);

  it('ranks exact label, label prefix, label substring, then synonym; ties by label length, CURIE, snapshot', () => {
    expect(ids(index, 'kidney', 50)).to.deep.equal([
      'HP:0000001@hp-000000000000-1', 'HP:0000001@hp-111111111111-1', // exact label, same CURIE in two snapshots
      'HP:0000002@hp-000000000000-1', // prefix
      'HP:0000004@hp-000000000000-1', 'HP:0000005@hp-000000000000-1', 'HP:0000003@hp-000000000000-1', // substring, shorter label first
      'HP:0000006@hp-000000000000-1', // synonym only, no label: last
    ]);
  });

  it('says which synonym matched, as written', () => {
    const [hit] = index.search('renal hypo', 50);
    expect(hit).to.include({ curie: 'HP:0000004', matched: 'synonym', matched_text: 'Renal hypoplasia', label: 'Small kidney' });
    const [sj] = index.search('sjögren-like', 50);
    expect(sj).to.include({ curie: 'OMIM:100000', matched: 'synonym', matched_text: 'SJÖGREN-LIKE' });
  });

  it('matches within one label or synonym, never across them', () => {
    expect(index.search('kidney\nren', 50)).to.deep.equal([]);
    expect(index.search('cyst kidney', 50)).to.deep.equal([]);
  });

  it('answers short needles (under a trigram) and repeated trigrams', () => {
    for (const needle of ['k', 'ki', 'aaa aaa', 'a', 'ö']) {
      for (const limit of [1, 2, 3, 50]) expect(ids(index, needle, limit), `${needle} limit ${limit}`).to.deep.equal(scan(entries, needle, limit));
    }
  });

  it('agrees with the plain scan on generated data for every limit', () => {
    // Deterministic pseudo-random labels over a small alphabet, so needles hit many ranks at once.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: 2 + Math.floor(next() * 5) }, () => 'abcdé '[Math.floor(next() * 6)]).join('');
    const many: ConditionEntry[] = [];
    for (let i = 0; i < 400; i++) {
      const label = next() < 0.05 ? null : [word(), word()].join(' ').toUpperCase();
      many.push(entry(`HP:${String(1000 + (i % 350)).padStart(7, '0')}`, label, Array.from({ length: Math.floor(next() * 3) }, word), `hp-${Math.floor(i / 350)}-1`));
    }
    const big = new ConditionIndex(many);
    for (let n = 0; n < 200; n++) {
      const source = many[Math.floor(next() * many.length)]!;
      const text = [source.label ?? '', ...source.synonyms][Math.floor(next() * (1 + source.synonyms.length))]!.toLowerCase();
      const from = Math.floor(next() * text.length);
      const needle = text.slice(from, from + 1 + Math.floor(next() * 6)).trim() || 'a';
      for (const limit of [1, 5, 50, 200]) expect(ids(big, needle, limit), `"${needle}" limit ${limit}`).to.deep.equal(scan(many, needle, limit));
    }
  });

  it('serializes hits exactly as JSON.stringify of the hit objects (what the route sends)', () => {
    const odd = new ConditionIndex([
      ...entries,
      entry('HP:0000008', 'Quote " and back\\slash kidney', ['tab\there kidney']),
      { ...entry('MONDO:0000001', 'kidney disease', ['Nephropathy \u2028 kidney']), mondo_curie: 'MONDO:0000001', efo_id: 'EFO:1', readiness_tier: 'L2' },
    ]);
    for (const needle of ['kidney', 'nephropathy', 'tab\there', 'quote "', 'k', 'zzz']) {
      for (const limit of [1, 3, 50]) {
        const { count, json } = odd.searchJson(needle, limit);
        const hits = odd.search(needle, limit);
        expect(json, `${needle} limit ${limit}`).to.equal(JSON.stringify(hits));
        expect(count).to.equal(hits.length);
      }
    }
  });

  it('trigram candidates never miss a document that contains the needle', () => {
    const texts = [['abcabc'], ['xabcx', 'zzz'], ['ab'], ['bca']];
    const trigrams = new TrigramIndex(texts.length, (doc) => texts[doc]!);
    expect([...trigrams.candidates('abca')!]).to.deep.equal([0]);
    expect([...trigrams.candidates('abc')!]).to.deep.equal([0, 1]);
    expect([...trigrams.candidates('bca')!]).to.deep.equal([0, 3]);
    expect([...trigrams.candidates('qqq')!]).to.deep.equal([]);
    expect(trigrams.candidates('ab')).to.equal(null); // every document
  });
});
