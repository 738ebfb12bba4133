// Candidate ranking (pure): explainable prioritization heuristics, never probabilities of benefit.
//
// Per candidate, from the claims that name it and the evidence those claims cite:
//   supporting claims   drug: subject of supports / associated_with / targets;
//                       target: subject of associated_with / participates_in, or object of targets.
//   contradicting claims  subject of contradicts.
// Component scores, each 0..100:
//   evidence_strength   Open Targets' weighted harmonic sum (evidence-strength.ts, docs/scoring.md): per data
//                       source Σ r_i / i² over its supporting records' scores r (quality, or for a trial its
//                       phase × study size; × relationship weight: supports 1, associated_with 0.5, targets 0.5,
//                       participates_in 0.25), then Σ w·D_j / j² over the sources (weights `source_weights`),
//                       each sum divided by π²/6; × 100.
//   evidence_quality    mean quality score of the supporting evidence × 100.
//   clinical_maturity   (drugs) best of, over records that do not contradict: approved label naming the
//                       disease 100; phase 4 trial 90, phase 3 75, phase 2 50, phase 1 25, early phase 1 15,
//                       trial without phase 10 (withdrawn, failed and stopped trials count nothing).
//   genetic_support     (targets) genetic data types only, best of: GWAS p < 5e-8 100, p < 1e-5 60, other GWAS
//                       30; Open Targets' genetic_association data-type score × 100 (never its overall score,
//                       which counts known drugs).
//   graph_support       a knowledge-graph path to the disease: 100 for 1 hop, minus `graph_hop_penalty`
//                       (default 20) per further hop; 0 when no path. A path through another disease than
//                       the question's (cross_disease) counts `graph_cross_disease_factor` (default 0.5) of that.
//   contradiction_penalty  100 × C / (C + S), C = Σ quality of contradicting evidence, S the weighted
//                       supporting sum above; 0 without contradictions.
// score = clamp(0, 100, Σ weight × positive component − penalty weight × contradiction_penalty).
// Default weights: drugs 0.35 strength, 0.20 quality, 0.25 maturity, 0.20 graph, 0.30 penalty;
// targets 0.30 strength, 0.20 quality, 0.30 genetic, 0.20 graph, 0.30 penalty.
// Confidence band: high with ≥ 3 supporting records from ≥ 2 sources (source diversity), mean quality ≥ 0.70,
// penalty ≤ 25 (agreement of direction ≥ 75 %) and no harm among the contradictions; medium with (≥ 2 records
// of mean quality ≥ 0.45, or 1 record of quality ≥ 0.75) and penalty ≤ 50; else low.
// Order: score desc, then candidate id; ranks 1..n.
import type { CandidateRanking, CandidateType, Claim, ClaimEntity, ConfidenceBand, GraphExplanation } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { compareStrings } from './normalize';
import { trialPhaseNumber } from './quality';
import type { SourceName } from './sources';
import { evidenceStrength, recordScore } from './evidence-strength';
import { safetyFlagsFor, type CompoundSafetyFacts } from './safety-flags';

export interface DrugWeights {
  evidence_strength: number;
  evidence_quality: number;
  clinical_maturity: number;
  graph_support: number;
  contradiction_penalty: number;
}

export interface TargetWeights {
  evidence_strength: number;
  evidence_quality: number;
  genetic_support: number;
  graph_support: number;
  contradiction_penalty: number;
}

export interface BandRule {
  min_evidence: number;
  min_mean_quality: number;
  max_penalty: number;
  /** Distinct sources among the supporting records. */
  min_sources?: number;
}

export interface ScoringConfig {
  drug_weights: DrugWeights;
  target_weights: TargetWeights;
  relationship_weights: { supports: number; associated_with: number; targets: number; participates_in: number };
  /** Data-source weights of the harmonic sum over sources (Open Targets down-weights text-derived sources). */
  source_weights: Record<SourceName, number>;
  /** graph_support lost per hop beyond the first. */
  graph_hop_penalty: number;
  /** graph_support is multiplied by this when the path passes through another disease (cross_disease). */
  graph_cross_disease_factor: number;
  bands: {
    high: BandRule;
    /** Also medium: a single record of at least this quality. */
    medium: BandRule & { single_record_min_quality: number };
  };
  /** Whether LLM-origin claims count toward rankings (they always appear in the claims list). */
  include_llm_claims: boolean;
}

