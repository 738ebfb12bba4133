// The explorer's canvas (Cytoscape, imported lazily): draws the graph, keeps hub labels on and the rest
// on hover, and on a tap selects the node and lights up its shortest drawn path to the disease; the
// view decides what a tap does next (add the neighbours, or open the page on a second tap).
import type { Core, ElementDefinition, NodeSingular } from 'cytoscape';
import { h } from '../../core/dom';
import { followContainerSize } from '../../core/follow-size';
import { communityColour, Communities } from './community-colours';
import { drawnDegrees, ExplorerGraph, hubs } from '../../../../domain/knowledge-graph/explorer-graph';
import { coseLayout, edgeColour, NODE_SHAPES, stylesheet, SYMMETRIC_TYPES } from './graph-style';

// Cytoscape adds a <style> element unless one with this id exists; the enforced CSP would block it, so
// a placeholder takes its id and graph.css carries the rule it would have added.
const CYTOSCAPE_STYLESHEET_ID = '__________cytoscape_stylesheet';
const LABELLED_HUBS = 12;

export interface PathStep { id: string; label: string; edge?: { type: string; forward: boolean } }

export interface GraphCanvas {
  /** Adds the nodes and edges of `graph` not drawn yet, recolours by `communities`, lays the new ones out near `near`. */
  update(graph: ExplorerGraph, communities: Communities, near?: string): void;
  select(id: string): PathStep[];
  destroy(): void;
}

export async function drawGraph(container: HTMLElement, graph: ExplorerGraph, communities: Communities, onTap: (id: string) => void): Promise<GraphCanvas> {
  const { default: cytoscape } = await import('cytoscape');
  if (!document.getElementById(CYTOSCAPE_STYLESHEET_ID)) document.head.appendChild(h('meta', { id: CYTOSCAPE_STYLESHEET_ID }));
  const cy: Core = cytoscape({ container, elements: [], style: stylesheet(), wheelSensitivity: 0.3, minZoom: 0.1, maxZoom: 4 });
  const sizing = new AbortController();
  followContainerSize(container, () => cy.resize(), sizing.signal);
  const canvas: GraphCanvas = {
    update(next, groups, near) {
      const added = addElements(cy, next, groups, near);
      restyle(cy, next, groups);
      const layout = near && added > 0
        ? cy.layout({ ...coseLayout(false, false) } as never)
        : cy.layout(coseLayout(true) as never);
      layout.run();
      container.dataset.nodes = String(cy.nodes().length);
      container.dataset.edges = String(cy.edges().length);
    },
    select(id) {
      cy.elements().removeClass('path').unselect();
      const node = cy.getElementById(id);
      if (node.empty()) return [];
      node.select();
      return pathToCentre(cy, graph.diseaseId, node as NodeSingular);
    },
    destroy() { sizing.abort(); cy.destroy(); },
  };
  canvas.update(graph, communities);
  cy.on('mouseover', 'node, edge', (event) => event.target.addClass('hover'));
  cy.on('mouseout', 'node, edge', (event) => event.target.removeClass('hover'));
  cy.on('tap', 'node', (event) => onTap(String(event.target.id())));
  container.dataset.ready = 'true';
  return canvas;
}

function addElements(cy: Core, graph: ExplorerGraph, communities: Communities, near?: string): number {
  const origin = near ? cy.getElementById(near) : undefined;
  const at = origin && origin.nonempty() ? origin.position() : undefined;
  const elements: ElementDefinition[] = [];
  let i = 0;
  for (const n of graph.nodes.values()) {
    if (cy.getElementById(n.id).nonempty()) continue;
    // New neighbours start in a ring round the node they came from, so the re-layout only settles them.
    const angle = (2 * Math.PI * i++) / 12;
    elements.push({
      group: 'nodes', data: { id: n.id, label: n.label, type: n.type, hop: n.hop, shape: NODE_SHAPES[n.type]?.shape ?? 'ellipse', colour: communityColour(communities.rankOf.get(n.id) ?? 99), size: 14 },
      ...(at ? { position: { x: at.x + 60 * Math.cos(angle), y: at.y + 60 * Math.sin(angle) } } : {}),
    });
  }
  for (const e of graph.edges.values()) {
    if (cy.getElementById(e.id).nonempty()) continue;
    const classes = [SYMMETRIC_TYPES.has(e.type) ? 'symmetric' : '', e.cross ? 'cross' : ''].filter(Boolean).join(' ');
    elements.push({ group: 'edges', data: { id: e.id, source: e.source, target: e.target, type: e.type, colour: edgeColour(e.type), cross: e.cross ? 'yes' : 'no' }, classes });
  }
  cy.add(elements);
  return i;
}

/** Colours by community, sizes by drawn neighbours, labels on the hubs and the disease. */
function restyle(cy: Core, graph: ExplorerGraph, communities: Communities): void {
  const degrees = drawnDegrees(graph);
  const max = Math.max(1, ...degrees.values());
  const labelled = new Set([...hubs(degrees, LABELLED_HUBS), graph.diseaseId]);
  cy.batch(() => {
    cy.nodes().forEach((node) => {
      const id = node.id();
      node.data('colour', communityColour(communities.rankOf.get(id) ?? 99));
      node.data('community', communities.rankOf.get(id) ?? -1);
      node.data('size', 12 + 26 * Math.sqrt((degrees.get(id) ?? 0) / max));
      node.toggleClass('labelled', labelled.has(id));
      node.toggleClass('centre', id === graph.diseaseId);
    });
  });
}

/** Shortest drawn path from the disease to the node, edges walked either way; each step says which. */
function pathToCentre(cy: Core, centreId: string, node: NodeSingular): PathStep[] {
  const centre = cy.getElementById(centreId);
  if (centre.empty()) return [];
  const found = cy.elements().aStar({ root: centre, goal: node, directed: false });
  if (!found.found) return [];
  found.path.addClass('path');
  const steps: PathStep[] = [];
  let previous: string | undefined;
  found.path.forEach((el) => {
    const data = el.data() as { id: string; label?: string; type: string; source?: string };
    if (data.source === undefined) {
      steps.push({ id: data.id, label: String(data.label) });
      previous = data.id;
    } else {
      const last = steps[steps.length - 1];
      if (last) last.edge = { type: data.type, forward: data.source === previous };
    }
  });
  return steps;
}
