// Network proximity of a compound to a disease in the interactome: the "closest" measure of Guney et al.
// (Nat Commun 2016, doi:10.1038/ncomms10331), d_c = mean over the compound's targets of the shortest-path
// distance to the nearest disease gene, over INTERACTS_WITH. Targets outside the interactome, or in a
// component with no disease gene, are left out of the mean; with none left d_c is undefined. The feature is
// 1 / (1 + d_c) — 1 when every target is a disease gene, towards 0 as they lie farther, and NaN (missing) when
// undefined: a compound without a target in the interactome is not "far from the disease". Missing values are
// imputed at the training mean by the transforms (transforms.ts) and flagged by the proximity_missing indicator,
// so absence never moves a prediction through this feature (issue 29: with 0 and a negative coefficient, a
// compound with no known target gained ~0.9 log-odds). Guney's z-score against degree-matched random sets is not
// used: the model's degree features already carry the degree effect. Pure.
import type { HetnetView } from './hetnet-view';

export interface DiseaseDistances {
  /** Hops from each gene to the nearest disease gene (-1: unreachable or not in the interactome). */
  distance: Int32Array;
  /** The next gene towards the nearest disease gene (-1 at a disease gene or unreachable). */
  towards: Int32Array;
}

/** Multi-source breadth-first search from the disease's genes over the interactome. */
export function diseaseDistances(view: HetnetView, disease: number): DiseaseDistances {
  const n = view.nodeCount;
  const distance = new Int32Array(n).fill(-1);
  const towards = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  for (const gene of view.neighbours('DaG', true, disease)) {
    if (view.degree('GiG', true, gene) === 0 || distance[gene] === 0) continue;
    distance[gene] = 0;
    queue[tail++] = gene;
  }
  while (head < tail) {
    const u = queue[head++]!;
    for (const v of view.neighbours('GiG', true, u)) {
      if (distance[v] !== -1) continue;
      distance[v] = distance[u]! + 1;
      towards[v] = u;
      queue[tail++] = v;
    }
  }
  return { distance, towards };
}

/** Closest distance d_c of a compound's targets to the disease genes, or null when undefined. */
export function closestDistance(view: HetnetView, distances: DiseaseDistances, compound: number): number | null {
  let sum = 0;
  let k = 0;
  for (const target of view.neighbours('CbG', true, compound)) {
    const d = distances.distance[target]!;
    if (d < 0) continue;
    sum += d;
    k++;
  }
  return k === 0 ? null : sum / k;
}

export const proximityFeature = (dc: number | null): number => (dc === null ? Number.NaN : 1 / (1 + dc));

/**
 * An example of the proximity: compound → its target nearest the disease genes → interactions → that disease
 * gene ← disease. Ties go to the lowest node index. Null when the proximity is undefined.
 */
export function proximityPath(view: HetnetView, distances: DiseaseDistances, compound: number, disease: number): number[] | null {
  let best = -1;
  for (const target of view.neighbours('CbG', true, compound)) {
    const d = distances.distance[target]!;
    if (d >= 0 && (best < 0 || d < distances.distance[best]!)) best = target;
  }
  if (best < 0) return null;
  const nodes = [compound, best];
  for (let g = best; distances.towards[g]! >= 0;) { g = distances.towards[g]!; nodes.push(g); }
  nodes.push(disease);
  return nodes;
}
