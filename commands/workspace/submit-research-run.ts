// Queue a Workspace dossier for a researcher (POST /api/jobs/workspace). The run's request event and
// its job (the run id is the job id) are created together: in one transaction where the event store
// allows it, so a crash cannot leave a run "running" with no job; on EventStoreDB one after the other,
// with the orphaned-run sweep (reconcile-orphaned-runs.ts) queueing the job a crash left out.
// The job's worker computes the dossier. An invalid body, or a disease that is unknown or incompletely
// configured, appends nothing.
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import { parseResearchRequest } from '../../domain/workspace/research-request';
import { RequestValidationError, ValidationDetail } from '../../domain/shared/schema-validation';
import { DiseaseRegistry, IncompleteDiseaseConfigurationError, UnknownDiseaseError } from '../../infra/diseases/disease-registry';
import type { EventStore } from '../../infra/event-store/event-store';
import { jobDecider, jobStreamId } from '../../domain/jobs/job';
import { runDecider, runStreamId } from '../../domain/workspace/run';
import type { CommandContext } from '../shared/command-context';
import { createStreams } from '../shared/create-streams';
import { WORKSPACE_MODULE } from './research-pipeline-module';
import { submitWorkspaceJob } from './workspace-job';
import { jobClient, PendingJobCap } from '../jobs/pending-job-cap';

export type SubmitResearchRunResult =
  | { kind: 'submitted'; runId: string; module: typeof WORKSPACE_MODULE; request: ResearchRequest }
  | { kind: 'invalid'; details: ValidationDetail[] }
  | { kind: 'too_many_pending'; pending: number; max: number };

export interface SubmitResearchRunDeps {
  store: EventStore;
  diseases: Pick<DiseaseRegistry, 'require'>;
  /** The cap on the researcher's unfinished jobs (commands/jobs/pending-job-cap.ts); none when absent. */
  pendingCap?: PendingJobCap;
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
  const at = context.now.toISOString();
  // A fresh id: both streams are new, so each decider decides from its initial state.
  const queue = () => createStreams(deps.store, context, [
    { streamId: runStreamId(runId), events: runDecider.decide({ type: 'RequestRun', runId, researcherId: input.researcherId, request, at }, runDecider.initialState) },
    { streamId: jobStreamId(runId), events: jobDecider.decide(submitWorkspaceJob(runId, request, input.researcherId, at), jobDecider.initialState) },
  ]);
  if (deps.pendingCap) {
    const admission = await deps.pendingCap.admit(jobClient(input.researcherId, ''), runId, context.now, queue);
    if (admission.kind === 'too_many') return { kind: 'too_many_pending', pending: admission.pending, max: admission.max };
  } else {
    await queue();
  }
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
