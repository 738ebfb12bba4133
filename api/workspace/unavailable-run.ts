// The answer when a use case could not reach the caller's completed run: 404 when a run is not the
// caller's (each id named once), 409 when it has no dossier yet (still running, or failed).
import type { Response } from 'express';
import type { OwnedRun } from '../../projections/workspace/runs.queries';

export type UnavailableRun = { kind: 'not_found'; runIds: string[] } | { kind: 'no_dossier'; run: OwnedRun };

export function sendUnavailableRun(res: Response, result: UnavailableRun): void {
  if (result.kind === 'not_found') {
    res.status(404).json({ detail: `no such run: ${result.runIds.join(', ')}` });
    return;
  }
  res.status(409).json({ detail: `run ${result.run.runId} ${result.run.status === 'running' ? 'is still running' : 'failed'}: it has no dossier` });
}
