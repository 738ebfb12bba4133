// GET /api/repurpose/candidates (and the `repurpose` job): compounds ranked by the network proximity of
// their targets to a disease's genes in the interactome (Guney et al., Nat Commun 2016; the method is
// domain/network-medicine/network-proximity.ts). Reads the knowledge graph of the active snapshots:
// ASSOCIATES (the disease's GWAS genes), TARGETS/BINDS (compound targets), INTERACTS_WITH (the
// interactome, its largest component), TREATS/PALLIATES (known indications, flagged, never hidden).
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { compoundTargets, diseaseGenes, geneCompounds } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { Interactome } from '../../../domain/network-medicine/interactome';
import { distanceRows } from '../../../domain/network-medicine/multi-source-bfs';
import { closestPairs, ProximityCompound, ProximityRun, ProximityScore } from '../../../domain/network-medicine/network-proximity';
import { MIN_BIN_SIZE } from '../../../domain/network-medicine/degree-preserving-sampling';
import { nextResolutionStep } from '../../../domain/network-medicine/permutation-resolution';
import { benjaminiHochberg } from '../../../domain/statistics/benjamini-hochberg';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { resolveDisease } from '../resolve-disease';
import { interactome, interactomeLargestComponent } from '../network-medicine/interactome-cache';
import { runPermutations } from '../network-medicine/run-permutations';
import { binsJson, geneJson, GeneJson, noInteractome } from '../network-medicine/views';

export const PROXIMITY_METHOD = 'Network proximity (closest distance, degree-preserving z-score): Guney, Menche, Vidal & Barabási, '
  + 'Nat Commun 2016, doi:10.1038/ncomms10331';
/** Closest target–gene pairs shown per candidate (a BindingDB compound can have hundreds of targets). */
export const MAX_PAIRS = 10;
/** Default false discovery rate the permutations are extended for (Benjamini–Hochberg over every scored compound); request parameter `fdr`. */
export const DEFAULT_FDR = 0.05;
/** Most permutations an adaptive run goes to (~0.5 ms each on the full interactome). */
export const ADAPTIVE_PERMUTATIONS_CAP = 20_000;
/** A compound with at most this many targets in the interactome: its null distribution is coarse (few distinct d). */
export const LOW_INFORMATION_TARGETS = 2;

const TREATS = edgeTypeMask(['TREATS']);
const PALLIATES = edgeTypeMask(['PALLIATES']);

export interface CandidatesInput {
  disease_id: string;
  top_n: number;
  gene_id?: string;
  permutations: number;
  seed: number;
  /** The FDR level, 0 < fdr < 1 (the schema checks it and fills DEFAULT_FDR when absent). */
  fdr: number;
}

interface Candidate {
  node: number;
  targets: number;
  notInInteractome: number;
  outsideLargest: number;
  /** Targets in the largest component (local indices there). */
  scored: number[];
}

function indicationsOf(g: TypedKnowledgeGraph, disease: number): { treats: Set<number>; palliates: Set<number> } {
  const treats = new Set<number>();
  const palliates = new Set<number>();
  g.forEachPredecessor(disease, 'forward', TREATS, (_e, compound) => treats.add(compound));
  g.forEachPredecessor(disease, 'forward', PALLIATES, (_e, compound) => palliates.add(compound));
  return { treats, palliates };
}

const byId = (g: TypedKnowledgeGraph) => (a: number, b: number) => (g.id(a) < g.id(b) ? -1 : g.id(a) > g.id(b) ? 1 : 0);

/** Compounds of the graph, or those acting on one gene, with their targets split by where they are. */
function candidatesOf(g: TypedKnowledgeGraph, full: Interactome, network: Interactome, gene: number | undefined): Candidate[] {
  const compounds: number[] = [];
  if (gene !== undefined) compounds.push(...geneCompounds(g, gene));
  else for (let i = 0; i < g.nodeCount; i++) if (g.typeOf(i) === 'Compound') compounds.push(i);
  return compounds.map((node) => {
    const targets = compoundTargets(g, node);
    const scored = targets.map((t) => network.localOf[t]!).filter((l) => l >= 0).sort((a, b) => a - b);
    const inInteractome = targets.filter((t) => full.localOf[t]! >= 0).length;
    return { node, targets: targets.length, notInInteractome: targets.length - inInteractome, outsideLargest: inInteractome - scored.length, scored };
  });
}

export interface ResolutionReport {
  method: string;
  fdr: number;
  tests: number;
  permutations_requested: number;
  permutations_run: number;
  permutations_cap: number;
  smallest_attainable_p: number;
  /** Permutations the compounds at the p floor would need to pass BH (null: none at the floor). */
  permutations_needed: number | null;
  resolution_reaches_fdr: boolean;
  passing_fdr: number;
  note: string;
}

