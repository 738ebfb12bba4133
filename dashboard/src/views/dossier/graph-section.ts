// Knowledge-graph explanations: the found paths drawn together as a small graph (Cytoscape, canvas) with
// a legend of node kinds, wrapped labels, arrows in the edges' stored direction, cross-disease hops
// dashed, and a click on a node opening its entity page; and each candidate's path in words, or the
// reason no path was found.
import type { Core, ElementDefinition } from 'cytoscape';
import { emptySection, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { followContainerSize } from '../../core/follow-size';
import { navigate } from '../../core/router';
import { graphHref } from '../graph/graph-link';
import type { GraphExplanation, Ranking } from './dossier-model';

const MAX_DRAWN_PATHS = 15;
// Cytoscape adds a <style> element unless one with this id exists; the enforced CSP would block it, so
// a placeholder takes its id and dossier.css carries the rule it would have added.
const CYTOSCAPE_STYLESHEET_ID = '__________cytoscape_stylesheet';

type Context = { run: string; disease: string };

export function graphSection(explanations: GraphExplanation[], rankings: Ranking[], signal: AbortSignal, context: Context): HTMLElement {
  const labels = new Map(rankings.map((r) => [r.candidate_id, r.label]));
  const found = explanations.filter((e) => e.status === 'found' && e.path && e.path.nodes.length > 0);
  const canvas = h('div', { class: 'kg-graph', 'data-testid': 'kg-graph', role: 'img', 'aria-label': 'Knowledge-graph paths of the ranked candidates' });
  const section = h('section', { class: 'panel', id: 'dossier-graph', 'data-testid': 'graph-section' },
    h('h2', null, `Knowledge-graph paths (${found.length} found of ${explanations.length})`),
    h('p', null, h('a', { href: graphHref(context.disease), 'data-testid': 'graph-explorer-link' }, 'Explore the disease\'s whole neighbourhood')),
    explanations.length === 0 ? emptySection() : [
      found.length > 0 ? [canvas, legend()] : null,
      h('ul', { class: 'path-list' }, explanations.map((e) => pathItem(e, labels.get(e.candidate_id) ?? e.candidate_id, context))),
    ]);
  if (found.length > 0) void draw(canvas, found.slice(0, MAX_DRAWN_PATHS), signal, context);
  return section;
}

function pathItem(e: GraphExplanation, label: string, context: Context): HTMLElement {
  if (e.status !== 'found' || !e.path) {
    return h('li', { 'data-testid': 'graph-no-path' }, h('strong', null, label), ': no path found — ', h('span', { class: 'muted' }, e.reason ?? 'no reason given'));
  }
  // A step walked against its edge keeps the edge's arrow (←): it is never shown as forward.
  const steps = e.path.nodes.map((node, i) => {
    const rel = i > 0 ? e.path?.relationships[i - 1] : undefined;
    const arrow = rel ? (rel.direction === 'reverse' ? ` ←${rel.relation}— ` : ` —${rel.relation}→ `) : '';
    return [rel ? h('span', { class: 'relation', title: rel.provenance }, arrow) : null, h('a', { href: entityHref(node.id, context), class: `node kind-${node.kind}` }, node.label)];
  });
  const cross = e.cross_disease
    ? h('span', { class: 'muted', 'data-testid': 'graph-cross-disease' }, ` (cross-disease: through ${(e.via_diseases ?? []).map((d) => d.label).join(', ')}; scored less)`)
    : null;
  return h('li', { 'data-testid': 'graph-path' }, h('strong', null, label), ': ', steps, cross);
}

const KINDS: [kind: string, text: string][] = [['drug', 'drug (square)'], ['target', 'target / gene (circle)'], ['disease', 'disease (diamond)'], ['pathway', 'pathway (hexagon)'], ['other', 'other']];

function legend(): HTMLElement {
  return h('ul', { class: 'graph-legend', 'data-testid': 'graph-legend', 'aria-label': 'Legend' },
    KINDS.map(([kind, text]) => h('li', null, h('span', { class: `swatch kind-${kind}` }), text)),
    h('li', null, h('span', { class: 'swatch edge-cross' }), 'dashed edge: cross-disease hop'),
    h('li', { class: 'muted' }, 'Arrows point as the edge is stored; click a node to open its page.'));
}

async function draw(container: HTMLElement, paths: GraphExplanation[], signal: AbortSignal, context: Context): Promise<void> {
  const { default: cytoscape } = await import('cytoscape');
  if (signal.aborted) return;
  if (!document.getElementById(CYTOSCAPE_STYLESHEET_ID)) document.head.appendChild(h('meta', { id: CYTOSCAPE_STYLESHEET_ID }));
  const nodes = new Map<string, ElementDefinition>();
  const edges = new Map<string, ElementDefinition>();
  for (const e of paths) {
    const path = e.path!;
    path.nodes.forEach((node, i) => {
      nodes.set(node.id, { data: { id: node.id, label: node.label, kind: node.kind } });
      const previous = path.nodes[i - 1];
      const step = path.relationships[i - 1];
      const relation = step?.relation ?? '';
      if (!previous) return;
      // Drawn as the edge is stored: a step walked against it points back.
      const [source, target] = step?.direction === 'reverse' ? [node.id, previous.id] : [previous.id, node.id];
      const cross = e.cross_disease === true && (e.via_diseases ?? []).some((d) => d.id === node.id || d.id === previous.id);
      edges.set(`${source}|${relation}|${target}`, { data: { id: `${source}|${relation}|${target}`, source, target, label: relation, cross: cross ? 'yes' : 'no' } });
    });
  }
  const cy: Core = cytoscape({
    container,
    elements: [...nodes.values(), ...edges.values()],
    layout: { name: 'breadthfirst', directed: true, spacingFactor: 1.1, padding: 12 },
    wheelSensitivity: 0.3,
    style: [
      { selector: 'node', style: { label: 'data(label)', 'font-size': 10, 'text-valign': 'bottom', 'text-margin-y': 3, width: 18, height: 18, 'background-color': '#7b8794', 'text-wrap': 'wrap', 'text-max-width': '120px' } },
      { selector: 'node[kind = "drug"]', style: { 'background-color': '#2457a6', shape: 'round-rectangle' } },
      { selector: 'node[kind = "target"]', style: { 'background-color': '#1f7a3d' } },
      { selector: 'node[kind = "disease"]', style: { 'background-color': '#a32020', shape: 'diamond' } },
      { selector: 'node[kind = "pathway"]', style: { 'background-color': '#8a5a00', shape: 'hexagon' } },
      { selector: 'edge', style: { width: 1.5, 'line-color': '#b8c0cc', 'target-arrow-color': '#b8c0cc', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(label)', 'font-size': 8, color: '#5b6675', 'text-rotation': 'autorotate', 'text-background-color': '#fbfcfd', 'text-background-opacity': 1, 'text-background-padding': '1px' } },
      { selector: 'edge[cross = "yes"]', style: { 'line-style': 'dashed', 'line-color': '#a32020', 'target-arrow-color': '#a32020' } },
    ],
  });
  cy.on('tap', 'node', (event) => navigate(entityHref(String(event.target.id()), context).slice(1)));
  container.dataset.nodes = String(nodes.size);
  followContainerSize(container, () => cy.resize(), signal);
  signal.addEventListener('abort', () => cy.destroy(), { once: true });
}
