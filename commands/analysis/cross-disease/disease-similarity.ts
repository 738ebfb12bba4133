// Pairwise network separation of the compared diseases (Menche et al., Science 2015): the list of pairs by
// s_AB (most overlapping first) and the matrix. A disease with fewer than two interactome genes that reach
// each other has no d_AA and so no s_AB with anyone (listed with the reason).
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { comparePairs, CROSS_DISEASE_MODULE_ID, type CrossDiseaseParameters } from './cross-disease-parameters';
import { diseaseRef } from './disease-panel';
import { at, moduleSummaries, separatedPanel, SEPARATION_METHOD } from './panel-separation';

export async function runDiseaseSimilarity(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as CrossDiseaseParameters<'min_module_genes'>;
  const setup = await separatedPanel(deps, parameters.max_diseases, parameters.min_module_genes, context);
  if (setup.kind !== 'ok') return setup;
  const { g, panel, computed } = setup;
  const { net, separation } = computed;
  const D = panel.diseases.length;
  const pairs: { a: ReturnType<typeof diseaseRef>; b: ReturnType<typeof diseaseRef>; d_AB: number; s_AB: number }[] = [];
  let undefinedPairs = 0;
  for (let a = 0; a < D; a++) {
    for (let b = a + 1; b < D; b++) {
      const s = at(separation.separation, D, a, b);
      if (s === null) { undefinedPairs++; continue; }
      pairs.push({ a: diseaseRef(panel.diseases[a]!), b: diseaseRef(panel.diseases[b]!), d_AB: at(separation.distance, D, a, b)!, s_AB: s });
    }
  }
  pairs.sort((x, y) => x.s_AB - y.s_AB || comparePairs(x, y));
  const matrix = panel.diseases.map((_, a) => panel.diseases.map((__, b) => (a === b ? null : at(separation.separation, D, a, b))));
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: CROSS_DISEASE_MODULE_ID, method: SEPARATION_METHOD, parameters: { ...parameters }, snapshots: g.snapshots,
      body: {
        diseases: panel.summary,
        interactome: { genes: net.nodes.length, interactions: net.edges },
        modules: moduleSummaries(panel, computed),
        counts: { pairs: (D * (D - 1)) / 2, with_separation: pairs.length, without_separation: undefinedPairs },
        pairs,
        matrix: { diseases: panel.diseases.map((d) => d.curie), s_AB: matrix },
      },
    }),
  };
}
