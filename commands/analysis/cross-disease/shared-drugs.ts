// Compounds that reach several of the compared diseases: indicated for them (TREATS) or targeting / binding
// their GWAS genes (domain/cross-disease/shared-compounds.ts), with which diseases and by which route.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { sharedCompounds } from '../../../domain/cross-disease/shared-compounds';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { CROSS_DISEASE_MODULE_ID, type CrossDiseaseParameters } from './cross-disease-parameters';
import { diseasePanel, diseaseRef, geneRef, panelTooSmall } from './disease-panel';

export const DRUGS_METHOD = 'Compounds linked to two or more of the compared diseases, by indication (TREATS, PharmacotherapyDB) or by target '
  + '(TARGETS from DrugCentral or BINDS ≤ 1 µM from BindingDB, on the disease\'s GWAS genes); a count, not a score';

export async function runSharedDrugs(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as CrossDiseaseParameters<'top'>;
  const g = (await deps.graph()).graph;
  const panel = diseasePanel(deps.diseases, g, parameters.max_diseases);
  const tooSmall = panelTooSmall(panel);
  if (tooSmall) return { kind: 'not_available', reason: tooSmall };
  await context.progress(10, 'linking compounds to diseases');
  const shared = sharedCompounds(g, panel.diseases);
  const compounds = shared.slice(0, parameters.top).map((s) => ({
    id: g.id(s.compound), name: g.label(s.compound),
    disease_count: s.diseases.length,
    by_indication: s.diseases.filter((l) => l.indication).length,
    by_target: s.diseases.filter((l) => l.targets.length > 0).length,
    diseases: s.diseases.map((l) => ({
      ...diseaseRef(panel.diseases[l.disease]!),
      routes: [...(l.indication ? ['indication'] : []), ...(l.targets.length > 0 ? ['target'] : [])],
      target_genes: l.targets.map((x) => geneRef(g, x)),
    })),
  }));
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: CROSS_DISEASE_MODULE_ID, method: DRUGS_METHOD, parameters: { ...parameters }, snapshots: g.snapshots,
      body: { diseases: panel.summary, counts: { compounds_linked_to_several: shared.length, listed: compounds.length }, compounds },
    }),
  };
}
