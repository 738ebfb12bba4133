// The disease module an evidence-source query needs (its per-source search configuration): disease_id as a
// registry module id (sle) or as the MONDO CURIE of a registry module (MONDO:0007915). A disease without a
// module has no search configuration, so it is unknown here (404), never guessed from a label.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { AnalysisDeps } from '../analysis-module';

export type SourceDisease = { kind: 'ok'; module: DiseaseModule } | { kind: 'not_found'; detail: string };

export function sourceDisease(deps: Pick<AnalysisDeps, 'diseases'>, diseaseId: string): SourceDisease {
  if (!diseaseId.includes(':')) {
    const entry = deps.diseases.entry(diseaseId);
    if (entry?.module) return { kind: 'ok', module: entry.module };
    return { kind: 'not_found', detail: entry ? `disease module '${diseaseId}' is incomplete: ${entry.problems.join('; ')}` : `unknown disease module '${diseaseId}'` };
  }
  const match = deps.diseases.list().find((e) => e.module?.mondo_id === diseaseId);
  return match?.module ? { kind: 'ok', module: match.module } : { kind: 'not_found', detail: `no disease module of the registry has the id ${diseaseId}` };
}
