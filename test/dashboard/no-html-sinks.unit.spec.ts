// The dashboard escapes by construction: text goes into the page only as text nodes (core/dom.ts h()).
// This guard fails the build's tests if any dashboard source reaches for an HTML-parsing sink or an
// inline style, which would reopen injection or break the enforced CSP.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const SOURCE_DIR = path.resolve(__dirname, '../../../dashboard/src');
const FORBIDDEN: [RegExp, string][] = [
  [/\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser/, 'an HTML-parsing sink'],
  [/setAttribute\(\s*['"]style['"]|\bstyle\s*:\s*['"`]/, 'an inline style (forbidden by the enforced CSP)'],
  [/\beval\s*\(|new Function\s*\(|setTimeout\(\s*['"`]/, 'string-evaluated code (forbidden by the CSP)'],
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('Dashboard sources: no HTML sinks, no inline styles', function () {
  it('finds the dashboard sources', function () {
    expect(sources(SOURCE_DIR).length).to.be.greaterThan(5);
  });

  for (const [pattern, what] of FORBIDDEN) {
    it(`no source uses ${what}`, function () {
      const offenders = sources(SOURCE_DIR).filter((file) => pattern.test(fs.readFileSync(file, 'utf8')))
        .map((file) => path.relative(SOURCE_DIR, file));
      expect(offenders, `${what} in`).to.deep.equal([]);
    });
  }
});
