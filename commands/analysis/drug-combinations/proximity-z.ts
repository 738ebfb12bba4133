// Each selected drug's network proximity to the disease genes with its z-score against degree-preserving random
// target and gene sets (Guney et al., Nat Commun 2016), as Cheng et al. (Nat Commun 2019) relate drugs to the
// disease module. The machinery is the repurposing module's (domain/network-medicine/network-proximity.ts, run a
// batch at a time by runPermutations): the interactome's largest connected component, Guney's degree bins, one
// random stream per compound keyed by its CURIE plus one for the disease genes, so a drug's z depends only on the
// seed and that drug (the same whether it is scored with 59 others or alone, as for the job body's named pair).
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { ProximityCompound, ProximityRun, ProximityScore } from '../../../domain/network-medicine/network-proximity';
import type { AnalysisRunContext } from '../analysis-module';
import { interactomeLargestComponent } from '../network-medicine/interactome-cache';
import { runPermutations } from '../network-medicine/run-permutations';

export interface ProximityOptions { permutations: number; seed: number }

export interface DrugProximity extends ProximityScore {
  /** Targets scored (in the interactome's largest component). */
  targets_scored: number;
}

export interface ProximityScores {
  /** By compound node; null when none of the drug's targets is in the largest component. */
  byNode: Map<number, DrugProximity | null>;
  /** Disease genes in the largest component (0: no z can be computed). */
  diseaseGenesScored: number;
}

const localIn = (localOf: Int32Array, nodes: readonly number[]) => [...new Set(nodes.map((n) => localOf[n]!).filter((l) => l >= 0))].sort((a, b) => a - b);

/** Proximity z-scores of the given drugs (node → targets) to the disease genes, `from`–`to` % of the job's progress. */
export async function proximityZScores(
  g: TypedKnowledgeGraph, diseaseGenes: readonly number[], drugs: ReadonlyArray<{ node: number; targets: readonly number[] }>,
  options: ProximityOptions, context: AnalysisRunContext, span: [number, number],
): Promise<ProximityScores> {
  const network = interactomeLargestComponent(g);
  const genes = localIn(network.localOf, diseaseGenes);
  const byNode = new Map<number, DrugProximity | null>(drugs.map((d) => [d.node, null]));
  if (genes.length === 0) return { byNode, diseaseGenesScored: 0 };
  const scored = drugs.map((d) => ({ node: d.node, targets: localIn(network.localOf, d.targets) })).filter((d) => d.targets.length > 0);
  const compounds: ProximityCompound[] = scored.map((d) => ({ key: g.id(d.node), targets: d.targets }));
  const run = new ProximityRun({ network, diseaseGenes: genes, compounds, permutations: options.permutations, seed: options.seed });
  await runPermutations(run, options.permutations, context, span[0], span[1], `proximity of ${compounds.length} drugs to the disease genes`);
  const { scores } = run.result();
  scored.forEach((d, i) => byNode.set(d.node, { ...scores[i]!, targets_scored: d.targets.length }));
  return { byNode, diseaseGenesScored: genes.length };
}