export const DEFAULT_SCORING: ScoringConfig = {
  drug_weights: { evidence_strength: 0.35, evidence_quality: 0.2, clinical_maturity: 0.25, graph_support: 0.2, contradiction_penalty: 0.3 },
  target_weights: { evidence_strength: 0.3, evidence_quality: 0.2, genetic_support: 0.3, graph_support: 0.2, contradiction_penalty: 0.3 },
  relationship_weights: { supports: 1, associated_with: 0.5, targets: 0.5, participates_in: 0.25 },
  source_weights: { pubmed: 0.5, biorxiv: 0.25, clinical_trials: 1, fda_labels: 1, chembl: 1, gwas: 1, opentargets: 1, gtex: 0.2 },
  graph_hop_penalty: 20,
  graph_cross_disease_factor: 0.5,
  bands: {
    high: { min_evidence: 3, min_mean_quality: 0.7, max_penalty: 25, min_sources: 2 },
    medium: { min_evidence: 2, min_mean_quality: 0.45, max_penalty: 50, single_record_min_quality: 0.75 },
  },
  include_llm_claims: true,
};

export interface ScoringOverrides {
  drug_weights?: Partial<DrugWeights>;
  target_weights?: Partial<TargetWeights>;
  relationship_weights?: Partial<ScoringConfig['relationship_weights']>;
  source_weights?: Partial<Record<SourceName, number>>;
  graph_hop_penalty?: number;
  graph_cross_disease_factor?: number;
  bands?: { high?: Partial<BandRule>; medium?: Partial<ScoringConfig['bands']['medium']> };
  include_llm_claims?: boolean;
}

/** The defaults with the given overrides; throws on a negative or non-finite number. */
export function resolveScoring(overrides: ScoringOverrides = {}): ScoringConfig {
  const config: ScoringConfig = {
    drug_weights: { ...DEFAULT_SCORING.drug_weights, ...overrides.drug_weights },
    target_weights: { ...DEFAULT_SCORING.target_weights, ...overrides.target_weights },
    relationship_weights: { ...DEFAULT_SCORING.relationship_weights, ...overrides.relationship_weights },
    source_weights: { ...DEFAULT_SCORING.source_weights, ...overrides.source_weights },
    graph_hop_penalty: overrides.graph_hop_penalty ?? DEFAULT_SCORING.graph_hop_penalty,
    graph_cross_disease_factor: overrides.graph_cross_disease_factor ?? DEFAULT_SCORING.graph_cross_disease_factor,
    bands: {
      high: { ...DEFAULT_SCORING.bands.high, ...overrides.bands?.high },
      medium: { ...DEFAULT_SCORING.bands.medium, ...overrides.bands?.medium },
    },
    include_llm_claims: overrides.include_llm_claims ?? DEFAULT_SCORING.include_llm_claims,
  };
  const check = (path: string, value: unknown): void => {
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || value < 0) throw new Error(`scoring configuration ${path} must be a finite number ≥ 0`);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) check(path ? `${path}.${key}` : key, inner);
    }
  };
  check('', config);
  return config;
}

export interface Candidates {
  drugs: ClaimEntity[];
  targets: ClaimEntity[];
}

function claimsInScope(claims: readonly Claim[], config: ScoringConfig): Claim[] {
  return claims.filter((c) => config.include_llm_claims || c.origin === 'deterministic');
}

