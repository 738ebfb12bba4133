// Module results are repaired, not refused, when they hold text PostgreSQL cannot store.
import { expect } from 'chai';
import { storableJson, storableString } from '../../../domain/shared/storable-text';

describe('storable text for computed results', function () {
  it('replaces NUL and unpaired surrogates with U+FFFD and keeps paired surrogates', function () {
    expect(storableString('a\u0000b')).to.equal('a\uFFFDb');
    expect(storableString('x\uD800y')).to.equal('x\uFFFDy');
    expect(storableString('x\uDC00y')).to.equal('x\uFFFDy');
    expect(storableString('emoji \uD83D\uDE00 ok')).to.equal('emoji \uD83D\uDE00 ok');
  });

  it('repairs every string and key of a result, and returns a clean result itself', function () {
    const dirty = { ['k\uD800']: ['v\u0000', { deep: 'w\uDFFF' }], n: 1, ok: true, none: null };
    expect(storableJson(dirty)).to.deep.equal({ 'k\uFFFD': ['v\uFFFD', { deep: 'w\uFFFD' }], n: 1, ok: true, none: null });
    const clean = { a: ['b', { c: 'd \uD83D\uDE00' }] };
    expect(storableJson(clean)).to.equal(clean);
  });
});
