// The analysis modules this build ships, built from the runtime's parts. Each capability adds its
// module here when it lands.
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { EventStore } from '../../infra/event-store/event-store';
import type { Logger } from '../../infra/logging/logger';
import type { SharedRateLimit } from '../../infra/sources/shared-rate';
import type { ModuleDefinition } from './module-registry';
import { researchPipelineModule } from '../workspace/research-pipeline-module';
import { ANALYSIS_MODULES } from '../analysis';
import { analysisDeps } from '../analysis/analysis-deps';
import { analysisJobModule } from '../analysis/analysis-job';
import type { AnalysisRouteRunner } from '../analysis/run-analysis-route';

export interface ModuleParts {
  settings: Settings;
  logger: Logger;
  clock: Clock;
  db: Database;
  store: EventStore;
  diseases: DiseaseRegistry;
  /** Evidence providers' rate limits shared across worker processes (absent in offline mode and tests). */
  sharedRate?: SharedRateLimit;
}

/** `analysisInThread`: the analysis thread pool's runner for jobs, where this process has one. */
export function shippedModules(parts: ModuleParts, analysisInThread?: AnalysisRouteRunner): readonly ModuleDefinition[] {
  const deps = analysisDeps(parts);
  return [researchPipelineModule(parts), ...ANALYSIS_MODULES.map((module) => analysisJobModule(module, deps, analysisInThread))];
}