/** Every drug and target the claims name (subject or object), by id; filtered by candidate_type. */
export function collectCandidates(claims: readonly Claim[], candidateType: CandidateType, config: ScoringConfig = DEFAULT_SCORING): Candidates {
  const drugs = new Map<string, ClaimEntity>();
  const targets = new Map<string, ClaimEntity>();
  for (const claim of claimsInScope(claims, config)) {
    for (const e of [claim.subject, claim.object]) {
      if (e.kind === 'drug' && !drugs.has(e.id)) drugs.set(e.id, { ...e });
      if (e.kind === 'target' && !targets.has(e.id)) targets.set(e.id, { ...e });
    }
  }
  const sorted = (m: Map<string, ClaimEntity>) => [...m.values()].sort((a, b) => compareStrings(a.id, b.id));
  return {
    drugs: candidateType === 'targets' ? [] : sorted(drugs),
    targets: candidateType === 'drugs' ? [] : sorted(targets),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number) => Math.min(100, Math.max(0, x));

function phaseScore(phase: number | null): number {
  if (phase === null) return 10;
  if (phase >= 4) return 90;
  if (phase >= 3) return 75;
  if (phase >= 2) return 50;
  if (phase >= 1) return 25;
  return 15;
}

interface Assessment {
  components: Record<string, number>;
  supportingClaims: Claim[];
  contradictingClaims: Claim[];
  supporting: NormalizedEvidence[];
  contradicting: NormalizedEvidence[];
  meanQuality: number;
  penalty: number;
  strongest: NormalizedEvidence | undefined;
  maturityNote: string;
  geneticNote: string;
}

function assess(candidate: ClaimEntity, kind: 'drug' | 'target', claims: readonly Claim[], evidence: readonly NormalizedEvidence[], byId: ReadonlyMap<string, NormalizedEvidence>, explanation: GraphExplanation | undefined, config: ScoringConfig): Assessment {
  const supportingClaims: Claim[] = [];
  const contradictingClaims: Claim[] = [];
  const weightOf = new Map<string, number>();
  for (const claim of claims) {
    let weight: number | undefined;
    if (claim.subject.id === candidate.id) {
      if (claim.relationship === 'contradicts') {
        contradictingClaims.push(claim);
        continue;
      }
      weight = config.relationship_weights[claim.relationship];
    } else if (claim.object.id === candidate.id && claim.relationship === 'targets' && kind === 'target') {
      weight = config.relationship_weights.targets;
    }
    if (weight === undefined) continue;
    supportingClaims.push(claim);
    for (const id of claim.evidence_ids) if (byId.has(id)) weightOf.set(id, Math.max(weightOf.get(id) ?? 0, weight));
  }
  const contradictingIds = new Set(contradictingClaims.flatMap((c) => c.evidence_ids));
  // In evidence order (quality desc, date desc, id), so every later choice is deterministic.
  const supporting = evidence.filter((ne) => weightOf.has(ne.item.evidence_id));
  const contradicting = evidence.filter((ne) => contradictingIds.has(ne.item.evidence_id));

  const S = supporting.reduce((sum, ne) => sum + ne.item.quality_score * (weightOf.get(ne.item.evidence_id) ?? 0), 0);
  const C = contradicting.reduce((sum, ne) => sum + ne.item.quality_score, 0);
  const meanQuality = supporting.length > 0 ? supporting.reduce((sum, ne) => sum + ne.item.quality_score, 0) / supporting.length : 0;
  const strength = clamp(100 * evidenceStrength(supporting.map((ne) => ({ ne, score: recordScore(ne) * (weightOf.get(ne.item.evidence_id) ?? 0) })), config.source_weights).overall);
  const penalty = C > 0 ? (100 * C) / (C + S) : 0;
  const hops = explanation?.status === 'found' && explanation.path ? explanation.path.relationships.length : null;
  const crossDisease = explanation?.cross_disease === true ? config.graph_cross_disease_factor : 1;
  const graphSupport = hops === null ? 0 : clamp((100 - config.graph_hop_penalty * (hops - 1)) * crossDisease);

  let strongest: NormalizedEvidence | undefined;
  let strongestValue = -1;
  for (const ne of supporting) {
    const value = ne.item.quality_score * (weightOf.get(ne.item.evidence_id) ?? 0);
    if (value > strongestValue) {
      strongest = ne;
      strongestValue = value;
    }
  }

  const components: Record<string, number> = {
    evidence_strength: round1(strength),
    evidence_quality: round1(100 * meanQuality),
  };
  let maturityNote = '';
  let geneticNote = '';
  if (kind === 'drug') {
    let maturity = 0;
    for (const ne of supporting) {
      const r = ne.record;
      if (r.recordType === 'drug_label' && r.attributes.indicationMatch === true) {
        if (maturity < 100) maturityNote = `approved label for this indication (${ne.citations[0]})`;
        maturity = 100;
      } else if (r.recordType === 'clinical_trial') {
        const phase = trialPhaseNumber(r.attributes.phase);
        const value = phaseScore(phase);
        if (value > maturity) {
          maturity = value;
          maturityNote = `${phase === null ? 'trial without a stated phase' : phase === 0.5 ? 'early phase 1 trial' : `phase ${phase} trial`} (${ne.citations[0]})`;
        }
      }
    }
    components.clinical_maturity = maturity;
  } else {
    let genetic = 0;
    for (const ne of supporting) {
      const r = ne.record;
      let value = 0;
      let note = '';
      if (r.recordType === 'gwas_association') {
        const p = r.attributes.pValue;
        value = typeof p === 'number' && p < 5e-8 ? 100 : typeof p === 'number' && p < 1e-5 ? 60 : 30;
        note = `GWAS association${typeof p === 'number' ? ` p = ${p.toExponential(1)}` : ''} (${ne.citations[0]})`;
      } else if (r.recordType === 'target_association' && typeof r.attributes.geneticAssociationScore === 'number') {
        value = clamp(100 * r.attributes.geneticAssociationScore);
        note = `Open Targets genetic association score ${r.attributes.geneticAssociationScore.toFixed(2)} (${ne.citations[0]})`;
      }
      if (value > genetic) {
        genetic = value;
        geneticNote = note;
      }
    }
    components.genetic_support = round1(genetic);
  }
  components.graph_support = round1(graphSupport);
  components.contradiction_penalty = round1(penalty);
  return { components, supportingClaims, contradictingClaims, supporting, contradicting, meanQuality, penalty, strongest, maturityNote, geneticNote };
}

function weightedScore(components: Record<string, number>, weights: DrugWeights | TargetWeights): number {
  let score = 0;
  for (const [name, weight] of Object.entries(weights)) {
    const value = components[name] ?? 0;
    score += name === 'contradiction_penalty' ? -weight * value : weight * value;
  }
  return round2(clamp(score));
}

function band(a: Assessment, config: ScoringConfig): ConfidenceBand {
  const n = a.supporting.length;
  const q = a.meanQuality;
  const p = a.penalty;
  const { high, medium } = config.bands;
  const sources = new Set(a.supporting.map((ne) => ne.item.source)).size;
  const harm = a.contradictingClaims.some((c) => c.qualifier === 'harm');
  if (n >= high.min_evidence && sources >= (high.min_sources ?? 1) && q >= high.min_mean_quality && p <= high.max_penalty && !harm) return 'high';
  if (((n >= medium.min_evidence && q >= medium.min_mean_quality) || (n >= 1 && q >= medium.single_record_min_quality)) && p <= medium.max_penalty) return 'medium';
  return 'low';
}

function pathText(explanation: GraphExplanation | undefined): string {
  if (!explanation) return 'No knowledge-graph path was checked.';
  if (explanation.status === 'found' && explanation.path) {
    const { nodes, relationships } = explanation.path;
    let text = nodes[0]!.label;
    relationships.forEach((rel, i) => {
      text += ` —${rel.relation}→ ${nodes[i + 1]!.label}`;
    });
    return `Knowledge-graph path: ${text}.`;
  }
  return `No knowledge-graph path: ${explanation.reason ?? 'not found'}.`;
}

function explanationText(candidate: ClaimEntity, kind: 'drug' | 'target', score: number, confidence: ConfidenceBand, a: Assessment, explanation: GraphExplanation | undefined): string {
  const parts: string[] = [];
  parts.push(`${candidate.label} scores ${score.toFixed(2)} of 100 (${confidence} confidence; a prioritization heuristic, not a probability of benefit or safety).`);
  if (a.strongest) {
    const s = a.strongest;
    parts.push(`Strongest evidence: ${s.citations[0]} (${s.item.evidence_type.replace(/_/g, ' ')}, ${s.item.quality_tier} quality ${s.item.quality_score.toFixed(2)}): ${s.item.title}.`);
  } else {
    parts.push('No supporting evidence among the retrieved records.');
  }
  parts.push(`${a.supporting.length} supporting record${a.supporting.length === 1 ? '' : 's'}, mean quality ${a.meanQuality.toFixed(2)}.`);
  if (kind === 'drug') parts.push(a.maturityNote ? `Most advanced clinical evidence: ${a.maturityNote}.` : 'No clinical trial or label evidence among the retrieved records.');
  else parts.push(a.geneticNote ? `Genetic support: ${a.geneticNote}.` : 'No GWAS or Open Targets evidence among the retrieved records.');
  parts.push(pathText(explanation));
  if (a.contradicting.length > 0) {
    const cites = a.contradicting.map((ne) => ne.citations[0]).join(', ');
    parts.push(`Contradicting evidence (${a.contradicting.length} record${a.contradicting.length === 1 ? '' : 's'}, penalty ${a.penalty.toFixed(1)}): ${cites}. ${a.contradictingClaims[0]!.statement}`);
  } else {
    parts.push('No contradicting evidence among the retrieved records.');
  }
  return parts.join(' ');
}

export interface RankingInput {
  /** Compounds DrugBank lists as withdrawn (knowledge-graph node id → snapshot id); flagged, never high confidence. */
  /** Store facts about compounds (DrugBank withdrawn, SIDER designated medical events): see safety-flags.ts. */
  safety?: CompoundSafetyFacts;
  candidates: Candidates;
  claims: readonly Claim[];
  evidence: readonly NormalizedEvidence[];
  /** Explanations by candidate id (see graph-explanations.ts). */
  explanations: ReadonlyMap<string, GraphExplanation>;
  config?: ScoringConfig;
}

export interface Rankings {
  drugs: CandidateRanking[];
  targets: CandidateRanking[];
}

function rankKind(kind: 'drug' | 'target', list: readonly ClaimEntity[], input: RankingInput, config: ScoringConfig, claims: readonly Claim[], byId: Map<string, NormalizedEvidence>): CandidateRanking[] {
  const weights = kind === 'drug' ? config.drug_weights : config.target_weights;
  const rows = list.map((candidate) => {
    const explanation = input.explanations.get(candidate.id);
    const a = assess(candidate, kind, claims, input.evidence, byId, explanation, config);
    const score = weightedScore(a.components, weights);
    const flags = kind === 'drug' ? safetyFlagsFor(candidate.label, explanation?.candidate_node ?? undefined, input.safety) : [];
    const banded = band(a, config);
    const confidence = flags.some((f) => f.affects_confidence) && banded === 'high' ? 'medium' : banded;
    const citations: string[] = [];
    for (const claim of [...a.supportingClaims, ...a.contradictingClaims]) for (const c of claim.citations) if (!citations.includes(c)) citations.push(c);
    const ranking: CandidateRanking = {
      candidate_id: candidate.id,
      label: candidate.label,
      kind,
      rank: 0,
      score,
      confidence_band: confidence,
      component_scores: a.components,
      explanation: explanationText(candidate, kind, score, confidence, a, explanation) + flags.map((f) => ` Safety: ${f.statement}`).join(''),
      supporting_claim_ids: a.supportingClaims.map((c) => c.claim_id),
      contradicting_claim_ids: a.contradictingClaims.map((c) => c.claim_id),
      citation_ids: citations,
      graph_explanation_ids: explanation ? [explanation.explanation_id] : [],
      ...(flags.length > 0 ? { safety_flags: flags } : {}),
    };
    return ranking;
  });
  rows.sort((x, y) => y.score - x.score || compareStrings(x.candidate_id, y.candidate_id));
  rows.forEach((row, i) => {
    row.rank = i + 1;
  });
  return rows;
}

/** Ranked drugs and targets (empty lists for the kind candidate_type excludes). */
export function rankCandidates(input: RankingInput): Rankings {
  const config = input.config ?? DEFAULT_SCORING;
  const claims = claimsInScope(input.claims, config);
  const byId = new Map(input.evidence.map((ne) => [ne.item.evidence_id, ne]));
  return {
    drugs: rankKind('drug', input.candidates.drugs, input, config, claims, byId),
    targets: rankKind('target', input.candidates.targets, input, config, claims, byId),
  };
}
