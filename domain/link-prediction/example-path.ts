// One example path of a metapath between a compound and a disease: the simple path with the largest
// degree-weighted product (the path that contributes most to the pair's DWPC), for explaining a prediction.
// Meet in the middle: partial paths from the disease back to the metapath's middle position (once per
// disease) joined with the compound's partial paths up to it, so the work follows the two ends'
// neighbourhoods instead of every path (a side effect or a pathway fans out to thousands of nodes). Pure.
import type { HetnetView } from './hetnet-view';
import type { Metapath } from './metapaths';

export interface ExamplePath {
  /** Node indices, compound first, disease last. */
  nodes: number[];
  /** The path's degree-weighted product (its share of the DWPC). */
  weight: number;
}

interface Partial { nodes: number[]; weight: number }

/** Extends each partial path by one step; `forward` walks positions upwards (from the compound). */
function extend(view: HetnetView, path: Metapath, partials: Partial[], position: number, forward: boolean): Partial[] {
  // forward: from position `position` to position+1 along step[position];
  // backward: from position `position` to position-1 along step[position-1], against its direction.
  const step = forward ? path.steps[position]! : path.steps[position - 1]!;
  const edge = view.metaedge(step.metaedge);
  const o = step.forward === forward ? edge.forward : edge.backward;
  const out: Partial[] = [];
  for (const partial of partials) {
    const u = partial.nodes[partial.nodes.length - 1]!;
    for (let p = o.start[u]!; p < o.start[u + 1]!; p++) {
      const v = o.nbr[p]!;
      if (partial.nodes.includes(v)) continue;
      out.push({ nodes: [...partial.nodes, v], weight: partial.weight * o.weight[p]! });
    }
  }
  return out;
}

/**
 * The heaviest simple paths of one metapath into one disease, for any compound: the partial paths from the
 * disease back to the middle position are enumerated once (the disease's side is shared by every compound
 * explained for it) and indexed by the node they end on, keeping per node the two heaviest with different
 * previous nodes. Two suffice: across the join only the nodes next to the meeting node can repeat each
 * other (metapaths.ts allows repeats two positions apart only), so when the heaviest clashes with a
 * compound's partial path, the second does not.
 */
export class HeaviestPaths {
  private readonly middle: number;
  private readonly index = new Map<number, Partial[]>();

  constructor(private readonly view: HetnetView, private readonly path: Metapath, readonly disease: number) {
    const L = path.steps.length;
    this.middle = Math.floor(L / 2);
    let fromDisease: Partial[] = [{ nodes: [disease], weight: 1 }];
    for (let position = L; position > this.middle; position--) fromDisease = extend(view, path, fromDisease, position, false);
    for (const next of fromDisease) {
      const end = next.nodes[next.nodes.length - 1]!;
      const kept = this.index.get(end);
      if (!kept) { this.index.set(end, [next]); continue; }
      const previous = next.nodes[next.nodes.length - 2];
      const same = kept.findIndex((k) => k.nodes[k.nodes.length - 2] === previous);
      if (same >= 0) { if (next.weight > kept[same]!.weight) kept[same] = next; } else kept.push(next);
      kept.sort((x, y) => y.weight - x.weight);
      if (kept.length > 2) kept.length = 2;
    }
  }

  /** The heaviest simple path from `compound`, or null when there is none. */
  from(compound: number): ExamplePath | null {
    let fromCompound: Partial[] = [{ nodes: [compound], weight: 1 }];
    for (let position = 0; position < this.middle && fromCompound.length > 0; position++) fromCompound = extend(this.view, this.path, fromCompound, position, true);
    let best: ExamplePath | null = null;
    for (const prefix of fromCompound) {
      const suffixes = this.index.get(prefix.nodes[prefix.nodes.length - 1]!);
      if (!suffixes) continue;
      for (const suffix of suffixes) {
        const weight = prefix.weight * suffix.weight;
        if (best && weight <= best.weight) break;
        const tail = suffix.nodes.slice(0, -1).reverse(); // positions middle+1 … disease
        if (tail.some((v) => prefix.nodes.includes(v))) continue;
        best = { nodes: [...prefix.nodes, ...tail], weight };
        break;
      }
    }
    return best;
  }
}

/** The heaviest simple path of `path` from compound to disease in `view`, or null when there is none. */
export function heaviestPath(view: HetnetView, path: Metapath, compound: number, disease: number): ExamplePath | null {
  return new HeaviestPaths(view, path, disease).from(compound);
}
