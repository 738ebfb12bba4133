// Queue a Workspace dossier for a researcher (POST /api/jobs/workspace). The run's request event is
// appended first (the run id is the job id), then the job; the job's worker computes the dossier.
// An invalid body, or a disease that is unknown or incompletely configured, appends nothing.
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import { parseResearchRequest } from '../../domain/workspace/research-request';
import { RequestValidationError, ValidationDetail } from '../../domain/shared/schema-validation';
import { DiseaseRegistry, IncompleteDiseaseConfigurationError, UnknownDiseaseError } from '../../infra/diseases/disease-registry';
import type { EventStore } from '../../infra/event-store/event-store';
import { submitJob } from '../jobs/job-commands';
import type { CommandContext } from '../shared/command-context';
import { WORKSPACE_MODULE } from './research-pipeline-module';
import { changeRun } from './run-commands';

export type SubmitResearchRunResult =
  | { kind: 'submitted'; runId: string; module: typeof WORKSPACE_MODULE; request: ResearchRequest }
  | { kind: 'invalid'; details: ValidationDetail[] };

export interface SubmitResearchRunDeps {
  store: EventStore;
  diseases: Pick<DiseaseRegistry, 'require'>;
}

export async function submitResearchRun(deps: SubmitResearchRunDeps, context: CommandContext, input: { body: unknown; researcherId: string }): Promise<SubmitResearchRunResult> {
  let request: ResearchRequest;
  try {
    // One pass over every rule, so one answer lists every problem.
    request = parseResearchRequest(input.body ?? {});
  } catch (error) {
    if (error instanceof RequestValidationError) return { kind: 'invalid', details: error.details };
    throw error;
  }
  const diseaseProblem = checkDisease(deps.diseases, request.disease_id);
  if (diseaseProblem) return { kind: 'invalid', details: [diseaseProblem] };
  const runId = context.newId();
  await changeRun(deps.store, runId, { type: 'RequestRun', runId, researcherId: input.researcherId, request, at: context.now.toISOString() }, context);
  await submitJob(deps.store, context, { jobId: runId, module: WORKSPACE_MODULE, params: {}, body: request, researcherId: input.researcherId });
  return { kind: 'submitted', runId, module: WORKSPACE_MODULE, request };
}

/** Refused before any evidence work; the message names "incomplete disease configuration" where it applies. */
function checkDisease(diseases: SubmitResearchRunDeps['diseases'], diseaseId: string): ValidationDetail | undefined {
  try {
    diseases.require(diseaseId);
    return undefined;
  } catch (error) {
    if (error instanceof IncompleteDiseaseConfigurationError || error instanceof UnknownDiseaseError) {
      return { loc: ['body', 'disease_id'], msg: error.message, type: error instanceof UnknownDiseaseError ? 'unknown_disease' : 'incomplete_disease_configuration' };
    }
    throw error;
  }
}
