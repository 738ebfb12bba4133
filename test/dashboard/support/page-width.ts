// How far a page scrolls sideways, and which elements make it: the deepest elements whose right edge passes
// the viewport's (ignoring those inside a scrolling container that itself fits, and fixed ones), described
// by tag, id, test id, classes, right edge and the start of their text, so a failure names its culprit.
import type { Page } from 'playwright-core';

/** How far the page scrolls sideways, and the deepest elements whose right edge passes the viewport's. */
export async function sidewaysOverflow(page: Page): Promise<{ scroll: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.getAttribute('data-testid') ? `[data-testid=${e.getAttribute('data-testid')}]` : ''}`
      + `${typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/).join('.')}` : ''} right=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').trim().slice(0, 60)}"`;
    // Inside a scrolling container an element may be wider than the screen: only what the page itself must scroll to counts.
    const clipped = (e: Element) => {
      for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 0.5 && !clipped(e)
      && getComputedStyle(e).position !== 'fixed');
    const deepest = over.filter((e) => !over.some((o) => o !== e && e.contains(o)));
    return { scroll: Math.max(0, document.documentElement.scrollWidth - width), culprits: deepest.slice(0, 8).map(describe) };
  });
}
