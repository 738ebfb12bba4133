// The offline dossier a user gets with no provider reachable: every source read from the bundled corpus
// (fixtures/corpus, synthetic example records) through the real adapters, the curated graph, no LLM.
import fs from 'node:fs';
import path from 'node:path';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { Dossier, ResearchRequest } from '../../../domain/workspace/dossier-types';
import { SOURCE_NAMES } from '../../../domain/workspace/sources';
import { fixedClock } from '../../../infra/clock/clock';
import { loadDefaultGraph } from '../../support/curated-graph/load-graph';
import { ALL_ADAPTERS } from '../../../infra/sources/adapters';
import { type RunSourceOptions } from '../../../infra/sources/source-runner';
import { findProjectRoot } from '../../../infra/sources/offline-reader';
import { runResearchPipeline } from '../../../commands/workspace/research-pipeline';

export function diseaseModule(id: string): DiseaseModule {
  return JSON.parse(fs.readFileSync(path.join(findProjectRoot(), 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule;
}

export function corpusFile(source: string, diseaseId: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(findProjectRoot(), 'fixtures', 'corpus', source, `${diseaseId}.json`), 'utf8'));
}

export async function offlineDossier(diseaseId: string, question: string, overrides: Partial<ResearchRequest> = {}, sourceOptions: () => RunSourceOptions = () => ({ mode: 'offline' })): Promise<Dossier> {
  const request: ResearchRequest = {
    disease_id: diseaseId, question, sources: [...SOURCE_NAMES], date_from: null, date_to: null,
    candidate_type: 'both', max_evidence: 200, enable_llm: false, ...overrides,
  };
  const at = new Date('2026-11-24T12:00:00Z');
  const { dossier } = await runResearchPipeline(
    { runId: 'run_offline', request, disease: diseaseModule(diseaseId), graph: loadDefaultGraph(), startedAt: at },
    {
      adapters: ALL_ADAPTERS,
      sourceOptions,
      llm: { baseUrl: undefined, apiKey: undefined, model: 'none', timeoutMs: 1000 },
      clock: fixedClock(at),
    },
  );
  return dossier;
}