/**
 * Runs the requested permutations, then extends them (up to ADAPTIVE_PERMUTATIONS_CAP) while compounds no random
 * set matched could pass BH at level `fdr` with a finer p (permutation-resolution.ts); says when the cap cannot.
 */
async function runAdaptively(run: ProximityRun, tests: number, requested: number, fdr: number, context: AnalysisRunContext): Promise<ResolutionReport> {
  await runPermutations(run, requested, context, 5, 80, `proximity of ${tests} compounds`);
  let step = nextResolutionStep(run.permutationsDone, tests, run.atResolutionFloor(), fdr, ADAPTIVE_PERMUTATIONS_CAP);
  while (step.extendTo !== null) {
    run.extendTo(step.extendTo);
    await runPermutations(run, step.extendTo, context, 80, 95, `finer p resolution for the FDR: ${tests} compounds`);
    step = nextResolutionStep(run.permutationsDone, tests, run.atResolutionFloor(), fdr, ADAPTIVE_PERMUTATIONS_CAP);
  }
  const done = run.permutationsDone;
  const passing = benjaminiHochberg(run.result().scores.map((s) => s.p_empirical)).filter((q) => q <= fdr).length;
  return {
    method: 'Benjamini–Hochberg q over every scored compound\'s empirical p (Benjamini & Hochberg 1995)', fdr, tests,
    permutations_requested: requested, permutations_run: done, permutations_cap: ADAPTIVE_PERMUTATIONS_CAP, smallest_attainable_p: 1 / (1 + done),
    permutations_needed: step.needed, resolution_reaches_fdr: step.reachable, passing_fdr: passing,
    note: step.reachable
      ? (step.needed === null ? 'no compound is at the p floor 1/(1+P): the permutations do not limit which compounds can pass'
        : `${done} permutations give p down to 1/${done + 1}, enough for the compounds at that floor to pass BH at ${fdr} among ${tests} tests`)
      : `the p resolution cannot reach FDR ${fdr}: the compounds at the floor need ${step.needed} permutations among ${tests} tests, above the cap `
        + `${ADAPTIVE_PERMUTATIONS_CAP}; no q below ${fdr} can be shown for them (restrict the candidates, e.g. gene_id, to test fewer)`,
  };
}

