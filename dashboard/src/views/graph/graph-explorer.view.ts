// #graph/{disease}[?max_nodes=200&hops=2]: a disease's knowledge-graph neighbourhood to explore — the
// bounded subgraph from GET /api/kg/graph drawn with Cytoscape (cose layout), a legend of the node and
// edge types present, Louvain communities as fill colours, cross-disease hops dashed. A tap on a node
// adds its neighbours (GET /api/kg/neighbors) and shows its shortest drawn path to the disease; a second
// tap opens its entity page. The node table below is the canvas's accessible alternative.
import './graph.css';
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { errorBox } from '../../core/errors';
import { navigate, ViewContext } from '../../core/router';
import { detectCommunities } from './community-colours';
import type { GraphCanvas, PathStep } from './graph-canvas';
import { fromGraphAnswer, KgGraphAnswer, KgNeighboursAnswer, mergeNeighbours } from '../../../../domain/knowledge-graph/explorer-graph';
import { graphLegend } from './graph-legend';
import { graphHref } from './graph-link';
import { DEFAULT_EDGE_TYPES } from './graph-style';
import { nodeTable } from './node-table';

const CAPS = [50, 100, 200, 400];
const DEFAULT_CAP = 200;
/** Neighbour links fetched per tap: enough to see a node's surroundings without burying the graph. */
export const NEIGHBOUR_PAGE = 40;

