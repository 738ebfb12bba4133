// `evidence workspace`: run one research question from the terminal (in-process, no server) and write
// the dossier as JSON and HTML.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseResearchRequest } from '../../domain/workspace/research-request';
import { loadSettings } from '../../infra/config/settings';
import { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import { loadDefaultGraph } from '../../infra/kg/load-graph';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { systemClock } from '../../infra/clock/clock';
import { pipelineDeps } from '../../commands/workspace/research-pipeline-deps';
import { runResearchPipeline } from '../../commands/workspace/research-pipeline';
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
  const settings = { ...loadSettings(), useCache: false }; // no database here: nothing to cache into
  const disease = DiseaseRegistry.load().require(request.disease_id);
  const runId = randomUUID();
  const { dossier, html } = await runResearchPipeline(
    { runId, request, disease, graph: loadDefaultGraph(), startedAt: systemClock.now() },
    pipelineDeps({ settings, clock: systemClock }),
    { sourceFinished: async (status) => console.error(`${status.source}: ${status.status} (${status.record_count} records${status.warning ? `; ${status.warning}` : ''})`) },
  );
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
