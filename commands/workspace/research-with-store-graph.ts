// One research run over the knowledge graph of the active snapshots, shared by the workspace job module
// (the API) and `evidence workspace` (the CLI), so the same question gives the same dossier from both
// (issue 25): explanations, sub-diseases and safety flags come from the store graph; the curated graph
// stays the vocabulary that names candidates in the records.
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import type { Database } from '../../infra/db/database';
import type { KnowledgeGraphHolder } from '../../infra/kg/knowledge-holder';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { runResearchPipeline, type PipelineDeps, type PipelineHooks, type PipelineOutput } from './research-pipeline';

export interface StoreGraphParts {
  db: Pick<Database, 'knex'>;
  knowledge: Pick<KnowledgeGraphHolder, 'graph'>;
}

export async function researchWithStoreGraph(
  parts: StoreGraphParts,
  run: { runId: string; request: ResearchRequest; disease: DiseaseModule; startedAt: Date },
  deps: PipelineDeps,
  hooks: PipelineHooks = {},
): Promise<PipelineOutput> {
  const graph = await parts.knowledge.graph();
  const served = await storeGraphCache(parts.db.knex).current();
  const compoundSafety = await served.compoundSafety(parts.db.knex);
  return runResearchPipeline({ ...run, graph, knowledgeGraph: served.graph, compoundSafety }, deps, hooks);
}
