// The browser's view of the EvidenceDossier (spec §2.4) and of a saved run (GET /api/workspace/runs/{run_id}).
// The dossier shapes are the server's own types (type-only imports, erased by the build), so the page
// cannot drift from what the API sends.
import type { CandidateRanking, Claim, ClaimEntity, Dossier, EvidenceItem, GraphExplanation } from '../../../../domain/workspace/dossier-types';
import type { SourceStatus } from '../../../../domain/workspace/sources';

export type { Claim, Dossier, EvidenceItem, GraphExplanation, SourceStatus };
export type Entity = ClaimEntity;
export type Ranking = CandidateRanking;

export interface RunRead {
  run_id: string;
  status: 'running' | 'completed' | 'failed';
  request: { question?: string; disease_id?: string };
  dossier: Dossier | null;
  html: string | null;
  error?: string | null;
}
