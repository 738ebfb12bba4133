// Where the graph explorer of a disease is (#graph/{disease}): its own file so the pages linking to it
// do not pull the explorer's code into their chunk.
export function graphHref(disease: string, options: { maxNodes?: number; hops?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.maxNodes) query.set('max_nodes', String(options.maxNodes));
  if (options.hops) query.set('hops', String(options.hops));
  const qs = query.toString();
  return `#graph/${encodeURIComponent(disease)}${qs ? `?${qs}` : ''}`;
}
