// The disease pairs whose modules overlap most in the interactome (smallest s_AB; negative = overlapping,
// Menche et al., Science 2015), each with the genes the two diseases share.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { sortedIntersection } from '../../../domain/cross-disease/set-overlap';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { comparePairs, CROSS_DISEASE_MODULE_ID, type CrossDiseaseParameters } from './cross-disease-parameters';
import { diseaseRef, geneRef } from './disease-panel';
import { at, separatedPanel, SEPARATION_METHOD } from './panel-separation';

export async function runOverlappingModules(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as CrossDiseaseParameters<'top_synergy' | 'min_module_genes'>;
  const setup = await separatedPanel(deps, parameters.max_diseases, parameters.min_module_genes, context);
  if (setup.kind !== 'ok') return setup;
  const { g, panel, computed } = setup;
  const { net, separation } = computed;
  const D = panel.diseases.length;
  const candidates: { a: number; b: number; s: number }[] = [];
  for (let a = 0; a < D; a++) {
    for (let b = a + 1; b < D; b++) {
      const s = at(separation.separation, D, a, b);
      if (s !== null) candidates.push({ a, b, s });
    }
  }
  const ref = (i: number) => diseaseRef(panel.diseases[i]!);
  candidates.sort((x, y) => x.s - y.s || comparePairs({ a: ref(x.a), b: ref(x.b) }, { a: ref(y.a), b: ref(y.b) }));
  const pairs = candidates.slice(0, parameters.top_synergy).map(({ a, b, s }) => {
    const shared = sortedIntersection(panel.diseases[a]!.genes, panel.diseases[b]!.genes);
    return {
      a: ref(a), b: ref(b), s_AB: s, d_AB: at(separation.distance, D, a, b)!,
      d_AA: separation.modules[a]!.d_self!, d_BB: separation.modules[b]!.d_self!,
      overlapping: s < 0,
      genes_in_interactome: { a: separation.modules[a]!.genes.length, b: separation.modules[b]!.genes.length },
      shared_genes: shared.length,
      shared_in_interactome: shared.filter((x) => net.local[x]! >= 0).length,
      genes: shared.map((x) => geneRef(g, x)),
    };
  });
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: CROSS_DISEASE_MODULE_ID, method: SEPARATION_METHOD, parameters: { ...parameters }, snapshots: g.snapshots,
      body: {
        diseases: panel.summary,
        interactome: { genes: net.nodes.length, interactions: net.edges },
        counts: { pairs_with_separation: candidates.length, overlapping: candidates.filter((c) => c.s < 0).length, listed: pairs.length },
        pairs,
      },
    }),
  };
}
