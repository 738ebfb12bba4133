// Text contrast of the dashboard's coloured tags and badges: every CSS rule that sets both a text
// colour and a background as hex must reach WCAG 2.1 AA for normal text (4.5:1). The ratio is
// computed here from the WCAG definition of relative luminance, independent of any CSS tooling.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '../../../dashboard/src');

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? cssFiles(full) : e.name.endsWith('.css') ? [full] : [];
  });
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('Dashboard colour contrast (WCAG AA, 4.5:1)', function () {
  it('computes the WCAG ratio as published (black on white 21:1, #777 on white 4.48:1)', function () {
    expect(contrast('#000000', '#ffffff')).to.be.closeTo(21, 1e-9);
    expect(contrast('#777777', '#ffffff')).to.be.closeTo(4.48, 0.01);
  });

  it('gives every rule with its own text and background colour enough contrast', function () {
    const failures: string[] = [];
    let checked = 0;
    for (const file of cssFiles(ROOT)) {
      const css = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
        const bg = /(?:^|;)\s*background(?:-color)?:\s*(#[0-9a-fA-F]{3,6})\b/.exec(body!)?.[1];
        const fg = /(?:^|;)\s*color:\s*(#[0-9a-fA-F]{3,6})\b/.exec(body!)?.[1];
        if (!bg || !fg) continue;
        checked++;
        const ratio = contrast(fg, bg);
        if (ratio < 4.5) failures.push(`${path.basename(file)} ${selector!.trim()}: ${fg} on ${bg} = ${ratio.toFixed(2)}`);
      }
    }
    expect(checked).to.be.greaterThan(10);
    expect(failures).to.deep.equal([]);
  });
});
