// One research run over the knowledge graph of the active snapshots, shared by the workspace job module
// (the API) and `evidence workspace` (the CLI), so the same question gives the same dossier from both
// (issue 25). The store graph is the one graph of the run (issue 24 item 2): the pipeline links records,
// reads claims and checks mechanisms through its GraphView (domain/workspace/store-graph-view.ts) and
// explains candidates, finds sub-diseases and safety flags on the typed graph itself.
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import type { DiseaseNames } from '../../domain/workspace/other-disease';
import { storeGraphView } from '../../domain/workspace/store-graph-view';
import type { Database } from '../../infra/db/database';
import { storeGraphCache } from '../../infra/kg/store-graph-cache';
import { runResearchPipeline, type PipelineDeps, type PipelineHooks, type PipelineOutput } from './research-pipeline';

export interface StoreGraphParts {
  db: Pick<Database, 'knex'>;
}

export async function researchWithStoreGraph(
  parts: StoreGraphParts,
  run: { runId: string; request: ResearchRequest; disease: DiseaseModule; startedAt: Date; otherDiseases?: readonly DiseaseNames[] },
  deps: PipelineDeps,
  hooks: PipelineHooks = {},
): Promise<PipelineOutput> {
  const served = await storeGraphCache(parts.db.knex).current();
  const compoundSafety = await served.compoundSafety(parts.db.knex);
  return runResearchPipeline({ ...run, graph: storeGraphView(served.graph), knowledgeGraph: served.graph, compoundSafety }, deps, hooks);
}
