// POST /api/jobs/{module_id}: queue a job of a registry module (found by id or legacy alias) once it is
// available and its parameters are valid (the module's own refusals included: an unknown disease is a 422, as on
// POST /api/jobs/workspace). Nothing is appended unless the result is `submitted`.
import { validate, ValidationDetail } from '../../domain/shared/schema-validation';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { submitJob } from './job-commands';
import { moduleQuerySchema, ModuleRegistry } from './module-registry';
import type { PendingJobCap } from './pending-job-cap';

export interface SubmitModuleJobInput {
  /** Module id or legacy alias, as requested. */
  moduleId: string;
  /** Query parameters; validation applies the module's defaults to a copy. */
  query: Record<string, unknown>;
  /** The request body, for modules that take one (ignored otherwise). */
  body?: unknown;
  researcherId?: string;
  /** Who the pending-job cap counts (jobClient()); no cap without it. */
  client?: string;
}

export type SubmitModuleJobResult =
  | { kind: 'submitted'; jobId: string; module: string }
  | { kind: 'not_found'; moduleId: string }
  | { kind: 'own_submission'; moduleId: string }
  | { kind: 'not_available'; moduleId: string; reason: string }
  | { kind: 'invalid'; details: ValidationDetail[] }
  | { kind: 'too_many_pending'; pending: number; max: number };

export interface SubmitModuleJobDeps {
  store: EventStore;
  modules: Pick<ModuleRegistry, 'find'>;
  pendingCap?: PendingJobCap;
}

export async function submitModuleJob(deps: SubmitModuleJobDeps, context: CommandContext, input: SubmitModuleJobInput): Promise<SubmitModuleJobResult> {
  const module = deps.modules.find(input.moduleId);
  if (!module) return { kind: 'not_found', moduleId: input.moduleId };
  if (module.ownSubmission) return { kind: 'own_submission', moduleId: module.id };
  const availability = module.availability();
  if (!availability.available) return { kind: 'not_available', moduleId: module.id, reason: availability.reason };
  const params = { ...input.query };
  const details = validate(moduleQuerySchema(module), params, 'query');
  let body: unknown;
  if (module.bodySchema) {
    body = input.body ?? {};
    details.push(...validate(module.bodySchema, body, 'body'));
  }
  if (details.length === 0) details.push(...module.refuseParameters?.(params) ?? []);
  if (details.length > 0) return { kind: 'invalid', details };
  const jobId = context.newId();
  const queue = () => submitJob(deps.store, context, {
    jobId, module: module.id, params, ...(body === undefined ? {} : { body }), ...(input.researcherId ? { researcherId: input.researcherId } : {}),
  });
  if (deps.pendingCap && input.client !== undefined) {
    const admission = await deps.pendingCap.admit(input.client, jobId, context.now, queue);
    if (admission.kind === 'too_many') return { kind: 'too_many_pending', pending: admission.pending, max: admission.max };
  } else {
    await queue();
  }
  return { kind: 'submitted', jobId, module: module.id };
}
