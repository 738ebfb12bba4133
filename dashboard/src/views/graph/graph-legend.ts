// The explorer's legend, drawn from what is on the canvas: the node types present (by shape), the
// relation types present (by colour, with their counts), the cross-disease dash, and the Louvain
// communities (by fill) with how they were found. Swatches are small SVGs coloured by attribute (the CSP
// forbids inline styles).
import { h, svg } from '../../core/dom';
import { Communities, COMMUNITY_PALETTE, communityColour, LOUVAIN_SEED, OTHER_COMMUNITY_COLOUR } from './community-colours';
import { ExplorerGraph, typeCounts } from '../../../../domain/knowledge-graph/explorer-graph';
import { edgeColour, NODE_SHAPES } from './graph-style';

export function graphLegend(graph: ExplorerGraph, communities: Communities): HTMLElement {
  const nodeTypes = typeCounts([...graph.nodes.values()].map((n) => n.type));
  const edgeTypes = typeCounts([...graph.edges.values()].map((e) => e.type));
  const crossCount = [...graph.edges.values()].filter((e) => e.cross).length;
  const coloured = communities.sizes.slice(0, COMMUNITY_PALETTE.length);
  const rest = communities.sizes.slice(COMMUNITY_PALETTE.length);
  return h('div', { class: 'graph-explorer-legend', 'data-testid': 'graph-legend' },
    h('div', null, h('h3', null, 'Nodes (shape)'),
      h('ul', { 'data-testid': 'legend-node-types' }, nodeTypes.map(([type, n]) => h('li', { 'data-type': type }, shapeSwatch(type), ` ${NODE_SHAPES[type]?.text ?? type}: ${n}`)))),
    h('div', null, h('h3', null, 'Edges (colour, arrow as stored)'),
      h('ul', { 'data-testid': 'legend-edge-types' },
        edgeTypes.map(([type, n]) => h('li', { 'data-type': type }, lineSwatch(edgeColour(type), false), ` ${type}: ${n}`)),
        crossCount > 0 ? h('li', { 'data-testid': 'legend-cross' }, lineSwatch('#3d4650', true), ` dashed: cross-disease hop (touches another disease): ${crossCount}`) : null)),
    h('div', null, h('h3', null, 'Communities (fill)'),
      h('ul', { 'data-testid': 'legend-communities', 'data-count': communities.sizes.length, 'data-modularity': communities.modularity.toFixed(6) },
        coloured.map((size, rank) => h('li', { 'data-community': rank }, dotSwatch(communityColour(rank)), ` community ${rank + 1}: ${size} nodes`)),
        rest.length > 0 ? h('li', null, dotSwatch(OTHER_COMMUNITY_COLOUR), ` ${rest.length} smaller communities: ${rest.reduce((a, b) => a + b, 0)} nodes`) : null),
      h('p', { class: 'muted small' }, `Louvain (Blondel et al. 2008) on the drawn graph taken as undirected, one link per pair, resolution 1, seed ${LOUVAIN_SEED}: `,
        `${communities.sizes.length} communities, modularity ${communities.modularity.toFixed(3)}. Recomputed when neighbours are added.`)));
}

function swatch(...children: SVGElement[]): SVGSVGElement {
  return svg('svg', { class: 'swatch-svg', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' }, ...children);
}

function dotSwatch(colour: string): SVGSVGElement {
  return swatch(svg('circle', { cx: 8, cy: 8, r: 6, fill: colour, stroke: '#3d4650', 'stroke-width': 1 }));
}

function lineSwatch(colour: string, dashed: boolean): SVGSVGElement {
  return swatch(svg('line', { x1: 1, y1: 8, x2: 11, y2: 8, stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dashed ? '3 2' : null }),
    svg('polygon', { points: '10,4 15,8 10,12', fill: colour }));
}

/** The node type's shape as Cytoscape draws it, outlined on grey (fill is the community's). */
function shapeSwatch(type: string): SVGSVGElement {
  const points = SHAPE_POINTS[NODE_SHAPES[type]?.shape ?? 'ellipse'];
  const attrs = { fill: '#c9ced4', stroke: '#3d4650', 'stroke-width': 1 };
  if (!points) return swatch(svg('circle', { cx: 8, cy: 8, r: 6, ...attrs }));
  if (points === 'rect') return swatch(svg('rect', { x: 2, y: 2, width: 12, height: 12, rx: 3, ...attrs }));
  return swatch(svg('polygon', { points, ...attrs }));
}

function regular(sides: number, rotation: number, inner?: number): string {
  const count = inner ? sides * 2 : sides;
  return Array.from({ length: count }, (_, i) => {
    const r = inner && i % 2 === 1 ? inner : 7;
    const a = rotation + (2 * Math.PI * i) / count;
    return `${(8 + r * Math.cos(a)).toFixed(2)},${(8 + r * Math.sin(a)).toFixed(2)}`;
  }).join(' ');
}

const SHAPE_POINTS: Record<string, string> = {
  diamond: regular(4, -Math.PI / 2), 'round-rectangle': 'rect', hexagon: regular(6, 0), triangle: regular(3, -Math.PI / 2),
  pentagon: regular(5, -Math.PI / 2), star: regular(5, -Math.PI / 2, 3),
};
