// Gene and pathway overlap of every pair of compared diseases: Jaccard of their GWAS gene sets and of the
// Reactome pathways those genes take part in, and the one-sided hypergeometric p of the gene overlap against
// the annotated background (genes in the interactome or in a Reactome pathway), Benjamini–Hochberg FDR over
// every pair (pairs without a shared background gene count with p = 1). Pairs sharing genes are listed.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { pathwayAnnotations } from '../../../domain/enrichment/pathway-annotations';
import { interactomeIndex } from '../../../domain/cross-disease/interactome-index';
import { jaccard, sortedIntersection } from '../../../domain/cross-disease/set-overlap';
import { benjaminiHochberg } from '../../../domain/statistics/benjamini-hochberg';
import { hypergeometricUpperTail } from '../../../domain/statistics/hypergeometric';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { comparePairs, CROSS_DISEASE_MODULE_ID, type CrossDiseaseParameters } from './cross-disease-parameters';
import { diseasePanel, diseaseRef, geneRef, panelTooSmall } from './disease-panel';

export const OVERLAP_METHOD = 'Pairwise disease overlap: Jaccard index of GWAS gene sets and of their Reactome pathway sets; one-sided hypergeometric '
  + 'test of the gene overlap against the annotated background (interactome or Reactome genes), Benjamini–Hochberg FDR over all pairs '
  + '(Benjamini & Hochberg, J R Stat Soc B 1995)';

export async function runDiseaseOverlap(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const parameters = input as unknown as CrossDiseaseParameters;
  const g = (await deps.graph()).graph;
  const panel = diseasePanel(deps.diseases, g, parameters.max_diseases);
  const tooSmall = panelTooSmall(panel);
  if (tooSmall) return { kind: 'not_available', reason: tooSmall };
  await context.progress(10, 'reading pathways and the interactome');
  const annotations = pathwayAnnotations(g);
  const net = interactomeIndex(g);
  const inBackground = (x: number) => net.local[x]! >= 0 || annotations.genePathways.has(x);
  let backgroundSize = net.nodes.length;
  for (const x of annotations.genePathways.keys()) if (net.local[x]! < 0) backgroundSize++;

  const D = panel.diseases;
  const pathwaysOf = D.map((d) => [...new Set(d.genes.flatMap((x) => annotations.genePathways.get(x) ?? []))].sort((a, b) => a - b));
  const backgroundGenes = D.map((d) => d.genes.filter(inBackground));
  await context.progress(40, 'comparing pairs');
  const pairs: { a: number; b: number; shared: number[]; p: number }[] = [];
  const pValues: number[] = [];
  for (let a = 0; a < D.length; a++) {
    for (let b = a + 1; b < D.length; b++) {
      const sharedInBackground = sortedIntersection(backgroundGenes[a]!, backgroundGenes[b]!).length;
      const p = backgroundSize > 0 ? hypergeometricUpperTail(backgroundSize, backgroundGenes[a]!.length, backgroundGenes[b]!.length, sharedInBackground) : 1;
      pValues.push(p);
      const shared = sortedIntersection(D[a]!.genes, D[b]!.genes);
      if (shared.length > 0) pairs.push({ a, b, shared, p });
    }
  }
  const fdrAll = benjaminiHochberg(pValues);
  // Pair (a, b) with a < b was tested at position a·D − a(a+1)/2 + (b − a − 1).
  const position = (a: number, b: number) => a * D.length - (a * (a + 1)) / 2 + (b - a - 1);
  const rows = pairs.map(({ a, b, shared, p }) => {
    const sharedPathways = sortedIntersection(pathwaysOf[a]!, pathwaysOf[b]!).length;
    return {
      a: diseaseRef(D[a]!), b: diseaseRef(D[b]!),
      genes_a: D[a]!.genes.length, genes_b: D[b]!.genes.length, shared_genes: shared.length,
      gene_jaccard: jaccard(D[a]!.genes, D[b]!.genes, shared.length)!,
      pathways_a: pathwaysOf[a]!.length, pathways_b: pathwaysOf[b]!.length, shared_pathways: sharedPathways,
      pathway_jaccard: jaccard(pathwaysOf[a]!, pathwaysOf[b]!, sharedPathways),
      in_background: { a: backgroundGenes[a]!.length, b: backgroundGenes[b]!.length, shared: sortedIntersection(backgroundGenes[a]!, backgroundGenes[b]!).length },
      p: backgroundSize > 0 ? p : null, fdr: backgroundSize > 0 ? fdrAll[position(a, b)]! : null,
      genes: shared.map((x) => geneRef(g, x)),
    };
  }).sort((x, y) => (x.p ?? 1) - (y.p ?? 1) || y.gene_jaccard - x.gene_jaccard || comparePairs(x, y));

  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: CROSS_DISEASE_MODULE_ID, method: OVERLAP_METHOD, parameters: { ...parameters }, snapshots: g.snapshots,
      body: {
        diseases: panel.summary,
        compared: D.map((d) => ({ ...diseaseRef(d), genes: d.genes.length })),
        background: {
          definition: 'genes in the interactome (INTERACTS_WITH) or with at least one Reactome pathway annotation (PARTICIPATES_IN); each disease\'s genes are intersected with it for the test',
          size: backgroundSize,
        },
        pathway_sets: annotations.pathwayGenes.size > 0 ? 'the Reactome pathways any of the disease\'s genes takes part in' : 'not available: no Reactome annotations imported (pathway_jaccard is null)',
        counts: { pairs: pValues.length, pairs_with_shared_genes: rows.length },
        pairs: rows,
      },
    }),
  };
}
