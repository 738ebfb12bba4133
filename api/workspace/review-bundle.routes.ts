// GET /api/workspace/runs/{run_id}/review-bundle (spec §4.5): the files of the run's review bundle
// (commands/workspace/export-review-bundle.ts) as a ZIP, streamed with archiver.
import { pipeline } from 'node:stream/promises';
import { exportReviewBundle, reviewBundleFilename } from '../../commands/workspace/export-review-bundle';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import type { RouteDefinition } from '../http/registry';
import { detailSchema } from '../jobs/job.schemas';
import { runIdParams } from './across-runs.schemas';
import { sendUnavailableRun } from './unavailable-run';

export interface ReviewBundleRouteDeps {
  store: EventStore;
  blobs: BlobStore;
}

export function reviewBundleRoutes(deps: ReviewBundleRouteDeps): RouteDefinition[] {
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
      const result = await exportReviewBundle(deps, { runId: params.run_id, researcherId: principal!.id, now: req.clock.now() });
      if (result.kind !== 'bundle') return void sendUnavailableRun(res, result);
      const { runId, files, filesDate } = result.bundle;

      // archiver is an ES module: import() it from this CommonJS build.
      const { ZipArchive } = await import('archiver');
      const archive = new ZipArchive({ zlib: { level: 9 } });
      res.status(200).set({
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${reviewBundleFilename(runId)}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      const streamed = pipeline(archive, res);
      // dossier.json is the stored text encoded exactly as it was hashed (UTF-8), never re-serialized.
      for (const [name, content] of files) archive.append(Buffer.from(content, 'utf8'), { name, date: filesDate });
      archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
      try {
        await streamed;
      } catch (error) {
        // The headers are gone: all that is left is to log and let the client see a cut connection.
        req.log?.warn({ err: error, runId }, 'review bundle stream ended early');
        if (!res.destroyed) res.destroy();
      }
    },
  }];
}
