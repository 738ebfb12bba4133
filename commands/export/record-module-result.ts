// Stores a module's result for export (spec §4.9): the JSON text content-addressed, then one
// ModuleResultRecorded event naming it. The disease is the job's disease_id (the default context when
// the module takes none), so "latest per module and disease" is a projection of these events.
import { randomUUID } from 'node:crypto';
import { moduleResultStream, ModuleResultEvent } from '../../domain/operations/module-results';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { metadataFor } from '../shared/command-context';

export const DEFAULT_DISEASE = 'sle';

export interface ResultRecorderDeps {
  store: EventStore;
  blobs: Pick<BlobStore, 'putText'>;
  /** When the result is recorded (a job runs for minutes: not the command's time). */
  now(): Date;
}

export type ResultRecorder = (module: string, params: Record<string, unknown>, result: unknown) => Promise<void>;

export function diseaseOf(params: Record<string, unknown>): string {
  const id = params.disease_id ?? params.disease;
  return typeof id === 'string' && id !== '' ? id : DEFAULT_DISEASE;
}

/** `researcherId`: the job's researcher, whose results only she may export (absent: anyone with access). */
export function resultRecorder(deps: ResultRecorderDeps, context: CommandContext, jobId: string, researcherId?: string): ResultRecorder {
  return async (module, params, result) => {
    const json = JSON.stringify(result ?? null);
    const blob = await deps.blobs.putText(json, 'application/json');
    const diseaseId = diseaseOf(params);
    const event: ModuleResultEvent = {
      type: 'ModuleResultRecorded',
      data: { module, diseaseId, blob, bytes: Buffer.byteLength(json), jobId, at: deps.now().toISOString(), ...(researcherId ? { researcherId } : {}) },
    };
    await deps.store.append(moduleResultStream(module, diseaseId), [{ id: randomUUID(), ...event, metadata: metadataFor(context) }]);
  };
}
