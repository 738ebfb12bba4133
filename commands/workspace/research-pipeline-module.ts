// The "workspace" job module: computes the dossier of a requested run. The run id is the job id, so a
// re-delivered job finds its run: a completed run answers with its stored dossier, a running one is
// computed again (sources are re-read; the terminal event is written once).
import { DOSSIER_SCHEMA_VERSION } from '../../domain/workspace/dossier-types';
import type { ResearchRequest } from '../../domain/workspace/dossier-types';
import { dossierJsonSchema } from '../../domain/workspace/dossier-schema';
import { researchRequestBodySchema } from '../../domain/workspace/research-request';
import type { RunCommand, RunSummary } from '../../domain/workspace/run';
import type { Dossier } from '../../domain/workspace/dossier-types';
import { BlobStore } from '../../infra/blobs/blob-store';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { Database } from '../../infra/db/database';
import type { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { diseaseNamesOf } from './disease-names';
import type { EventStore } from '../../infra/event-store/event-store';
import type { SharedRateLimit } from '../../infra/sources/shared-rate';
import type { ModuleDefinition } from '../jobs/module-registry';
import { changeRun, loadRun } from './run-commands';
import { researchWithStoreGraph } from './research-with-store-graph';
import { pipelineDeps } from './research-pipeline-deps';

export const WORKSPACE_MODULE = 'workspace';

/** What the module needs from the runtime. */
export interface ResearchPipelineModuleParts {
  settings: Settings;
  clock: Clock;
  db: Pick<Database, 'knex'>;
  store: EventStore;
  diseases: Pick<DiseaseRegistry, 'require' | 'list'>;
  /** Provider rate limits shared by every worker process (app/runtime.ts; absent = per process). */
  sharedRate?: SharedRateLimit;
}

export function researchPipelineModule(parts: ResearchPipelineModuleParts): ModuleDefinition {
  const blobs = new BlobStore(parts.db.knex);
  const deps = pipelineDeps(parts);
  return {
    id: WORKSPACE_MODULE,
    title: 'Evidence Workspace dossier',
    description: 'Searches the chosen sources, normalizes the records, extracts claims, ranks drugs and targets, explains them through knowledge-graph paths; submit through POST /api/jobs/workspace.',
    querySchema: { type: 'object', properties: {} },
    bodySchema: researchRequestBodySchema,
    contract: {
      description: `{ dossier (EvidenceDossier, schema_version ${DOSSIER_SCHEMA_VERSION}), html (the rendered dossier) }`,
      resultSchema: { type: 'object', properties: { dossier: dossierJsonSchema, html: { type: 'string' } }, required: ['dossier', 'html'] },
    },
    availability: () => ({ available: true }),
    // Queued by submit-research-run.ts only, which requests the run for the signed-in researcher first.
    ownSubmission: true,
    async run({ body }, context) {
      const runId = context.jobId;
      const run = await loadRun(parts.store, runId);
      if (run.phase === 'completed') {
        return { dossier: await blobs.getJson<Dossier>(run.dossierHash!), html: await blobs.getText(run.htmlHash!) };
      }
      if (run.phase !== 'requested') throw new Error(`run ${runId} is ${run.phase}`);
      const request = (run.request ?? body) as ResearchRequest;
      const command = context.command;
      // Sources finish in parallel; their events go to the run stream one at a time.
      let queue: Promise<unknown> = Promise.resolve();
      const record = (cmd: RunCommand) => {
        const next = queue.then(() => changeRun(parts.store, runId, cmd, command));
        queue = next.catch(() => undefined);
        return next;
      };
      try {
        const disease = parts.diseases.require(request.disease_id);
        await context.progress(5, `searching ${request.sources.length} source(s)`);
        const { dossier, html } = await researchWithStoreGraph(parts, { runId, request, disease, startedAt: parts.clock.now(), otherDiseases: diseaseNamesOf(parts.diseases) }, deps, {
          sourceFinished: async (status, done, total) => {
            await record({ type: 'RecordSource', status });
            await context.progress(5 + (done / total) * 75, `${status.source}: ${status.status} (${status.record_count} records)`);
          },
          llmStarted: () => context.progress(82, 'asking the language model for additional claims'),
        });
        await context.progress(95, 'storing the dossier');
        const [dossierHash, htmlHash] = await Promise.all([blobs.putJson(dossier), blobs.putText(html, 'text/html')]);
        await record({ type: 'CompleteRun', dossierHash, htmlHash, summary: summarize(dossier), at: parts.clock.now().toISOString() });
        return { dossier, html };
      } catch (error) {
        await record({ type: 'FailRun', error: error instanceof Error ? error.message : String(error), at: parts.clock.now().toISOString() });
        throw error;
      }
    },
  };
}

export function summarize(dossier: Dossier): RunSummary {
  const top = (rankings: Dossier['drug_rankings']) => rankings.slice(0, 5).map((r) => ({ id: r.candidate_id, label: r.label, score: r.score }));
  return {
    fingerprint: dossier.manifest.provenance.fingerprint,
    evidence_count: dossier.evidence.length,
    claim_count: dossier.claims.length,
    top_drugs: top(dossier.drug_rankings),
    top_targets: top(dossier.target_rankings),
    warning_count: dossier.warnings.length,
  };
}
