// Issue 30's JS budget: the largest page of the built dashboard loads at most 300 kB of JavaScript, gzipped.
// A page is the entry chunk with what it imports statically, plus one lazily loaded view chunk (a route)
// with everything it imports, statically or lazily (the graph explorer loads cytoscape lazily: it counts),
// an upper bound of what the page can load; the chunks' import graph is read from the built files themselves. Sizes
// only, no timing. Needs `npm run build:dashboard` (part of `npm run build`); skips with a message without it.
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUILT = path.resolve(__dirname, '../../dashboard');
const BUDGET_GZIP_BYTES = 300 * 1000;

/** Static and dynamic imports of a built chunk, as file names in the same folder. */
export function chunkImports(source: string): { statics: string[]; dynamics: string[] } {
  const statics = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!);
  const dynamics = [...source.matchAll(/\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)].map((m) => m[1]!);
  return { statics: [...new Set(statics)], dynamics: [...new Set(dynamics)] };
}

describe('Dashboard JS budget (issue 30: largest page ≤ 300 kB gzip)', function () {
  const assets = path.join(BUILT, 'assets');
  before(function () {
    if (!fs.existsSync(path.join(BUILT, 'index.html')) || !fs.existsSync(assets)) {
      console.log(`      (skipped: no built dashboard at ${BUILT}; run npm run build:dashboard)`);
      this.skip();
    }
  });

  it('reads the chunk graph of a hand-written chunk (static and lazy imports)', function () {
    const src = 'import{a as b}from"./core-1.js";import"./side-2.js";const v=()=>import("./view-3.js");export{x}from"./re-4.js"';
    expect(chunkImports(src)).to.deep.equal({ statics: ['core-1.js', 'side-2.js', 're-4.js'], dynamics: ['view-3.js'] });
  });

  it('keeps every page (entry + one lazily loaded view with all it imports) under 300 kB of gzipped JS', function () {
    const html = fs.readFileSync(path.join(BUILT, 'index.html'), 'utf8');
    const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!);
    expect(entries, 'index.html loads its entry script').to.have.length.at.least(1);
    const read = new Map<string, string>();
    const source = (file: string) => read.get(file) ?? read.set(file, fs.readFileSync(path.join(assets, file), 'utf8')).get(file)!;
    const gzipped = new Map<string, number>();
    const size = (file: string) => gzipped.get(file) ?? gzipped.set(file, zlib.gzipSync(source(file), { level: 9 }).length).get(file)!;
    /** Files reached from `roots`, `lazyToo` following lazy imports as well; `known` files are not expanded again. */
    const closure = (roots: string[], lazyToo: boolean, known = new Set<string>()) => {
      const seen = new Set<string>(known);
      const stack = [...roots];
      while (stack.length > 0) {
        const file = stack.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const { statics, dynamics } = chunkImports(source(file));
        stack.push(...statics, ...(lazyToo ? dynamics : []));
      }
      return seen;
    };
    const base = closure(entries, false);
    const views = new Set([...base].flatMap((f) => chunkImports(source(f)).dynamics));
    const pages = [['(entry only)', base] as const, ...[...views].map((view) => [view, closure([view], true, base)] as const)];
    const weights = pages.map(([name, files]) => ({ name, kB: [...files].reduce((sum, f) => sum + size(f), 0) / 1000 }));
    weights.sort((a, b) => b.kB - a.kB);
    console.log(`      largest pages (kB gzip): ${weights.slice(0, 3).map((w) => `${w.name} ${w.kB.toFixed(1)}`).join(', ')}; ${weights.length} pages`);
    expect(weights[0]!.kB * 1000, `the largest page, ${weights[0]!.name}`).to.be.at.most(BUDGET_GZIP_BYTES);
  });
});
