// The curated knowledge graph (fixtures/kg) whose drug and target names the linker also reads (brand names,
// antibody codes, "CD20" for MS4A1), as the Workspace does. Loaded once, on first use.
import type { KnowledgeGraph } from '../../../domain/kg/knowledge-graph';
import { loadDefaultGraph } from '../../../infra/kg/load-graph';

let graph: KnowledgeGraph | undefined;

export function curatedGraph(): KnowledgeGraph {
  return (graph ??= loadDefaultGraph());
}
