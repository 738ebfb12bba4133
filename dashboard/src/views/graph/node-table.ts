// The drawn nodes as a table — the canvas's accessible alternative: each node linked to its entity page,
// its type, hops from the disease, community and drawn links, and a button that adds its neighbours
// exactly as a tap on the canvas does.
import { dataTable } from '../../core/data-table';
import { h, svg } from '../../core/dom';
import { entityHref } from '../../core/entity-links';
import { Communities, communityColour } from './community-colours';
import { drawnDegrees, ExplorerGraph, GraphNode } from '../../../../domain/knowledge-graph/explorer-graph';

export function nodeTable(graph: ExplorerGraph, communities: Communities, expanded: ReadonlySet<string>, onExpand: (id: string) => void): HTMLElement {
  const degrees = drawnDegrees(graph);
  const community = (n: GraphNode) => communities.rankOf.get(n.id) ?? -1;
  return dataTable<GraphNode>({
    testId: 'graph-node-table', caption: 'Nodes drawn in the graph explorer', rows: [...graph.nodes.values()], pageSize: 25,
    facets: [
      { key: 'type', label: 'Type', value: (n) => n.type },
      { key: 'community', label: 'Community', value: (n) => String(community(n) + 1) },
    ],
    text: (n) => `${n.label} ${n.id}`,
    rowAttrs: (n) => ({ 'data-testid': 'graph-node', 'data-node': n.id, 'data-community': community(n), 'data-colour': communityColour(community(n)) }),
    columns: [
      { label: 'Node', cell: (n) => h('a', { href: entityHref(n.id, { disease: graph.diseaseId }), class: 'entity-link' }, n.label), sort: (n) => n.label.toLowerCase() },
      { label: 'Type', cell: (n) => n.type, sort: (n) => n.type },
      { label: 'Hops', cell: (n) => n.hop, sort: (n) => n.hop },
      {
        label: 'Community',
        cell: (n) => [svg('svg', { class: 'swatch-svg', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' }, svg('circle', { cx: 8, cy: 8, r: 6, fill: communityColour(community(n)), stroke: '#3d4650' })), ` ${community(n) + 1}`],
        sort: community,
      },
      { label: 'Links drawn', cell: (n) => degrees.get(n.id) ?? 0, sort: (n) => degrees.get(n.id) ?? 0 },
      {
        label: 'Neighbours',
        cell: (n) => expanded.has(n.id)
          ? h('span', { class: 'muted small' }, 'added')
          : h('button', { type: 'button', class: 'link', 'data-testid': 'expand-node', 'aria-label': `Add neighbours of ${n.label}`, onclick: () => onExpand(n.id) }, 'Add neighbours'),
      },
    ],
  });
}
