// JSON pieces the network-medicine results share: a gene as its CURIE and symbol, the degree bins of the
// randomisation, and the reason given when the active snapshots hold no interactome.
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { DegreeBin } from '../../../domain/network-medicine/degree-preserving-sampling';

export interface GeneJson { id: string; symbol: string }

/** A gene node: its CURIE and its label (the NCBI Gene symbol, or the id when no term names it). */
export const geneJson = (g: TypedKnowledgeGraph, node: number): GeneJson => ({ id: g.id(node), symbol: g.label(node) });

export const noInteractome = 'the active snapshots have no interactome (no INTERACTS_WITH edges): import and activate the ppi resource';

export const BINNING_RULE = 'Genes grouped by interactome degree in ascending order; consecutive degree groups merged until a bin holds at least '
  + 'min_bin_size genes, a smaller last bin merged into the one before (Guney et al. 2016, get_degree_binning). Each random set has as many '
  + 'genes in each bin as the real set, drawn without replacement.';

export function binsJson(bins: readonly DegreeBin[], minBinSize: number) {
  return {
    rule: BINNING_RULE, min_bin_size: minBinSize,
    bins: bins.map((b) => ({ degree_low: b.degree_low, degree_high: b.degree_high, genes: b.genes.length })),
  };
}

export const GENE_JSON_SCHEMA = { type: 'object', properties: { id: { type: 'string' }, symbol: { type: 'string' } }, required: ['id', 'symbol'] } as const;

export const BINS_JSON_SCHEMA = {
  type: 'object',
  properties: {
    rule: { type: 'string' }, min_bin_size: { type: 'integer' },
    bins: { type: 'array', items: { type: 'object', properties: { degree_low: { type: 'integer' }, degree_high: { type: 'integer' }, genes: { type: 'integer' } }, required: ['degree_low', 'degree_high', 'genes'] } },
  },
  required: ['rule', 'min_bin_size', 'bins'],
} as const;
