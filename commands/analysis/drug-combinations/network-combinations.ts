// The network configuration of drug pairs for a disease (Cheng, Kovács & Barabási, Nat Commun 2019): selects the
// compounds relevant to the disease, places each one's targets and the disease's genes in the interactome,
// and, given each drug's proximity z-score to the disease genes (proximity-z.ts), classifies and ranks every
// pair (domain/synergy/). Reads the knowledge graph only.
//
// Compound selection rule: compounds with at least one target (TARGETS or BINDS) in the interactome; first
// those indicated for the disease (TREATS or PALLIATES it, PharmacotherapyDB), then the others by their
// closest distance d_c to the disease genes (Guney et al. 2016; smaller first), ties by more interactome
// targets, then by id; the first `max_compounds`. Indicated compounds beyond the cap are taken by the same
// order (closest first).
import { diseaseGenes, compoundTargets } from '../../../domain/knowledge-graph/gene-sets';
import { edgeTypeMask, TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { configurationFromHits, Configuration, CONFIGURATIONS, proximityHit, rankPairs } from '../../../domain/synergy/combination-configurations';
import { buildInteractome, inInteractome, Interactome } from '../../../domain/synergy/interactome';
import { closestDistance, PlacedSet, placeSet, separation } from '../../../domain/synergy/network-separation';
import { separationNull } from '../../../domain/synergy/separation-null';
import { networkRandomisationNull } from '../../../domain/synergy/network-randomisation-null';
import type { SwapSchedule } from '../../../domain/synergy/edge-swap';
import { TargetSetRelation, targetSetRelation, targetsContained } from '../../../domain/synergy/target-set-relation';
import type { DrugProximity } from './proximity-z';

const interactomes = new WeakMap<TypedKnowledgeGraph, Interactome>();

/** The interactome of a graph, built once per graph (a few tens of ms on the full graph). */
export function interactomeOf(g: TypedKnowledgeGraph): Interactome {
  let net = interactomes.get(g);
  if (!net) interactomes.set(g, (net = buildInteractome(g)));
  return net;
}

const INDICATION = edgeTypeMask(['TREATS', 'PALLIATES']);
const r4 = (x: number | null) => (x === null ? null : Math.round(x * 1e4) / 1e4);

export interface CompoundProfile {
  curie: string;
  label: string;
  indicated: boolean;
  targets: number;
  targets_in_interactome: number;
  /** Targets that are disease genes, by symbol. */
  targets_in_disease_module: string[];
  /** d_AA: the spread of the drug's target module. */
  d_aa: number | null;
  /** Guney's closest distance d_c from the targets to the disease genes. */
  closest_distance: number | null;
  /** s_AD: separation of the target module from the disease module. */
  s_to_disease: number | null;
  d_to_disease: number | null;
  /** Proximity to the disease genes with its degree-preserving z-score (null: no target in the largest component). */
  proximity: ProximityJson | null;
  /** z < z_threshold: the criterion the configurations use. */
  hits_disease_module: boolean | null;
  /** s_AD < 0: the raw-distance criterion of earlier releases, for comparison. */
  overlaps_disease_module: boolean | null;
}

export interface ProximityJson { d: number; random_mean: number; random_sd: number; z: number | null; p_empirical: number; targets_scored: number }

export interface PairFactors {
  rank: number;
  drug_a: { curie: string; label: string };
  drug_b: { curie: string; label: string };
  configuration: Configuration;
  complementary_exposure: boolean;
  overlapping_exposure: boolean;
  /** identical / nested target sets always count as overlapping target modules (never complementary exposure). */
  target_sets: TargetSetRelation;
  s_ab: number | null;
  /** s_AB against degree-preserving random target sets of the same sizes (the first `separation_z_pairs` returned pairs; null: not computed). */
  separation_null: { random_mean: number; random_sd: number; z: number | null; permutations: number } | null;
  /** s_AB against degree-preserving randomised networks (double edge swaps), every returned pair (null: not computed or undefined). */
  network_null: { random_mean: number; random_sd: number; z: number | null; networks: number } | null;
  d_ab: number | null;
  d_aa: number | null;
  d_bb: number | null;
  shared_targets: string[];
  s_ad: number | null;
  s_bd: number | null;
  z_a: number | null;
  z_b: number | null;
  closest_distance_a: number | null;
  closest_distance_b: number | null;
  unreachable_targets: number;
}

export interface NetworkCombinations {
  disease_module: { genes: number; in_interactome: number; d_dd: number | null };
  interactome: { genes: number };
  selection: { rule: string; candidates_with_interactome_targets: number; indicated_with_interactome_targets: number; selected: number; max_compounds: number };
  compounds: CompoundProfile[];
  configuration_counts: Record<Configuration, number>;
  pairs_total: number;
  pairs: PairFactors[];
}

export const SELECTION_RULE = 'compounds with >= 1 target (TARGETS or BINDS) in the interactome; those indicated for the disease '
  + '(TREATS or PALLIATES) first, then the rest by closest distance d_c to the disease genes (ascending), ties by more '
  + 'interactome targets, then id; the first max_compounds';

interface Drug { node: number; curie: string; label: string; indicated: boolean; targets: number[]; local: number[]; dc: number | null }

/** The placed drugs of a pair computation, reusable for the dose-response scorer's two named drugs. */
export interface PlacedDrug extends Drug { placed: PlacedSet; sToDisease: ReturnType<typeof separation>; proximity: DrugProximity | null }

export interface CombinationContext { g: TypedKnowledgeGraph; net: Interactome; diseaseGenes: number[]; disease: PlacedSet }

export function combinationContext(g: TypedKnowledgeGraph, diseaseNode: number): CombinationContext | { unavailable: string } {
  const net = interactomeOf(g);
  if (net.nodes.length === 0) return { unavailable: 'the active snapshots hold no interactome (INTERACTS_WITH edges; import the ppi resource)' };
  const genes = diseaseGenes(g, diseaseNode);
  const local = inInteractome(net, genes);
  if (local.length === 0) {
    return { unavailable: `${g.id(diseaseNode)} has ${genes.length} disease gene(s) (GWAS Catalog ASSOCIATES) and none in the interactome: no disease module to relate drug targets to` };
  }
  return { g, net, diseaseGenes: genes, disease: placeSet(net, local) };
}

/** A compound node placed against the disease module (null when none of its targets is in the interactome). */
export function placeDrug(ctx: CombinationContext, node: number, indicated: boolean): PlacedDrug | null {
  const targets = compoundTargets(ctx.g, node);
  const local = inInteractome(ctx.net, targets);
  if (local.length === 0) return null;
  const placed = placeSet(ctx.net, local);
  return {
    node, curie: ctx.g.id(node), label: ctx.g.label(node), indicated, targets, local,
    dc: closestDistance(local, ctx.disease).value, placed, sToDisease: separation(placed, ctx.disease), proximity: null,
  };
}

const r4z = (z: number | null) => (z === null ? null : r4(z));

function proximityJson(p: DrugProximity | null): ProximityJson | null {
  if (!p) return null;
  return { d: r4(p.d)!, random_mean: r4(p.random_mean)!, random_sd: r4(p.random_sd)!, z: r4z(p.z), p_empirical: r4(p.p_empirical)!, targets_scored: p.targets_scored };
}

export function profileOf(ctx: CombinationContext, d: PlacedDrug, zThreshold: number): CompoundProfile {
  const diseaseSet = new Set(ctx.diseaseGenes);
  return {
    curie: d.curie, label: d.label, indicated: d.indicated, targets: d.targets.length, targets_in_interactome: d.local.length,
    targets_in_disease_module: d.targets.filter((t) => diseaseSet.has(t)).map((t) => ctx.g.label(t)).sort(),
    d_aa: r4(d.placed.spread), closest_distance: r4(d.dc), s_to_disease: r4(d.sToDisease.s_ab), d_to_disease: r4(d.sToDisease.d_ab),
    proximity: proximityJson(d.proximity),
    hits_disease_module: proximityHit(d.proximity?.z ?? null, zThreshold),
    overlaps_disease_module: d.sToDisease.s_ab === null ? null : d.sToDisease.s_ab < 0,
  };
}

export function pairFactors(ctx: CombinationContext, a: PlacedDrug, b: PlacedDrug, zThreshold: number): Omit<PairFactors, 'rank'> {
  const sep = separation(a.placed, b.placed);
  const za = a.proximity?.z ?? null, zb = b.proximity?.z ?? null;
  // Set relation over the interactome targets (the ones s_AB is computed from).
  const relation = targetSetRelation(a.local, b.local);
  const config = configurationFromHits(sep.s_ab, proximityHit(za, zThreshold), proximityHit(zb, zThreshold), targetsContained(relation));
  const bTargets = new Set(b.targets);
  return {
    drug_a: { curie: a.curie, label: a.label }, drug_b: { curie: b.curie, label: b.label },
    configuration: config, complementary_exposure: config === 'complementary_exposure', overlapping_exposure: config === 'overlapping_exposure',
    target_sets: relation, s_ab: r4(sep.s_ab), separation_null: null, network_null: null, d_ab: r4(sep.d_ab), d_aa: r4(sep.d_aa), d_bb: r4(sep.d_bb),
    shared_targets: a.targets.filter((t) => bTargets.has(t)).map((t) => ctx.g.label(t)).sort(),
    s_ad: r4(a.sToDisease.s_ab), s_bd: r4(b.sToDisease.s_ab), z_a: r4z(za), z_b: r4z(zb), closest_distance_a: r4(a.dc), closest_distance_b: r4(b.dc),
    unreachable_targets: sep.unreachable,
  };
}

export function indicatedCompounds(g: TypedKnowledgeGraph, diseaseNode: number): Set<number> {
  const out = new Set<number>();
  g.forEachStep(diseaseNode, 'any', INDICATION, (e, other) => { if (g.edgeTarget(e) === diseaseNode && g.typeOf(other) === 'Compound') out.add(other); });
  return out;
}

export interface DrugSelection {
  chosen: PlacedDrug[];
  candidates: number;
  indicatedCandidates: number;
}

/** The compounds to pair (SELECTION_RULE), placed against the disease module; proximity filled in later. */
export function selectDrugs(ctx: CombinationContext, diseaseNode: number, maxCompounds: number): DrugSelection | { unavailable: string } {
  const { g, net } = ctx;
  const indicated = indicatedCompounds(g, diseaseNode);
  // Every compound with an interactome target, with its closest distance to the disease genes (one BFS).
  const candidates: Drug[] = [];
  for (let node = 0; node < g.nodeCount; node++) {
    if (g.typeOf(node) !== 'Compound') continue;
    const targets = compoundTargets(g, node);
    const local = inInteractome(net, targets);
    if (local.length === 0) continue;
    candidates.push({ node, curie: g.id(node), label: g.label(node), indicated: indicated.has(node), targets, local, dc: closestDistance(local, ctx.disease).value });
  }
  const key = (d: Drug) => d.dc ?? Number.POSITIVE_INFINITY;
  candidates.sort((x, y) => Number(y.indicated) - Number(x.indicated) || key(x) - key(y) || y.local.length - x.local.length || (x.curie < y.curie ? -1 : x.curie > y.curie ? 1 : 0));
  const chosen = candidates.slice(0, maxCompounds).map((d) => placeDrug(ctx, d.node, d.indicated)!);
  if (chosen.length < 2) return { unavailable: `only ${chosen.length} compound(s) have a target in the interactome: no pair to evaluate` };
  return { chosen, candidates: candidates.length, indicatedCandidates: candidates.filter((d) => d.indicated).length };
}

export interface PairingOptions {
  topN: number; maxCompounds: number; zThreshold: number; seed: number; separationPermutations: number;
  /** Returned pairs (from the top) given the target-set separation z. */
  separationZPairs: number;
  /** Randomised networks behind every returned pair's network z (0: none). */
  networkRandomisations: number;
}

/**
 * Permutations behind each returned pair's separation z: each costs one breadth-first search per drug of the
 * returned pairs, so it is capped below the proximity's `permutations` (documented in docs/modules.md).
 */
export const SEPARATION_PERMUTATIONS_CAP = 100;
/**
 * Default number of returned pairs given the target-set separation z (request parameter separation_z_pairs): each
 * distinct drug among them costs one search per permutation, so the default covers the top of the list only.
 */
export const SEPARATION_Z_PAIRS = 20;
/** Default randomised networks for the network z (request parameter network_randomisations). */
export const NETWORK_RANDOMISATIONS = 20;
/**
 * Double-edge-swap schedule: 5·|E| attempted swaps before the first network, |E| between networks. Why these: with
 * most swaps accepted on a sparse interactome, 5·|E| attempts touch every edge several times (the burn-in networkx's
 * users take, Q ≈ 5–10 over the edges), and one pass between networks keeps the cost linear in their number.
 */
export const SWAP_SCHEDULE: SwapSchedule = { burnInPerEdge: 5, thinningPerEdge: 1 };

/** Every pair of the selected drugs (their proximity already set), classified, counted and ranked. */
export function networkCombinations(ctx: CombinationContext, selection: DrugSelection, options: PairingOptions): NetworkCombinations {
  const { chosen } = selection;
  const pairs: Omit<PairFactors, 'rank'>[] = [];
  for (let i = 0; i < chosen.length; i++) for (let j = i + 1; j < chosen.length; j++) pairs.push(pairFactors(ctx, chosen[i]!, chosen[j]!, options.zThreshold));
  const ranked = rankPairs(pairs.map((p) => ({ ...p, a: p.drug_a.curie, b: p.drug_b.curie }))).slice(0, options.topN);
  addSeparationNull(ctx, chosen, ranked, options);
  addNetworkNull(ctx, chosen, ranked, options);
  const counts = Object.fromEntries(CONFIGURATIONS.map((c) => [c, 0])) as Record<Configuration, number>;
  for (const p of pairs) counts[p.configuration]++;
  return {
    disease_module: { genes: ctx.diseaseGenes.length, in_interactome: ctx.disease.genes.length, d_dd: r4(ctx.disease.spread) },
    interactome: { genes: ctx.net.nodes.length },
    selection: {
      rule: SELECTION_RULE, candidates_with_interactome_targets: selection.candidates,
      indicated_with_interactome_targets: selection.indicatedCandidates, selected: chosen.length, max_compounds: options.maxCompounds,
    },
    compounds: chosen.map((d) => profileOf(ctx, d, options.zThreshold)),
    configuration_counts: counts,
    pairs_total: pairs.length,
    pairs: ranked.map(({ a: _a, b: _b, ...p }, i) => ({ rank: i + 1, ...p })),
  };
}

/** Fills each returned pair's separation z against degree-preserving random target sets (separation-null.ts). */
function addSeparationNull(ctx: CombinationContext, chosen: readonly PlacedDrug[], pairs: Omit<PairFactors, 'rank'>[], options: PairingOptions): void {
  if (options.separationPermutations <= 0) return;
  const index = new Map(chosen.map((d, i) => [d.curie, i]));
  const wanted = pairs.slice(0, options.separationZPairs).map((p, i) => ({ i, a: index.get(p.drug_a.curie)!, b: index.get(p.drug_b.curie)!, observed: separation(chosen[index.get(p.drug_a.curie)!]!.placed, chosen[index.get(p.drug_b.curie)!]!.placed).s_ab }))
    .filter((w): w is { i: number; a: number; b: number; observed: number } => w.observed !== null);
  const nulls = separationNull(ctx.net, chosen.map((d) => ({ key: d.curie, genes: d.local })), wanted, options.separationPermutations, options.seed);
  wanted.forEach((w, k) => {
    const n = nulls[k];
    pairs[w.i]!.separation_null = n ? { random_mean: r4(n.random_mean)!, random_sd: r4(n.random_sd)!, z: r4z(n.z), permutations: n.permutations_used } : null;
  });
}

/** Fills every returned pair's separation z against degree-preserving randomised networks (network-randomisation-null.ts). */
function addNetworkNull(ctx: CombinationContext, chosen: readonly PlacedDrug[], pairs: Omit<PairFactors, 'rank'>[], options: PairingOptions): void {
  if (options.networkRandomisations <= 0) return;
  const index = new Map(chosen.map((d, i) => [d.curie, i]));
  const wanted = pairs.map((p, i) => ({ i, a: index.get(p.drug_a.curie)!, b: index.get(p.drug_b.curie)! }))
    .map((w) => ({ ...w, observed: separation(chosen[w.a]!.placed, chosen[w.b]!.placed).s_ab }))
    .filter((w): w is { i: number; a: number; b: number; observed: number } => w.observed !== null);
  const nulls = networkRandomisationNull(ctx.net, chosen.map((d) => d.local), wanted, { networks: options.networkRandomisations, schedule: SWAP_SCHEDULE, seed: options.seed });
  wanted.forEach((w, k) => {
    const n = nulls[k];
    pairs[w.i]!.network_null = n ? { random_mean: r4(n.random_mean)!, random_sd: r4(n.random_sd)!, z: r4z(n.z), networks: n.permutations_used } : null;
  });
}
