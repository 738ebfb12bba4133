// The export use cases (spec §4.9): which modules have a stored result per disease, and the latest one as
// the exact stored JSON text, parsed, or rendered as the module's HTML report. Latest = the read model of
// ModuleResultRecorded events; the text comes from the content-addressed blob it names.
import type { ModuleDefinition, ModuleRegistry } from '../jobs/module-registry';
import { genericReport } from '../jobs/report-writer';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { LatestResult, ModuleResultQueries } from '../../projections/module-results/module-results.queries';
import { withRestsOnBanner } from '../../domain/analysis/rests-on-lines';

export interface ExportDeps {
  modules: Pick<ModuleRegistry, 'find' | 'list'>;
  results: ModuleResultQueries;
  blobs: Pick<BlobStore, 'getText'>;
}

export type Stored =
  | { kind: 'ok'; module: ModuleDefinition; latest: LatestResult; text: string }
  | { kind: 'not_found'; detail: string };

/** Modules whose results can be exported: every registered one except those with their own store. */
export function exportableModules(deps: Pick<ExportDeps, 'modules'>): ModuleDefinition[] {
  return deps.modules.list().filter((m) => !m.ownSubmission);
}

// A researcher's module results are hers: a viewer (researcherId undefined: a caller with only the API
// key, or nobody) sees results of jobs queued without a researcher; a signed-in researcher also her own.
export async function listExports(deps: ExportDeps, diseaseId: string | undefined, researcherId?: string) {
  const latest = await deps.results.list(diseaseId, researcherId);
  return exportableModules(deps).map((m) => ({
    id: m.id,
    aliases: [...(m.aliases ?? [])],
    title: m.title,
    results: latest.filter((r) => r.module === m.id).map((r) => ({
      disease_id: r.diseaseId, recorded_at: r.recordedAt, job_id: r.jobId, bytes: r.bytes, sha256: r.blob,
      json: true, html: true,
    })),
  }));
}

export async function storedResult(deps: ExportDeps, name: string, diseaseId: string, researcherId?: string): Promise<Stored> {
  const module = deps.modules.find(name);
  if (!module || module.ownSubmission) {
    return { kind: 'not_found', detail: `unknown module '${name}': known modules are ${exportableModules(deps).map((m) => m.id).join(', ')}` };
  }
  const latest = await deps.results.latest(module.id, diseaseId, researcherId);
  const text = latest && await deps.blobs.getText(latest.blob);
  if (!latest || text === undefined) {
    return { kind: 'not_found', detail: `no result of module '${module.id}' for disease '${diseaseId}' yet: run POST /api/jobs/${module.id}?disease_id=${diseaseId}` };
  }
  return { kind: 'ok', module, latest, text };
}

/** The module's own HTML report of the result (or the generic one), escaped by the renderer; what it rests on first. */
export function renderReport(stored: Extract<Stored, { kind: 'ok' }>): string {
  const result: unknown = JSON.parse(stored.text);
  return withRestsOnBanner(stored.module.renderHtml ? stored.module.renderHtml(result) : genericReport(stored.module, result), result);
}
