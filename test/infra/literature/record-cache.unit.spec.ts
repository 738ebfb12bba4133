// The store mirror's row cache (infra/literature/record-cache.ts): rows by snapshot and record, the least
// recently used dropped past the budget of characters, a row larger than the budget never held.
import { expect } from 'chai';
import { RecordCache, type CachedRow } from '../../../infra/literature/record-cache';

/** A row of `chars` characters: a 4-character title, the rest in the document's full text. */
const row = (id: string, chars: number): CachedRow => ({ record_id: id, title: 'ttll', abstract: '', keywords: '', published: null, document: { fullText: 'x'.repeat(chars - 4), n: 1 } });

describe('store mirror row cache (LRU by characters)', function () {
  it('returns the same row object by snapshot and record; another snapshot is another row', function () {
    const cache = new RecordCache(100);
    const a = row('1', 10);
    cache.set('s1', a);
    expect(cache.get('s1', '1')).to.equal(a);
    expect(cache.get('s2', '1')).to.equal(undefined);
    expect(cache.heldChars).to.equal(10);
  });

  it('drops the least recently used past the budget; a read makes a row recent; a row over the budget is not held', function () {
    const cache = new RecordCache(30);
    cache.set('s', row('a', 10));
    cache.set('s', row('b', 10));
    cache.set('s', row('c', 10)); // 30: at the budget, all held
    expect(cache.size).to.equal(3);
    cache.get('s', 'a'); // order now b, c, a
    cache.set('s', row('d', 10)); // 40 > 30: b goes
    expect(['a', 'b', 'c', 'd'].map((id) => cache.get('s', id) !== undefined)).to.deep.equal([true, false, true, true]);
    expect(cache.heldChars).to.equal(30);
    cache.set('s', row('big', 31));
    expect(cache.get('s', 'big')).to.equal(undefined);
    expect(cache.size).to.equal(3);
    cache.set('s', row('a', 20)); // replaced: 20 + 10 + 10 = 40 > 30, the oldest (c) goes
    expect(cache.get('s', 'c')).to.equal(undefined);
    expect(cache.heldChars).to.equal(30);
  });

  it('counts the strings of a label-like document (arrays of sections), not only a full text', function () {
    const cache = new RecordCache(1000);
    cache.set('s', { record_id: 'l', title: 'ab', abstract: 'cde', keywords: '', published: null, document: { indications_and_usage: ['12345', '678'], openfda: { brand_name: ['XY'] }, version: 3 } });
    expect(cache.heldChars).to.equal(2 + 3 + 5 + 3 + 2);
  });
});
