// Issue 17 part 3 in Chromium with the CSP enforced, on the seeded store: the graph explorer of SLE draws
// exactly the nodes and edges GET /api/kg/graph returns, its legend names the node and edge types present
// and counts the cross-disease hops, its Louvain communities are checked by recomputing their modularity
// here (Newman's Q, independent of graphology) and by one fill colour per community on the canvas; a tap
// on a node adds exactly the new neighbours GET /api/kg/neighbors returned, a second tap opens its page;
// the disease's entity page links to the explorer, which fits a phone.
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { accessibilityProblems } from './support/a11y';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { useSeededDashboard } from './support/seeded-dashboard';

interface GraphAnswer {
  disease: { id: string; label: string };
  elements: { nodes: { data: { id: string; type: string; hop: number } }[]; edges: { data: { source: string; target: string; type: string } }[] };
}
interface NeighboursAnswer { node: { id: string }; neighbors: { node: { id: string } }[] }
type Cy = { $id(id: string): { renderedPosition(): { x: number; y: number }; style(name: string): string }; nodes(): { map<T>(f: (n: { id(): string; renderedBoundingBox(): { x1: number; x2: number; y1: number; y2: number } }) => T): T[] } };

/** Newman's modularity Q = Σ_c [ L_c / m − (d_c / 2m)² ] over the undirected simple graph (one link per pair, no loops). */
function modularity(edges: GraphAnswer['elements']['edges'], community: Map<string, string>): number {
  const pairs = new Set(edges.filter((e) => e.data.source !== e.data.target).map((e) => [e.data.source, e.data.target].sort().join('\t')));
  const m = pairs.size;
  const inside = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const pair of pairs) {
    const [a, b] = pair.split('\t') as [string, string];
    const [ca, cb] = [community.get(a)!, community.get(b)!];
    if (ca === cb) inside.set(ca, (inside.get(ca) ?? 0) + 1);
    degree.set(ca, (degree.get(ca) ?? 0) + 1);
    degree.set(cb, (degree.get(cb) ?? 0) + 1);
  }
  return [...degree].reduce((q, [c, d]) => q + (inside.get(c) ?? 0) / m - (d / (2 * m)) ** 2, 0);
}

/** A real click on the node where the canvas draws it (after any scroll has settled: Cytoscape re-reads its place on scroll). */
async function tapNode(page: Page, id: string): Promise<void> {
  const canvas = page.getByTestId('graph-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const at = await page.evaluate((node) => (document.querySelector('[data-testid="graph-canvas"]') as unknown as { _cyreg: { cy: Cy } })._cyreg.cy.$id(node).renderedPosition(), id);
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

async function drawnCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('graph-canvas').getAttribute('data-nodes'));
}