export async function graphExplorerView({ params, query, outlet, signal }: ViewContext): Promise<void> {
  const disease = params.disease ?? 'sle';
  const maxNodes = CAPS.includes(Number(query.get('max_nodes'))) ? Number(query.get('max_nodes')) : DEFAULT_CAP;
  const hops = query.get('hops') === '1' ? 1 : 2;
  replace(outlet, h('p', { class: 'muted' }, 'Loading the graph…'));
  let answer: KgGraphAnswer;
  try {
    answer = await api.get<KgGraphAnswer>('/api/kg/graph', { query: { disease_id: disease, max_nodes: maxNodes, hops }, signal });
  } catch (error) {
    if (signal.aborted) return;
    replace(outlet, h('h1', null, `Graph explorer: ${disease}`), errorBox(error));
    return;
  }
  if (signal.aborted) return;
  document.title = `Graph: ${answer.disease.label} — Evidence Research Service`;
  const graph = fromGraphAnswer(answer);
  let communities = detectCommunities(graph);
  const expanded = new Set<string>();
  let canvas: GraphCanvas | undefined;
  let selected: string | undefined;

  const status = h('p', { class: 'muted small', 'data-testid': 'graph-status', 'aria-live': 'polite' });
  const container = h('div', { class: 'graph-canvas', 'data-testid': 'graph-canvas', role: 'img', 'aria-label': `Knowledge-graph neighbourhood of ${answer.disease.label}; the same nodes are listed in the table below` });
  const details = h('div', { class: 'graph-details', 'data-testid': 'graph-details', 'aria-live': 'polite', tabindex: -1 },
    h('p', { class: 'muted small' }, 'Tap a node: its neighbours are added and its path to the disease lit up. Tap it again to open its page.'));
  const legendHolder = h('div');
  const tableHolder = h('div');

  const refresh = () => {
    replace(status, `${graph.nodes.size} nodes and ${graph.edges.size} edges drawn`,
      answer.truncated ? ` (the cap of ${maxNodes} left nodes out; nearest hops kept first)` : '', expanded.size > 0 ? `; neighbours added for ${expanded.size} node(s)` : '');
    replace(legendHolder, graphLegend(graph, communities));
    // From the table, focus moves to what was added (the table is redrawn, its button gone).
    replace(tableHolder, nodeTable(graph, communities, expanded, (id) => void expand(id).then(() => details.focus())));
    container.dataset.communities = String(communities.sizes.length);
  };

  const expand = async (id: string) => {
    if (expanded.has(id)) return;
    expanded.add(id);
    let page: KgNeighboursAnswer;
    try {
      page = await api.get<KgNeighboursAnswer>(`/api/kg/neighbors/${encodeURIComponent(id)}`, { query: { limit: NEIGHBOUR_PAGE, edge_types: DEFAULT_EDGE_TYPES }, signal });
    } catch (error) {
      expanded.delete(id);
      if (!signal.aborted) replace(details, errorBox(error));
      return;
    }
    if (signal.aborted) return;
    const added = mergeNeighbours(graph, page);
    communities = detectCommunities(graph);
    canvas?.update(graph, communities, id);
    refresh();
    show(id, canvas?.select(id) ?? [], `${added.nodes.length} new neighbour(s) added from ${page.neighbors.length} of its ${page.total} links`);
  };

  const show = (id: string, path: PathStep[], note: string) => {
    const node = graph.nodes.get(id);
    if (!node) return;
    replace(details,
      h('p', null, h('strong', { 'data-testid': 'selected-node' }, node.label), ` ${node.type} · ${node.id} · `,
        h('a', { href: entityHref(node.id, { disease: graph.diseaseId }), 'data-testid': 'selected-entity-link' }, 'Open its page')),
      path.length > 1 ? h('p', { class: 'small', 'data-testid': 'selected-path' }, 'Path from the disease: ', pathInWords(path)) : null,
      h('p', { class: 'muted small' }, note));
  };

  const onTap = (id: string) => {
    if (selected === id) { navigate(entityHref(id, { disease: graph.diseaseId }).slice(1)); return; }
    selected = id;
    show(id, canvas?.select(id) ?? [], expanded.has(id) ? 'Neighbours already added.' : 'Adding its neighbours…');
    void expand(id);
  };

  replace(outlet,
    h('header', { class: 'graph-head' },
      h('h1', { 'data-testid': 'graph-title' }, `Graph explorer: ${answer.disease.label}`),
      h('p', { class: 'muted' }, `${answer.disease.id} · `, h('a', { href: entityHref(answer.disease.id), 'data-testid': 'graph-disease-link' }, 'the disease\'s page'))),
    controls(disease, maxNodes, hops),
    h('section', { class: 'panel graph-panel' }, h('h2', null, 'Subgraph'), status, container, details, legendHolder),
    h('section', { class: 'panel' }, h('h2', null, 'Nodes drawn'), tableHolder));
  refresh();
  const drawn = await import('./graph-canvas').then((m) => m.drawGraph(container, graph, communities, onTap));
  if (signal.aborted) { drawn.destroy(); return; }
  canvas = drawn;
  signal.addEventListener('abort', () => drawn.destroy(), { once: true });
}

function pathInWords(path: PathStep[]): (HTMLElement | string)[] {
  return path.flatMap((step, i) => {
    const link = h('a', { href: entityHref(step.id) }, step.label);
    if (i === path.length - 1 || !step.edge) return [link];
    return [link, step.edge.forward ? ` —${step.edge.type}→ ` : ` ←${step.edge.type}— `];
  });
}

function controls(disease: string, maxNodes: number, hops: number): HTMLElement {
  const cap = h('select', { id: 'graph-cap', 'data-testid': 'graph-cap' }, CAPS.map((n) => h('option', { value: n, selected: n === maxNodes }, String(n))));
  const depth = h('select', { id: 'graph-hops', 'data-testid': 'graph-hops' }, [1, 2].map((n) => h('option', { value: n, selected: n === hops }, String(n))));
  const form = h('form', { class: 'graph-controls', 'data-testid': 'graph-controls' },
    h('span', null, h('label', { for: 'graph-cap' }, 'Most nodes '), cap),
    h('span', null, h('label', { for: 'graph-hops' }, 'Hops from the disease '), depth),
    h('button', { type: 'submit' }, 'Redraw'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    navigate(graphHref(disease, { maxNodes: Number(cap.value), hops: Number(depth.value) }).slice(1));
  });
  return form;
}
