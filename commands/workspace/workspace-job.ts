// The job that computes a Workspace run: same id as the run, the run's request as its body. Built in one
// place so the submission and the orphaned-run sweep queue exactly the same job.
import type { JobCommand } from '../../domain/jobs/job';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import { WORKSPACE_MODULE } from './research-pipeline-module';

export function submitWorkspaceJob(runId: string, request: ResearchRequest, researcherId: string, at: string): Extract<JobCommand, { type: 'SubmitJob' }> {
  return { type: 'SubmitJob', jobId: runId, module: WORKSPACE_MODULE, params: {}, body: request, researcherId, at };
}
