// Network separation of every compared disease's module (its GWAS genes) in the interactome, once per
// request: the similarity and modules routes both read it. One multi-source BFS per disease
// (domain/cross-disease/network-separation.ts), so the cost grows by one interactome traversal per disease.
import { interactomeIndex, InteractomeIndex } from '../../../domain/cross-disease/interactome-index';
import { networkSeparation, Separation } from '../../../domain/cross-disease/network-separation';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { DiseasePanel } from './disease-panel';

export const SEPARATION_METHOD = 'Network separation s_AB = d_AB − (d_AA + d_BB)/2 of disease modules (GWAS genes) in the interactome, d the mean '
  + 'shortest distance to the nearest gene of the other (or, for d_AA, the same) set (Menche et al., Science 2015, doi:10.1126/science.1257601)';

export const NO_INTERACTOME = 'no gene–gene interactions (INTERACTS_WITH) in the knowledge graph of the active snapshots: network separation '
  + 'needs the interactome — import the ppi resource (with ncbi_gene)';

export interface PanelSeparation { net: InteractomeIndex; separation: Separation }

export function panelSeparation(g: TypedKnowledgeGraph, panel: DiseasePanel): PanelSeparation | null {
  const net = interactomeIndex(g);
  if (net.edges === 0) return null;
  return { net, separation: networkSeparation(net, panel.diseases.map((d) => d.genes)) };
}

/** The value at [a][b], null when undefined (NaN). */
export const at = (m: Float64Array, D: number, a: number, b: number): number | null => (Number.isNaN(m[a * D + b]!) ? null : m[a * D + b]!);

export function moduleSummaries(panel: DiseasePanel, s: Separation) {
  return panel.diseases.map((d, i) => {
    const m = s.modules[i]!;
    return {
      curie: d.curie, label: d.label, module_id: d.module_id, genes: d.genes.length, in_interactome: m.genes.length,
      outside_interactome: m.outside, d_AA: m.d_self, isolated_in_interactome: m.isolated,
      separation_defined: m.d_self !== null,
    };
  });
}
