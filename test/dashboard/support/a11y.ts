// The accessibility pass of the dashboard E2E runs: axe-core's WCAG 2.1 A/AA rules (serious and critical
// violations), plus checks axe leaves to judgement: every drawn picture (role="img") has a label, there
// is one h1 and headings never skip a level. Returns the problems found, as text.
import fs from 'node:fs';
import type { Page } from 'playwright-core';

export async function accessibilityProblems(page: Page): Promise<string[]> {
  const own = await page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => !!(el as HTMLElement).offsetParent || el.getClientRects().length > 0;
    const named = (el: Element) => {
      const aria = el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title');
      if (aria) return true;
      if ((el as HTMLInputElement).labels?.length) return true;
      return (el.textContent ?? '').trim().length > 0;
    };
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}[${el.getAttribute('data-testid') ?? el.getAttribute('name') ?? ''}]`;
    for (const el of document.querySelectorAll('input:not([type="hidden"]), select, textarea')) {
      if (visible(el) && !named(el)) problems.push(`form control without a label: ${describe(el)}`);
    }
    for (const el of document.querySelectorAll('button, a[href]')) {
      if (visible(el) && !named(el)) problems.push(`${el.tagName.toLowerCase()} without a name: ${describe(el)}`);
    }
    for (const el of document.querySelectorAll('[role="img"]')) {
      if (!el.getAttribute('aria-label')) problems.push(`picture without a label: ${describe(el)}`);
    }
    const ids = new Map<string, number>();
    document.querySelectorAll('[id]').forEach((el) => ids.set(el.id, (ids.get(el.id) ?? 0) + 1));
    for (const [id, n] of ids) if (n > 1) problems.push(`id used ${n} times: ${id}`);
    const main = document.querySelector('main') ?? document.body;
    const headings = [...main.querySelectorAll('h1, h2, h3, h4')].filter(visible).map((h) => Number(h.tagName[1]));
    if (headings.filter((l) => l === 1).length !== 1) problems.push(`expected one h1 in main, found ${headings.filter((l) => l === 1).length}`);
    headings.forEach((level, i) => { if (i > 0 && level > headings[i - 1]! + 1) problems.push(`heading skips from h${headings[i - 1]} to h${level}`); });
    return problems;
  });
  return [...own, ...await axeViolations(page)];
}

const AXE_SOURCE_PATH = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/**
 * axe-core's WCAG 2.x A/AA rules, run in the page (injected through the devtools protocol, which the
 * page's CSP does not govern); the serious and critical violations, one line per rule and element.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= fs.readFileSync(AXE_SOURCE_PATH, 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `axe ${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')}`));
  });
}