export async function rankCandidates(deps: AnalysisDeps, input: CandidatesInput, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const served = await deps.graph();
  const g = served.graph;
  const disease = resolveDisease(deps.diseases, g, input.disease_id);
  if (disease.kind === 'not_found') return { kind: 'not_found', detail: disease.detail };
  let gene: number | undefined;
  if (input.gene_id !== undefined) {
    gene = g.lookup(input.gene_id);
    if (gene === undefined) return { kind: 'not_found', detail: `gene ${input.gene_id} has no node in the knowledge graph of the active snapshots` };
    if (g.typeOf(gene) !== 'Gene') return { kind: 'not_found', detail: `${input.gene_id} is a ${g.typeOf(gene)}, not a gene` };
  }

  const full = interactome(g);
  if (full.size === 0) return { kind: 'not_available', reason: noInteractome };
  const network = interactomeLargestComponent(g);
  const genes = diseaseGenes(g, disease.node);
  const scoredGenes = genes.map((s) => network.localOf[s]!).filter((l) => l >= 0).sort((a, b) => a - b);
  const notInInteractome = genes.filter((s) => full.localOf[s]! < 0);
  const outsideLargest = genes.filter((s) => full.localOf[s]! >= 0 && network.localOf[s]! < 0);
  if (scoredGenes.length === 0) {
    return {
      kind: 'not_available',
      reason: genes.length === 0
        ? `disease ${disease.curie} (${disease.label}) has no associated genes (ASSOCIATES, GWAS Catalog) in the active snapshots, so it has no gene in the interactome`
        : `disease ${disease.curie} (${disease.label}) has no gene in the interactome's largest connected component: of its ${genes.length} associated genes, `
          + `${notInInteractome.length} are not in the interactome and ${outsideLargest.length} only in smaller components`,
    };
  }
  await context.progress(5, 'interactome and gene sets read');

  const candidates = candidatesOf(g, full, network, gene).filter((c) => c.scored.length > 0).sort((a, b) => byId(g)(a.node, b.node));
  const compounds: ProximityCompound[] = candidates.map((c) => ({ key: g.id(c.node), targets: c.scored }));
  const run = new ProximityRun({ network, diseaseGenes: scoredGenes, compounds, permutations: input.permutations, seed: input.seed });
  const resolution = await runAdaptively(run, compounds.length, input.permutations, input.fdr, context);
  const { scores, bins } = run.result();
  const qValues = benjaminiHochberg(scores.map((s) => s.p_empirical));

  // Empirical p ascending (the test's own evidence), then z ascending (closer than random first); a compound
  // whose random distances never varied (z null) after the others of its p; ties by id.
  const order = candidates.map((_, i) => i).sort((a, b) => {
    const pa = scores[a]!.p_empirical, pb = scores[b]!.p_empirical;
    if (pa !== pb) return pa - pb;
    const za = scores[a]!.z;
    const zb = scores[b]!.z;
    if (za !== zb) {
      if (za === null) return 1;
      if (zb === null) return -1;
      return za - zb;
    }
    return byId(g)(candidates[a]!.node, candidates[b]!.node);
  });
  const rankOf = new Map<number, number>(order.map((i, r) => [candidates[i]!.node, r + 1]));
  const { treats, palliates } = indicationsOf(g, disease.node);

  const shown = order.slice(0, input.top_n);
  const fromGene = shown.length > 0 ? distanceRows(network, scoredGenes) : [];
  const geneOf = (local: number): GeneJson => geneJson(g, network.nodes[local]!);
  const candidateJson = shown.map((i) => {
    const c = candidates[i]!;
    const score: ProximityScore = scores[i]!;
    const pairs = closestPairs(network, scoredGenes, fromGene, c.scored);
    return {
      rank: rankOf.get(c.node)!,
      compound: { id: g.id(c.node), name: g.label(c.node) },
      known_indication: treats.has(c.node),
      palliates: palliates.has(c.node),
      targets: { total: c.targets, scored: c.scored.length, not_in_interactome: c.notInInteractome, outside_largest_component: c.outsideLargest },
      d: score.d, random_mean: score.random_mean, random_sd: score.random_sd, z: score.z, p_empirical: score.p_empirical, q_bh: qValues[i]!,
      low_information: c.scored.length <= LOW_INFORMATION_TARGETS,
      closest_pairs: pairs.slice(0, MAX_PAIRS).map((p) => ({
        target: geneOf(p.target), gene: geneOf(p.gene), distance: p.distance, tied_genes: p.tied_genes, path: p.path.map(geneOf),
      })),
      closest_pairs_total: pairs.length,
    };
  });

  const scoreOf = new Map<number, ProximityScore>(candidates.map((c, i) => [c.node, scores[i]!]));
  const actingOnGene = gene !== undefined ? new Set(geneCompounds(g, gene)) : null;
  const knownIndications = [...new Set([...treats, ...palliates])].sort(byId(g)).map((node) => {
    const rank = rankOf.get(node) ?? null;
    const reason = rank !== null ? null
      : actingOnGene && !actingOnGene.has(node) ? 'does not act on gene_id'
        : compoundTargets(g, node).length === 0 ? 'no target (TARGETS/BINDS) in the active snapshots'
          : 'no target in the interactome\'s largest connected component';
    return {
      compound: { id: g.id(node), name: g.label(node) }, relation: treats.has(node) ? (palliates.has(node) ? 'TREATS+PALLIATES' : 'TREATS') : 'PALLIATES',
      rank, z: rank !== null ? scoreOf.get(node)!.z : null, p_empirical: rank !== null ? scoreOf.get(node)!.p_empirical : null, not_scored_because: reason,
    };
  }).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.compound.id < b.compound.id ? -1 : 1));
  await context.progress(100, 'ranked');

  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: 'repurpose', method: PROXIMITY_METHOD,
      disease: { curie: disease.curie, label: disease.label, module_id: disease.module_id },
      parameters: { disease_id: input.disease_id, top_n: input.top_n, gene_id: input.gene_id ?? null, permutations: input.permutations, seed: input.seed, fdr: input.fdr },
      seed: input.seed, snapshots: g.snapshots,
      body: {
        interactome: {
          genes: full.size, interactions: full.interactions,
          largest_component: { genes: network.size, interactions: network.interactions },
        },
        disease_genes: {
          total: genes.length, scored: scoredGenes.length,
          not_in_interactome: notInInteractome.sort(byId(g)).map((s) => geneJson(g, s)),
          outside_largest_component: outsideLargest.sort(byId(g)).map((s) => geneJson(g, s)),
        },
        degree_bins: binsJson(bins, MIN_BIN_SIZE),
        restricted_to_gene: gene !== undefined ? geneJson(g, gene) : null,
        candidates_total: candidates.length,
        multiplicity: resolution,
        candidates: candidateJson,
        known_indications: knownIndications,
      },
    }),
  };
}
