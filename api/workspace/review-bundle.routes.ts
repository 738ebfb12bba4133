// GET /api/workspace/runs/{run_id}/review-bundle (spec §4.5): a ZIP, streamed with archiver, holding
// what a reviewer hands on: review.md (Markdown review notes), citations.csv (RFC 4180), dossier.json
// (the stored dossier, byte for byte: its SHA-256 is the run's dossier hash), reviews.json (current
// state with provenance), review-events.json (the append-only history) and provenance.json.
import { pipeline } from 'node:stream/promises';
import { DISCLAIMER } from '../../domain/workspace/dossier-types';
import { citationsCsv, reviewMarkdown } from '../../domain/workspace/review-bundle-files';
import type { Runtime } from '../../app/runtime';
import { BlobStore } from '../../infra/blobs/blob-store';
import type { RouteDefinition } from '../http/registry';
import { detailSchema } from '../jobs/job.schemas';
import { runIdParams } from './across-runs.schemas';
import { currentReviews, DossierReader, loadOwnedRun, reviewEventViews, reviewHistory } from './workspace-reads';

export const REVIEW_BUNDLE_FILES = ['review.md', 'citations.csv', 'dossier.json', 'reviews.json', 'review-events.json', 'provenance.json'] as const;

export function reviewBundleFilename(runId: string): string {
  return `review-bundle-${runId}.zip`;
}

export function reviewBundleRoutes(runtime: Runtime): RouteDefinition[] {
  const blobs = new BlobStore(runtime.db.knex);
  return [{
    method: 'get',
    path: '/api/workspace/runs/{run_id}/review-bundle',
    operationId: 'downloadReviewBundle',
    summary: 'A ZIP of the run\'s review: notes, citations CSV, exact dossier JSON, reviews, review events, provenance',
    description: 'Streams application/zip as an attachment named review-bundle-<run_id>.zip with: review.md (question, disease, top '
      + 'candidates with decisions, rationale, notes, tags, what changed my mind, disclaimer), citations.csv (RFC 4180; cells that '
      + 'start with = + - @ are prefixed with a single quote), dossier.json (the stored dossier bytes, unchanged: SHA-256 = '
      + 'provenance.json dossier_sha256), reviews.json, review-events.json and provenance.json (fingerprint, inputs, source statuses, '
      + 'LLM status). 404 for a run that is not the caller\'s; 409 while it has no dossier.',
    tags: ['workspace', 'reviews'],
    principal: 'required',
    params: runIdParams,
    responses: {
      200: {
        description: 'The ZIP archive',
        contentType: 'application/zip',
        schema: { type: 'string', contentMediaType: 'application/zip' },
        headers: { 'Content-Disposition': { description: 'attachment; filename="review-bundle-<run_id>.zip"', schema: { type: 'string' } } },
      },
      404: { description: 'No such run for this researcher', schema: detailSchema },
      409: { description: 'The run has no dossier yet: it is still running, or it failed', schema: detailSchema },
    },
    handler: async ({ req, res, principal, params }) => {
      const researcher = principal!.id;
      const run = await loadOwnedRun(runtime.store, params.run_id, researcher);
      if (!run) {
        res.status(404).json({ detail: `no such run: ${params.run_id}` });
        return;
      }
      if (run.status !== 'completed' || !run.dossierHash) {
        res.status(409).json({ detail: `run ${run.runId} ${run.status === 'running' ? 'is still running' : 'failed'}: it has no dossier` });
        return;
      }
      const stored = await new DossierReader(blobs).load(run.dossierHash);
      if (!stored) throw new Error(`dossier blob ${run.dossierHash} of run ${run.runId} is missing`);
      const { dossier, text: dossierText } = stored;
      const history = await reviewHistory(runtime.store, run.runId, researcher);
      const reviews = currentReviews(history.events);
      const events = reviewEventViews(history.events);
      const generatedAt = new Date().toISOString();
      const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

      const files: [typeof REVIEW_BUNDLE_FILES[number], string][] = [
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
          dossier_sha256: run.dossierHash,
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

      // archiver is an ES module: import() it from this CommonJS build.
      const { ZipArchive } = await import('archiver');
      const archive = new ZipArchive({ zlib: { level: 9 } });
      const date = new Date(dossier.completed_at);
      res.status(200).set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${reviewBundleFilename(run.runId)}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      const streamed = pipeline(archive, res);
      // dossier.json is the stored text encoded exactly as it was hashed (UTF-8), never re-serialized.
      for (const [name, content] of files) archive.append(Buffer.from(content, 'utf8'), { name, date: Number.isNaN(date.getTime()) ? new Date() : date });
      archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
      try {
        await streamed;
      } catch (error) {
        // The headers are gone: all that is left is to log and let the client see a cut connection.
        req.log?.warn({ err: error, runId: run.runId }, 'review bundle stream ended early');
        if (!res.destroyed) res.destroy();
      }
    },
  }];
}
