// `evidence workspace`: run one research question from the terminal (in-process, no server) and write
// the dossier as JSON and HTML. It opens the service's store (DATABASE_URL, else PGlite under DATA_DIR;
// a fresh store is seeded as `npm start` seeds it) and explains with the same store graph as the API
// (commands/workspace/research-with-store-graph.ts), so both give the same dossier for one question.
import { diseaseNamesOf } from '../../commands/workspace/disease-names';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseResearchRequest } from '../../domain/workspace/research-request';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { systemClock } from '../../infra/clock/clock';
import { pipelineDeps } from '../../commands/workspace/research-pipeline-deps';
import { researchWithStoreGraph } from '../../commands/workspace/research-with-store-graph';
import { withRuntime } from './lifecycle';
import { printTable } from '../print';

export interface WorkspaceOptions {
  disease: string;
  question: string;
  sources?: string;
  dateFrom?: string;
  dateTo?: string;
  candidateType?: string;
  maxEvidence?: string;
  llm: boolean;
  out: string;
}

export async function workspace(options: WorkspaceOptions): Promise<void> {
  let request;
  try {
    request = parseResearchRequest({
      disease_id: options.disease,
      question: options.question,
      ...(options.sources ? { sources: options.sources } : {}),
      ...(options.dateFrom ? { date_from: options.dateFrom } : {}),
      ...(options.dateTo ? { date_to: options.dateTo } : {}),
      ...(options.candidateType ? { candidate_type: options.candidateType } : {}),
      ...(options.maxEvidence ? { max_evidence: Number(options.maxEvidence) } : {}),
      enable_llm: options.llm,
    });
  } catch (error) {
    if (error instanceof RequestValidationError) {
      for (const d of error.details) console.error(`${d.loc.slice(1).join('.')}: ${d.msg}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
  const validRequest = request;
  const runId = randomUUID();
  // Service logs stay quiet unless LOG_LEVEL asks: the terminal shows the source lines and the table.
  const { dossier, html } = await withRuntime(async (runtime) => {
    await runtime.preloads.runAll(); // the curated graph and, on a fresh store, the seed (BIOMED_SEED)
    const disease = runtime.diseases.require(validRequest.disease_id);
    return researchWithStoreGraph(runtime, { runId, request: validRequest, disease, startedAt: systemClock.now(), otherDiseases: diseaseNamesOf(runtime.diseases) },
      pipelineDeps({ settings: runtime.settings, clock: systemClock, db: runtime.db }),
      { sourceFinished: async (status) => console.error(`${status.source}: ${status.status} (${status.record_count} records${status.warning ? `; ${status.warning}` : ''})`) },
    );
  }, (settings) => (process.env.LOG_LEVEL ? settings : { ...settings, logLevel: 'warn' }));
  fs.mkdirSync(options.out, { recursive: true });
  const base = path.join(options.out, `dossier-${request.disease_id}-${runId}`);
  fs.writeFileSync(`${base}.json`, JSON.stringify(dossier, null, 2));
  fs.writeFileSync(`${base}.html`, html);
  const rows = [...dossier.drug_rankings.slice(0, 5), ...dossier.target_rankings.slice(0, 5)];
  printTable(['rank', 'candidate', 'kind', 'score', 'confidence'], rows.map((r) => [String(r.rank), r.label, r.kind, r.score.toFixed(1), r.confidence_band]));
  console.log(`\nevidence ${dossier.evidence.length}, claims ${dossier.claims.length}, warnings ${dossier.warnings.length}`);
  console.log(`fingerprint ${dossier.manifest.provenance.fingerprint}`);
  console.log(`wrote ${base}.json and ${base}.html`);
  console.log(dossier.disclaimer);
}
