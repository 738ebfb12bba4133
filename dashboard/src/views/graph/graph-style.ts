// How the explorer draws: a node's shape says its type, its fill its Louvain community, its size its
// number of drawn neighbours; an edge's colour says its relation type, an arrow its stored direction
// (none on a symmetric relation), a dash a cross-disease hop. Labels stay on for hubs, the disease and
// the selection; every other label shows on hover, so 200 labels never pile up.
import type { StylesheetStyle } from 'cytoscape';
import { EDGE_TYPES } from '../../../../domain/knowledge-graph/metagraph';

export const NODE_SHAPES: Record<string, { shape: string; text: string }> = {
  Disease: { shape: 'diamond', text: 'disease (diamond)' },
  Gene: { shape: 'ellipse', text: 'gene / target (circle)' },
  Compound: { shape: 'round-rectangle', text: 'drug / compound (square)' },
  Pathway: { shape: 'hexagon', text: 'pathway (hexagon)' },
  Anatomy: { shape: 'triangle', text: 'anatomy (triangle)' },
  SideEffect: { shape: 'pentagon', text: 'side effect (pentagon)' },
  Phenotype: { shape: 'star', text: 'phenotype (star)' },
};

/** One colour per relation type, dark enough to see on the light canvas. */
export const EDGE_COLOURS: Record<string, string> = {
  TREATS: '#1b7a3e', PALLIATES: '#5f9e3a', TARGETS: '#2457a6', BINDS: '#5b7fc7', CAUSES: '#b5651d', ASSOCIATES: '#8e3b8e',
  HAS_PHENOTYPE: '#c2185b', IS_A: '#444c56', INTERACTS_WITH: '#8a939e', PARTICIPATES_IN: '#a07800', EXPRESSED_IN: '#00838f',
  UPREGULATED_IN: '#00695c', DOWNREGULATED_IN: '#4e6a7a',
};

export const SYMMETRIC_TYPES = new Set(EDGE_TYPES.filter((e) => e.symmetric).map((e) => e.type));
/** The edge types /api/kg/graph walks by default (expression edges left out): the neighbours fetched match. */
export const DEFAULT_EDGE_TYPES = EDGE_TYPES.filter((e) => !e.expression).map((e) => e.type);

export function edgeColour(type: string): string {
  return EDGE_COLOURS[type] ?? '#6b7480';
}

export function stylesheet(): StylesheetStyle[] {
  const sheet = [
    {
      selector: 'node',
      style: {
        'background-color': 'data(colour)', shape: 'data(shape)' as never, width: 'data(size)', height: 'data(size)',
        'border-width': 1, 'border-color': '#3d4650', label: '', 'font-size': 16, color: '#1d2329',
        'text-valign': 'bottom', 'text-margin-y': 3, 'text-wrap': 'wrap', 'text-max-width': '150px',
        'text-background-color': '#ffffff', 'text-background-opacity': 0.85, 'text-background-padding': '1px', 'min-zoomed-font-size': 6,
      },
    },
    { selector: 'node.labelled, node.hover, node:selected', style: { label: 'data(label)', 'z-index': 10 } },
    { selector: 'node.centre', style: { 'border-width': 3, 'border-color': '#1d2329' } },
    { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#000000', 'overlay-opacity': 0 } },
    {
      selector: 'edge',
      style: {
        width: 1.2, 'line-color': 'data(colour)', 'target-arrow-color': 'data(colour)', 'target-arrow-shape': 'triangle', 'arrow-scale': 0.8,
        'curve-style': 'bezier', opacity: 0.75, 'font-size': 8, color: '#1d2329', 'text-rotation': 'autorotate',
        'text-background-color': '#ffffff', 'text-background-opacity': 1, 'text-background-padding': '1px',
      },
    },
    { selector: 'edge.symmetric', style: { 'target-arrow-shape': 'none' } },
    { selector: 'edge.cross', style: { 'line-style': 'dashed', 'line-dash-pattern': [6, 3], width: 1.8 } },
    { selector: 'edge.hover, edge.path', style: { label: 'data(type)', opacity: 1, width: 2.5, 'z-index': 20 } },
    { selector: 'node.path', style: { label: 'data(label)', 'border-width': 3, 'border-color': '#000000' } },
  ];
  // Data-mapped values (data(colour)) are valid Cytoscape but wider than its typings.
  return sheet as unknown as StylesheetStyle[];
}

/** cose (Dogrul et al.'s compound spring embedder, built into Cytoscape) tuned for a couple of hundred nodes. */
export function coseLayout(randomize: boolean, fit = true) {
  return {
    name: 'cose', animate: false, randomize, fit, padding: 24,
    nodeRepulsion: () => 60000, idealEdgeLength: () => 90, edgeElasticity: () => 60, nodeOverlap: 20,
    gravity: 0.08, numIter: 1200, componentSpacing: 80, nestingFactor: 1.2, initialTemp: randomize ? 1000 : 150, coolingFactor: 0.97, minTemp: 1,
  } as const;
}
