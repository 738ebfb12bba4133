// Module results as events (spec §4.9): every result a module job produces is stored content-addressed
// (its JSON text by SHA-256, infra/blobs) and recorded by one ModuleResultRecorded event, so the "latest
// result of a module for a disease" is a projection and an old result is never overwritten.
import type { DomainEvent } from '../shared/decider';
import type { EventSchemas } from '../shared/event-schema';

export interface RecordedResult {
  module: string;
  diseaseId: string;
  /** SHA-256 of the exact JSON text stored (the bytes GET /api/export/raw/{module} returns). */
  blob: string;
  bytes: number;
  jobId: string;
  at: string;
  /** The researcher who queued the job; absent for jobs queued without one. Her results are exported to her only. */
  researcherId?: string;
}

export type ModuleResultEvent = DomainEvent<'ModuleResultRecorded', RecordedResult>;

export const MODULE_RESULT_EVENT_SCHEMAS: EventSchemas<ModuleResultEvent['type']> = { ModuleResultRecorded: { current: 1 } };

/** One stream per module and disease: moduleresult-<module>.<disease>. */
export function moduleResultStream(module: string, diseaseId: string): string {
  return `moduleresult-${module}.${diseaseId}`;
}
