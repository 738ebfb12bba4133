// Network separation of every compared disease's module (its GWAS genes) in the interactome, once per
// request: the similarity and modules routes both read it. One multi-source BFS per disease
// (domain/cross-disease/network-separation.ts), so the cost grows by one interactome traversal per disease.
import { interactomeIndex, InteractomeIndex } from '../../../domain/cross-disease/interactome-index';
import { networkSeparation, type Separation } from '../../../domain/cross-disease/network-separation';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { AnalysisDeps, AnalysisRunContext } from '../analysis-module';
import { diseasePanel, panelTooSmall, type DiseasePanel } from './disease-panel';

export const SEPARATION_METHOD = 'Network separation s_AB = d_AB − (d_AA + d_BB)/2 of disease modules (GWAS genes) in the interactome, d the mean '
  + 'shortest distance to the nearest gene of the other (or, for d_AA, the same) set (Menche et al., Science 2015, doi:10.1126/science.1257601)';

export const NO_INTERACTOME = 'no gene–gene interactions (INTERACTS_WITH) in the knowledge graph of the active snapshots: network separation '
  + 'needs the interactome — import the ppi resource (with ncbi_gene)';

/**
 * Modules with fewer interactome genes than min_module_genes get no s_AB; by default 20: with a handful of
 * genes d_AA is the distance between two or three scattered genes and s_AB swings to ±1 on a single
 * interaction (Menche et al. studied the 299 diseases with at least 20 associated genes).
 */
export const minModuleGenesSchema = {
  type: 'integer', minimum: 2, maximum: 1000, default: 20,
  description: 'Only diseases with at least this many genes in the interactome get a separation (d_AA needs two); default 20 as in Menche et al. 2015',
};

export interface PanelSeparation { net: InteractomeIndex; separation: Separation; tooSmall: boolean[] }

export function panelSeparation(g: TypedKnowledgeGraph, panel: DiseasePanel, minModuleGenes: number): PanelSeparation | null {
  const net = interactomeIndex(g);
  if (net.edges === 0) return null;
  const separation = networkSeparation(net, panel.diseases.map((d) => d.genes));
  const D = panel.diseases.length;
  const tooSmall = separation.modules.map((m) => m.genes.length < minModuleGenes);
  for (let a = 0; a < D; a++) {
    if (!tooSmall[a]) continue;
    for (let b = 0; b < D; b++) separation.separation[a * D + b] = separation.separation[b * D + a] = Number.NaN;
  }
  return { net, separation, tooSmall };
}

/**
 * What the similarity and modules routes both start from: the compared diseases and their separation, or
 * the reason there is none (too few diseases, no interactome).
 */
export async function separatedPanel(deps: AnalysisDeps, maxDiseases: number, minModuleGenes: number, context: AnalysisRunContext):
  Promise<{ kind: 'not_available'; reason: string } | { kind: 'ok'; g: TypedKnowledgeGraph; panel: DiseasePanel; computed: PanelSeparation }> {
  const g = (await deps.graph()).graph;
  const panel = diseasePanel(deps.diseases, g, maxDiseases);
  const tooSmall = panelTooSmall(panel);
  if (tooSmall) return { kind: 'not_available', reason: tooSmall };
  await context.progress(10, 'searching the interactome from every disease module');
  const computed = panelSeparation(g, panel, minModuleGenes);
  if (!computed) return { kind: 'not_available', reason: NO_INTERACTOME };
  return { kind: 'ok', g, panel, computed };
}

/** The value at [a][b], null when undefined (NaN). */
export const at = (m: Float64Array, D: number, a: number, b: number): number | null => (Number.isNaN(m[a * D + b]!) ? null : m[a * D + b]!);

export function moduleSummaries(panel: DiseasePanel, computed: PanelSeparation) {
  return panel.diseases.map((d, i) => {
    const m = computed.separation.modules[i]!;
    const why = computed.tooSmall[i] ? 'fewer genes in the interactome than min_module_genes'
      : m.d_self === null ? 'no two of its genes reach each other in the interactome (no d_AA)' : null;
    return {
      curie: d.curie, label: d.label, module_id: d.module_id, genes: d.genes.length, in_interactome: m.genes.length,
      outside_interactome: m.outside, d_AA: m.d_self, isolated_in_interactome: m.isolated,
      separation_defined: why === null, no_separation_because: why,
    };
  });
}
