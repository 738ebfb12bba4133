// The accessibility checks a page can make of itself without axe-core (not installed): every form
// control, button and link has an accessible name, every drawn picture (role="img") a label, ids are
// unique, there is one h1 and headings never skip a level. Returns the problems found, as text.
import type { Page } from 'playwright-core';

export async function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
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
}
