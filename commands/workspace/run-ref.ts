// How the across-runs answers name a run: its identity and times, and the fingerprint and counts of its
// dossier (or of the run's summary when the dossier was not read).
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { OwnedRun, RunStatus } from '../../projections/workspace/runs.queries';

export interface RunRef {
  run_id: string;
  disease_id: string;
  question: string;
  status: RunStatus;
  requested_at: string;
  finished_at: string | null;
  fingerprint: string | null;
  evidence_count: number | null;
  claim_count: number | null;
}

export function runRef(run: OwnedRun, dossier: Dossier | undefined): RunRef {
  return {
    run_id: run.runId, disease_id: run.diseaseId, question: run.question, status: run.status,
    requested_at: run.requestedAt, finished_at: run.finishedAt,
    fingerprint: dossier?.manifest.provenance.fingerprint ?? run.summary?.fingerprint ?? null,
    evidence_count: dossier?.evidence.length ?? run.summary?.evidence_count ?? null,
    claim_count: dossier?.claims.length ?? run.summary?.claim_count ?? null,
  };
}
