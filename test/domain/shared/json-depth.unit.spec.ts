// Deep JSON: the depth scan on raw bytes, and the unstorable-text walk whose per-level path copying
// made a 100,000-deep body cost 5·10⁹ steps (a minute of a blocked event loop) before it was linear.
import { expect } from 'chai';
import { jsonNestsDeeperThan } from '../../../domain/shared/json-depth';
import { unstorableTextDetails } from '../../../domain/shared/schema-validation';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('JSON nesting depth on raw bytes', function () {
  it('counts arrays and objects inside each other, not siblings', function () {
    expect(jsonNestsDeeperThan(bytes('[[[1]]]'), 3)).to.equal(false);
    expect(jsonNestsDeeperThan(bytes('[[[[1]]]]'), 3)).to.equal(true);
    expect(jsonNestsDeeperThan(bytes('{"a":{"b":[1]}}'), 3)).to.equal(false);
    expect(jsonNestsDeeperThan(bytes('{"a":{"b":[{}]}}'), 3)).to.equal(true);
    // 1,000 siblings at depth 2 are wide, not deep.
    expect(jsonNestsDeeperThan(bytes(`[${'[1],'.repeat(999)}[1]]`), 2)).to.equal(false);
  });

  it('ignores brackets inside strings, escaped quotes included, and multi-byte text', function () {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: '[[[[[[{{{{ "\\"[[[[ é 漢 😀' })), 1)).to.equal(false);
    expect(jsonNestsDeeperThan(bytes(JSON.stringify(['"\\', ['x']])), 1)).to.equal(true);
  });

  it('refuses 100,000 nested brackets at the first level past the limit', function () {
    const deep = bytes(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(jsonNestsDeeperThan(deep, 64)).to.equal(true);
    expect(jsonNestsDeeperThan(deep, 100_000)).to.equal(false);
  });
});

describe('Unstorable-text locations in a deep value', function () {
  it('walks a 100,000-deep value once and names the full path of a NUL at the bottom', function () {
    // Before: every level copied its parent's path, so this took about a minute; mocha's timeout failed it.
    this.timeout(5_000);
    let value: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    const [detail] = unstorableTextDetails(value, 'body');
    expect(detail!.loc).to.have.length(100_001);
    expect(detail!.loc[0]).to.equal('body');
    expect(detail!.loc.slice(1).every((step) => step === 0)).to.equal(true);
  });

  it('names object keys and array indexes in order', function () {
    const details = unstorableTextDetails({ a: [{ b: 'ok' }, { c: 'x\uD800' }], 'k\u0000': 1 }, 'body');
    expect(details.map((d) => d.loc)).to.have.deep.members([['body', 'a', 1, 'c'], ['body', 'k\u0000']]);
  });
});
