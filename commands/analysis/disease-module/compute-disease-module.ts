// GET /api/bioinformatics/ppi (and the `disease-module` job): a disease's genes in the interactome, the
// largest connected component (LCC) they induce and its significance against degree-preserving random gene
// sets (Menche et al., Science 2015; domain/network-medicine/disease-module.ts). Reads the knowledge graph of
// the active snapshots — ASSOCIATES (the disease's GWAS genes) and INTERACTS_WITH (the interactome) — and,
// for the confidence filter and the LCC's edges, the interactome claims' PubMed ids and detection methods.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeIndex } from '../../../domain/knowledge-graph/metagraph';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { DiseaseModuleRun } from '../../../domain/network-medicine/disease-module';
import { MIN_BIN_SIZE } from '../../../domain/network-medicine/degree-preserving-sampling';
import type { Interactome } from '../../../domain/network-medicine/interactome';
import { interactionEvidence, stringList } from '../../../domain/network-medicine/interaction-evidence';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { claimKey, readClaimQualifiers } from '../network-medicine/claim-qualifiers';
import { interactome, interactomeAtConfidence } from '../network-medicine/interactome-cache';
import { runPermutations } from '../network-medicine/run-permutations';
import { binsJson, geneJson, noInteractome } from '../network-medicine/views';

export const MODULE_METHOD = 'Disease module: largest connected component of the disease genes in the interactome and its z-score against '
  + 'degree-preserving random gene sets (Menche et al., Science 2015, doi:10.1126/science.1257601)';
export const EVIDENCE_RULE = 'An interaction\'s evidence items are its distinct PubMed ids plus its distinct detection methods (PSI-MI), '
  + 'collected from the qualifiers of every INTERACTS_WITH claim behind the gene pair; confidence = the minimum number of items an '
  + 'interaction needs to be kept. Genes with no kept interaction are outside the interactome at that confidence.';

const INTERACTS = edgeTypeIndex('INTERACTS_WITH')!;

export interface DiseaseModuleInput { disease_id: string; confidence: number; permutations: number; seed: number }

/** The INTERACTS_WITH edges of the graph between two genes (either direction). */
function edgesBetween(g: TypedKnowledgeGraph, a: number, b: number): number[] {
  const { outStart, edgeDst, edgeType } = g.adjacency();
  const out: number[] = [];
  for (const [from, to] of [[a, b], [b, a]] as const) {
    for (let e = outStart[from]!; e < outStart[from + 1]!; e++) if (edgeType[e] === INTERACTS && edgeDst[e] === to) out.push(e);
  }
  return out;
}

/** The LCC's interactions (u < v, both in the LCC), each with the evidence of its claims. */
async function lccEdges(deps: AnalysisDeps, g: TypedKnowledgeGraph, network: Interactome, lcc: readonly number[]) {
  const inLcc = new Set(lcc);
  const pairs: { u: number; v: number; edges: number[] }[] = [];
  for (const u of lcc) {
    for (let p = network.start[u]!; p < network.start[u + 1]!; p++) {
      const v = network.neighbours[p]!;
      if (v > u && inLcc.has(v)) pairs.push({ u, v, edges: edgesBetween(g, network.nodes[u]!, network.nodes[v]!) });
    }
  }
  const qualifiers = await readClaimQualifiers(deps.db, pairs.flatMap((p) => p.edges.flatMap((e) => g.claimsOf(e))));
  return pairs.map((p) => {
    const evidence = interactionEvidence(p.edges.flatMap((e) => g.claimsOf(e)).map((ref) => {
      const q = qualifiers.get(claimKey(ref)) ?? {};
      return { pubmed_ids: stringList(q.pubmed_ids), methods: stringList(q.methods) };
    }));
    return {
      source: geneJson(g, network.nodes[p.u]!), target: geneJson(g, network.nodes[p.v]!),
      evidence_count: evidence.count, pubmed_ids: evidence.pubmed_ids, methods: evidence.methods,
    };
  });
}

export async function computeDiseaseModule(deps: AnalysisDeps, input: DiseaseModuleInput, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const g = (await deps.graph()).graph;
  const disease = resolveDisease(deps.diseases, g, input.disease_id);
  if (disease.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };
  const full = interactome(g);
  if (full.size === 0) return { kind: 'not_available', reason: noInteractome };
  const network = await interactomeAtConfidence(deps.db, g, input.confidence);
  const genes = diseaseGenes(g, disease.node);
  const inside = genes.map((s) => network.localOf[s]!).filter((l) => l >= 0).sort((a, b) => a - b);
  const outside = genes.filter((s) => network.localOf[s]! < 0).sort((a, b) => (g.id(a) < g.id(b) ? -1 : 1));
  const at = input.confidence > 1 ? ` at confidence ${input.confidence} (interactions with ≥ ${input.confidence} evidence items)` : '';
  if (inside.length === 0) {
    return {
      kind: 'not_available',
      reason: genes.length === 0
        ? `disease ${disease.curie} (${disease.label}) has no associated genes (ASSOCIATES, GWAS Catalog) in the active snapshots, so it has no gene in the interactome`
        : `disease ${disease.curie} (${disease.label}) has no gene in the interactome${at}: none of its ${genes.length} associated genes has an interaction there`,
    };
  }
  await context.progress(5, 'interactome and disease genes read');

  const run = new DiseaseModuleRun({ network, genes: inside, permutations: input.permutations, seed: input.seed });
  await runPermutations(run, input.permutations, context, 5, 95, `LCC of ${inside.length} genes`);
  const result = run.result();
  const inLcc = new Set(result.lcc);
  const edges = await lccEdges(deps, g, network, result.lcc);
  await context.progress(100, 'disease module computed');

  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: 'disease-module', method: MODULE_METHOD,
      disease: { curie: disease.curie, label: disease.label, module_id: disease.module_id },
      parameters: { disease_id: input.disease_id, confidence: input.confidence, permutations: input.permutations, seed: input.seed },
      seed: input.seed, snapshots: g.snapshots,
      body: {
        interactome: {
          confidence: input.confidence, evidence_rule: EVIDENCE_RULE, genes: network.size, interactions: network.interactions,
          interactions_below_confidence: full.interactions - network.interactions,
        },
        disease_genes: {
          total: genes.length,
          in_interactome: inside.map((l) => ({ ...geneJson(g, network.nodes[l]!), degree: network.start[l + 1]! - network.start[l]!, in_lcc: inLcc.has(l) })),
          not_in_interactome: outside.map((s) => geneJson(g, s)),
        },
        lcc: {
          size: result.lcc.length, fraction_of_genes_in_interactome: result.lcc.length / inside.length,
          genes: result.lcc.map((l) => geneJson(g, network.nodes[l]!)), edges,
        },
        component_sizes: result.component_sizes,
        random_mean: result.random_mean, random_sd: result.random_sd, z: result.z, p_empirical: result.p_empirical,
        degree_bins: binsJson(result.bins, MIN_BIN_SIZE),
      },
    }),
  };
}