describe('Dashboard: graph explorer (issue 17 part 3, Chromium)', function () {
  this.timeout(120_000);
  const dashboard = useSeededDashboard();

  async function openExplorer(viewport = DESKTOP): Promise<Page> {
    return dashboard.signedInTab(viewport);
  }

  it('draws what the API returns, with a legend of the types present and Louvain communities of positive modularity', async function () {
    const page = await openExplorer();
    await page.goto('/#graph/sle');
    await page.locator('[data-testid="graph-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    const api = await (await fetch(`${dashboard.server.baseUrl}/api/kg/graph?disease_id=sle&max_nodes=200&hops=2`)).json() as GraphAnswer;
    const { nodes, edges } = api.elements;
    expect(nodes.length, 'the seed gives SLE a neighbourhood').to.be.greaterThan(10);
    expect(await drawnCount(page)).to.equal(nodes.length);
    expect(Number(await page.getByTestId('graph-canvas').getAttribute('data-edges'))).to.equal(edges.length);

    const listed = (id: string) => page.getByTestId(id).locator('li[data-type]').evaluateAll((li) => li.map((x) => x.getAttribute('data-type')).sort());
    expect(await listed('legend-node-types')).to.deep.equal([...new Set(nodes.map((n) => n.data.type))].sort());
    expect(await listed('legend-edge-types')).to.deep.equal([...new Set(edges.map((e) => e.data.type))].sort());
    const typeOf = new Map(nodes.map((n) => [n.data.id, n.data.type]));
    const cross = edges.filter((e) => [e.data.source, e.data.target].some((id) => id !== api.disease.id && typeOf.get(id) === 'Disease')).length;
    if (cross > 0) expect(await page.getByTestId('legend-cross').textContent()).to.contain(`: ${cross}`);
    else expect(await page.getByTestId('legend-cross').count()).to.equal(0);

    // Communities: every drawn node in the table with its community; Q recomputed here matches the page's.
    const legend = page.getByTestId('legend-communities');
    expect(Number(await legend.getAttribute('data-count'))).to.be.at.least(1);
    await page.getByTestId('graph-node-table-all').click();
    const rows = await page.locator('[data-testid="graph-node"]').evaluateAll((tr) => tr.map((r) => [r.getAttribute('data-node')!, r.getAttribute('data-community')!] as const));
    expect(rows).to.have.length(nodes.length);
    const community = new Map(rows);
    const q = modularity(edges, community);
    expect(q, 'Louvain finds structure in the neighbourhood').to.be.greaterThan(0);
    expect(q).to.be.closeTo(Number(await legend.getAttribute('data-modularity')), 1e-5);
    // One fill per community on the canvas; the ten largest communities each their own.
    const fills = await page.evaluate((ids) => {
      const cy = (document.querySelector('[data-testid="graph-canvas"]') as unknown as { _cyreg: { cy: Cy } })._cyreg.cy;
      return ids.map((id) => cy.$id(id).style('background-color'));
    }, rows.map(([id]) => id));
    const fillOf = new Map<string, Set<string>>();
    rows.forEach(([, c], i) => fillOf.set(c, (fillOf.get(c) ?? new Set()).add(fills[i]!)));
    const top = [...fillOf].filter(([c]) => Number(c) < 10);
    top.forEach(([c, set]) => expect([...set], `community ${c}`).to.have.length(1));
    expect(new Set(top.map(([, set]) => [...set][0])).size).to.equal(top.length);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'graph-explorer-desktop');
  });

  it('adds a tapped node\'s neighbours as the API lists them, then opens its page on a second tap', async function () {
    const page = await openExplorer();
    await page.goto('/#graph/sle');
    await page.locator('[data-testid="graph-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    const drawn = new Set(await page.evaluate(() => (document.querySelector('[data-testid="graph-canvas"]') as unknown as { _cyreg: { cy: Cy } })._cyreg.cy.nodes().map((n) => n.id())));
    const before = await drawnCount(page);
    // An outer node no other node covers on the canvas, so the tap lands on it.
    const target = await page.evaluate(() => {
      const cy = (document.querySelector('[data-testid="graph-canvas"]') as unknown as { _cyreg: { cy: Cy } })._cyreg.cy;
      const boxes = cy.nodes().map((n) => ({ id: n.id(), box: n.renderedBoundingBox() }));
      const free = boxes.filter(({ id, box }) => {
        const [x, y] = [(box.x1 + box.x2) / 2, (box.y1 + box.y2) / 2];
        return !boxes.some((o) => o.id !== id && x >= o.box.x1 - 2 && x <= o.box.x2 + 2 && y >= o.box.y1 - 2 && y <= o.box.y2 + 2);
      });
      const pick = free.find(({ id }) => !id.startsWith('MONDO:')) ?? free[0]!;
      return { id: pick.id };
    });
    const response = page.waitForResponse((r) => r.url().includes(`/api/kg/neighbors/${encodeURIComponent(target.id)}`));
    await tapNode(page, target.id);
    const answer = await (await response).json() as NeighboursAnswer;
    const fresh = new Set(answer.neighbors.map((n) => n.node.id).filter((id) => !drawn.has(id)));
    await page.waitForFunction(([n]) => document.querySelector('[data-testid="graph-canvas"]')?.getAttribute('data-nodes') === String(n), [before + fresh.size]);
    expect(await drawnCount(page)).to.equal(before + fresh.size);
    await page.getByTestId('graph-node-table-all').click();
    const after = await page.locator('[data-testid="graph-node"]').evaluateAll((tr) => tr.map((r) => r.getAttribute('data-node')!));
    expect(after.filter((id) => !drawn.has(id)).sort()).to.deep.equal([...fresh].sort());
    expect(await page.getByTestId('selected-entity-link').getAttribute('href')).to.match(new RegExp(`^#entity/${encodeURIComponent(target.id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    // The second tap opens the node's entity page.
    await tapNode(page, target.id);
    await page.getByTestId('entity-page').waitFor();
    expect(await page.getByTestId('entity-page').getAttribute('data-node')).to.equal(target.id);
  });

  it('is linked from the disease\'s entity page and fits a phone', async function () {
    const page = await openExplorer(PHONE);
    const api = await (await fetch(`${dashboard.server.baseUrl}/api/kg/graph?disease_id=sle&max_nodes=50&hops=1`)).json() as GraphAnswer;
    await page.goto(`/#entity/${encodeURIComponent(api.disease.id)}`);
    await page.getByTestId('entity-graph-link').click();
    await page.locator('[data-testid="graph-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('graph-title').textContent()).to.contain(api.disease.label);
    // The cap and depth controls redraw a smaller graph: exactly the API's 1-hop, 50-node answer.
    await page.getByTestId('graph-cap').selectOption('50');
    await page.getByTestId('graph-hops').selectOption('1');
    await page.getByRole('button', { name: 'Redraw' }).click();
    await page.waitForFunction(([n]) => document.querySelector('[data-testid="graph-canvas"][data-ready="true"]')?.getAttribute('data-nodes') === String(n), [api.elements.nodes.length]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).to.be.at.most(0);
    expect(await accessibilityProblems(page)).to.deep.equal([]);
    await screenshot(page, 'graph-explorer-phone');
  });
});
