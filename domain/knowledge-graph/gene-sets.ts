// Gene sets the analysis modules start from, read off the knowledge graph (pure):
// - a disease's genes: the genes it ASSOCIATES with (GWAS Catalog loci), optionally also those of its IS_A
//   descendants (a disease's subtypes' loci are its loci too); never genes reached through another disease;
// - a compound's targets: the genes it TARGETS (DrugCentral) or BINDS at <= 1 uM (BindingDB);
// - the interactome: the genes with an INTERACTS_WITH edge.
import { edgeTypeIndex } from './metagraph';
import type { TypedKnowledgeGraph } from './typed-graph';

const ASSOCIATES = edgeTypeIndex('ASSOCIATES')!;
const IS_A = edgeTypeIndex('IS_A')!;
const TARGETS = edgeTypeIndex('TARGETS')!;
const BINDS = edgeTypeIndex('BINDS')!;
const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

function mask(...types: number[]): Uint8Array {
  const m = new Uint8Array(32);
  for (const t of types) m[t] = 1;
  return m;
}

/** Genes a disease ASSOCIATES with; with `descendants`, also those of every disease below it in IS_A. Sorted node indices. */
export function diseaseGenes(g: TypedKnowledgeGraph, disease: number, options: { descendants?: boolean } = {}): number[] {
  const diseases = [disease];
  if (options.descendants) {
    const seen = new Set([disease]);
    for (let i = 0; i < diseases.length; i++) {
      g.forEachStep(diseases[i]!, 'any', mask(IS_A), (e, other) => {
        // A child points to its parent: the children of d are the sources of IS_A edges into d.
        if (g.edgeTarget(e) === diseases[i] && !seen.has(other)) { seen.add(other); diseases.push(other); }
      });
    }
  }
  const genes = new Set<number>();
  for (const d of diseases) g.forEachStep(d, 'forward', mask(ASSOCIATES), (_e, gene) => genes.add(gene));
  return [...genes].sort((a, b) => a - b);
}

/** Genes a compound TARGETS or BINDS (supporting claims only: ≤ 1 µM). Sorted node indices. */
export function compoundTargets(g: TypedKnowledgeGraph, compound: number): number[] {
  const genes = new Set<number>();
  g.forEachStep(compound, 'forward', mask(TARGETS, BINDS), (_e, gene) => genes.add(gene));
  return [...genes].sort((a, b) => a - b);
}

/** Compounds that TARGET or BIND a gene. Sorted node indices. */
export function geneCompounds(g: TypedKnowledgeGraph, gene: number): number[] {
  const compounds = new Set<number>();
  g.forEachStep(gene, 'any', mask(TARGETS, BINDS), (e, other) => { if (g.edgeTarget(e) === gene) compounds.add(other); });
  return [...compounds].sort((a, b) => a - b);
}

/** The interactome's edge-type mask (INTERACTS_WITH only), for walks over gene-gene interactions. */
export const INTERACTOME_MASK: Uint8Array = mask(INTERACTS);

/** Genes with at least one interaction. Sorted node indices. */
export function interactomeGenes(g: TypedKnowledgeGraph): number[] {
  const out: number[] = [];
  for (let i = 0; i < g.nodeCount; i++) if (g.typeOf(i) === 'Gene' && g.degree(i, INTERACTOME_MASK) > 0) out.push(i);
  return out;
}
