// Ids of entities the curated graph does not know: the graph's namespace convention applied to a name.
import type { NodeKind } from '../kg/graph-data';

function slug(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** Id for an entity the graph does not know: the graph's namespace convention applied to the provider's name. */
export function unresolvedEntityId(kind: NodeKind, name: string): string {
  if (kind === 'target') return `target:${name.trim().toUpperCase().replace(/[^A-Z0-9-]+/g, '_').replace(/^_+|_+$/g, '')}`;
  return `${kind}:${slug(name)}`;
}
