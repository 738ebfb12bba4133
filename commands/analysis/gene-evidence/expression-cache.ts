// Bgee's calls indexed once per knowledge graph (a graph is one set of active snapshots and never changes):
// the first module to ask pays the one pass over the edges, the others reuse it.
import { ExpressionCalls, expressionCalls } from '../../../domain/expression/expression-calls';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';

const cache = new WeakMap<TypedKnowledgeGraph, ExpressionCalls>();

export function cachedExpressionCalls(g: TypedKnowledgeGraph): ExpressionCalls {
  let calls = cache.get(g);
  if (!calls) cache.set(g, calls = expressionCalls(g));
  return calls;
}

export const NO_BGEE = 'no Bgee expression calls (EXPRESSED_IN, UPREGULATED_IN, DOWNREGULATED_IN edges) in the knowledge graph of the active '
  + 'snapshots: import the bgee resource (present-in-adult.tsv.gz and diffex.tsv.gz), with ncbi_gene for the gene identities';
