// Compounds that reach several diseases at once, by either route the graph knows:
// - indication: the compound TREATS the disease (PharmacotherapyDB disease-modifying indications);
// - target: the compound TARGETS or BINDS (≤ 1 µM) one of the disease's genes (its GWAS genes).
// A count of diseases per compound, not a score: a compound that is indicated for many diseases, or binds a
// gene many GWAS loci share, is listed because of what the resources say, and nothing more is inferred.
import { edgeTypeIndex } from '../knowledge-graph/metagraph';
import { geneCompounds } from '../knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../knowledge-graph/typed-graph';

const TREATS = edgeTypeIndex('TREATS')!;
const TREATS_MASK = (() => { const m = new Uint8Array(32); m[TREATS] = 1; return m; })();

export interface CompoundDiseaseLink {
  /** Index of the disease in the list given. */
  disease: number;
  indication: boolean;
  /** The disease's genes the compound targets or binds (graph nodes, sorted). */
  targets: number[];
}

export interface SharedCompound {
  compound: number;
  diseases: CompoundDiseaseLink[];
}

/** Compounds linked to at least `minDiseases` of the diseases, most diseases first (then more indications, then id). */
export function sharedCompounds(g: TypedKnowledgeGraph, diseases: readonly { node: number; genes: readonly number[] }[], minDiseases = 2): SharedCompound[] {
  const links = new Map<number, Map<number, CompoundDiseaseLink>>();
  const link = (compound: number, disease: number): CompoundDiseaseLink => {
    let byDisease = links.get(compound);
    if (!byDisease) links.set(compound, (byDisease = new Map()));
    let l = byDisease.get(disease);
    if (!l) byDisease.set(disease, (l = { disease, indication: false, targets: [] }));
    return l;
  };
  diseases.forEach((d, i) => {
    g.forEachStep(d.node, 'any', TREATS_MASK, (e, compound) => { if (g.edgeTarget(e) === d.node) link(compound, i).indication = true; });
    for (const gene of d.genes) for (const compound of geneCompounds(g, gene)) link(compound, i).targets.push(gene);
  });
  const out: SharedCompound[] = [];
  for (const [compound, byDisease] of links) {
    if (byDisease.size < minDiseases) continue;
    const list = [...byDisease.values()].sort((a, b) => a.disease - b.disease);
    for (const l of list) l.targets.sort((a, b) => a - b);
    out.push({ compound, diseases: list });
  }
  const indications = (s: SharedCompound) => s.diseases.filter((l) => l.indication).length;
  return out.sort((a, b) => b.diseases.length - a.diseases.length || indications(b) - indications(a) || (g.id(a.compound) < g.id(b.compound) ? -1 : g.id(a.compound) > g.id(b.compound) ? 1 : 0));
}
