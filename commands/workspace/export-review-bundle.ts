// The files of a run's review bundle (spec §4.5): what a reviewer hands on. review.md (Markdown review
// notes), citations.csv (RFC 4180), dossier.json (the stored dossier, byte for byte: its SHA-256 is the
// run's dossier hash), reviews.json (current state with provenance), review-events.json (the
// append-only history) and provenance.json. The caller packs them (the HTTP route streams a ZIP).
import { DISCLAIMER } from '../../domain/workspace/dossier-types';
import { citationsCsv, reviewMarkdown } from '../../domain/workspace/review-bundle-files';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { OwnedRun } from '../../projections/workspace/runs.queries';
import { reviewHistory } from '../reviews/review-history';
import { currentReviews, reviewEventViews } from '../reviews/review-views';
import { DossierReader } from './dossier-reader';
import { loadCompletedRuns } from './owned-runs';

export const REVIEW_BUNDLE_FILES = ['review.md', 'citations.csv', 'dossier.json', 'reviews.json', 'review-events.json', 'provenance.json'] as const;

export type ReviewBundleFile = typeof REVIEW_BUNDLE_FILES[number];

export interface ReviewBundle {
  runId: string;
  /** In REVIEW_BUNDLE_FILES order; each content is UTF-8 text (dossier.json exactly as it was hashed). */
  files: [ReviewBundleFile, string][];
  /** When the files were made: the run's completion time, or the export time when that is unreadable. */
  filesDate: Date;
}

export type ExportReviewBundleResult =
  | { kind: 'bundle'; bundle: ReviewBundle }
  | { kind: 'not_found'; runIds: string[] }
  | { kind: 'no_dossier'; run: OwnedRun };

export function reviewBundleFilename(runId: string): string {
  return `review-bundle-${runId}.zip`;
}

export async function exportReviewBundle(
  deps: { store: EventStore; blobs: BlobStore },
  input: { runId: string; researcherId: string; now: Date },
): Promise<ExportReviewBundleResult> {
  const researcher = input.researcherId;
  const loaded = await loadCompletedRuns(deps.store, [input.runId], researcher);
  if (loaded.kind !== 'completed') return loaded;
  const run = loaded.runs[0]!;
  const stored = await new DossierReader(deps.blobs).load(run.dossierHash!);
  if (!stored) throw new Error(`dossier blob ${run.dossierHash} of run ${run.runId} is missing`);
  const { dossier, text: dossierText } = stored;
  const history = await reviewHistory(deps.store, run.runId, researcher);
  const reviews = currentReviews(history.events);
  const events = reviewEventViews(history.events);
  const generatedAt = input.now.toISOString();
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  const files: [ReviewBundleFile, string][] = [
    ['review.md', reviewMarkdown({ dossier, researcherId: researcher, reviews, events, generatedAt })],
    ['citations.csv', citationsCsv(dossier.evidence)],
    ['dossier.json', dossierText],
    ['reviews.json', json({ run_id: run.runId, etag: history.etag, reviews })],
    ['review-events.json', json({ run_id: run.runId, events })],
    ['provenance.json', json({
      run_id: run.runId,
      disease_id: run.diseaseId,
      question: dossier.request.question,
      schema_version: dossier.schema_version,
      started_at: dossier.started_at,
      completed_at: dossier.completed_at,
      dossier_sha256: run.dossierHash!,
      fingerprint: { algorithm: dossier.manifest.provenance.algorithm, value: dossier.manifest.provenance.fingerprint },
      inputs: dossier.manifest.provenance.inputs,
      source_statuses: dossier.source_statuses,
      llm: dossier.manifest.llm,
      review_etag: history.etag,
      generated_at: generatedAt,
      generated_for: researcher,
      disclaimer: DISCLAIMER,
    })],
  ];
  const completedAt = new Date(dossier.completed_at);
  return { kind: 'bundle', bundle: { runId: run.runId, files, filesDate: Number.isNaN(completedAt.getTime()) ? input.now : completedAt } };
}
