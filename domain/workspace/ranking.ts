// Candidate ranking (pure): explainable prioritization heuristics, never probabilities of benefit.
// The method is docs/scoring.md; in short, per candidate:
//   1. its records, each counted once with the way it pulls (candidate-evidence.ts): favourable or
//      unfavourable, effect 1 or 0.5; mechanism records (how a drug acts) and boxed warnings (safety) apart;
//   2. per Open Targets data type, the harmonic sum of record score × effect, then the weighted harmonic sum
//      over data types (evidence-strength.ts): F for the favourable records, U for the unfavourable ones;
//   3. score = 100 × max(0, F − U): favourable and unfavourable results pull opposite ways, each weighted by
//      its quality; adding favourable evidence never lowers F (a harmonic sum only grows), so never the score;
//   4. order: score, then F, then less U, then more real records; candidates equal on all of these share a rank
//      (listed by id only so the list is stable) — ties are broken by evidence, never by name;
//   5. the band (confidence-band.ts) says what it rests on; safety flags that affect confidence cap it at medium.
// The knowledge-graph path is shown (graph_support) but not added: its edges can derive from the same records
// (a label's indication is also a DrugBank/Hetionet "treats" edge), and a record counts once. One exception
// counts once: a curated indication edge of the path (curated-indication.ts), unless the drug's own label counts.
import type { CandidateRanking, CandidateType, Claim, ClaimEntity, GraphExplanation, SafetyFlag } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { compareStrings } from './normalize';
import { evidenceStrength, normalizedHarmonicSum, recordScore, type DataType } from './evidence-strength';
import { drugEvidence, targetEvidence, type CandidateEvidence, type CountedRecord } from './candidate-evidence';
import { confidenceBand, DEFAULT_BANDS, type BandRule, type BandRules } from './confidence-band';
import { safetyFlagsFor, type CompoundSafetyFacts } from './safety-flags';
import { curatedIndication, type CuratedIndication } from './curated-indication';

export interface ScoringConfig {
  /**
   * Weights of the harmonic sum over data types: Open Targets' published defaults (Europe PMC literature 0.2,
   * Expression Atlas 0.2, genetic and ChEMBL clinical evidence 1); mechanism 0 (how, not whether).
   */
  data_type_weights: Record<DataType, number>;
  /** graph_support (shown, not scored) lost per hop beyond the first. */
  graph_hop_penalty: number;
  /** graph_support is multiplied by this when the path passes through another disease (cross_disease). */
  graph_cross_disease_factor: number;
  bands: BandRules;
  /** Whether LLM-origin claims count toward rankings (they always appear in the claims list). */
  include_llm_claims: boolean;
}

export type { BandRule } from './confidence-band';

export const DEFAULT_SCORING: ScoringConfig = {
  data_type_weights: { clinical: 1, genetic_association: 1, literature: 0.2, rna_expression: 0.2, mechanism: 0 },
  graph_hop_penalty: 20,
  graph_cross_disease_factor: 0.5,
  bands: DEFAULT_BANDS,
  include_llm_claims: true,
};

export interface ScoringOverrides {
  data_type_weights?: Partial<Record<DataType, number>>;
  graph_hop_penalty?: number;
  graph_cross_disease_factor?: number;
  bands?: { high?: Partial<BandRule>; medium?: Partial<BandRules['medium']> };
  include_llm_claims?: boolean;
}

/** The defaults with the given overrides; throws on a negative or non-finite number. */
export function resolveScoring(overrides: ScoringOverrides = {}): ScoringConfig {
  const config: ScoringConfig = {
    data_type_weights: { ...DEFAULT_SCORING.data_type_weights, ...overrides.data_type_weights },
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

/** The pulls of one candidate's counted records (steps 2–3). */
export interface Pulls {
  favourable: number;
  unfavourable: number;
  byType: Map<DataType, number>;
}

/** `indication`: a curated indication on the graph path (curated-indication.ts), one more favourable clinical record. */
export function pulls(counted: readonly CountedRecord[], weights: Record<DataType, number>, indication?: CuratedIndication): Pulls {
  const extra = indication ? [{ dataType: 'clinical' as const, score: indication.score }] : [];
  const fav = evidenceStrength([...counted.filter((c) => c.pull === 'favourable'), ...extra], weights);
  const unfav = evidenceStrength(counted.filter((c) => c.pull === 'unfavourable'), weights);
  return { favourable: fav.overall, unfavourable: unfav.overall, byType: new Map(fav.dataTypes.map((t) => [t.dataType, t.score])) };
}

function graphSupport(explanation: GraphExplanation | undefined, config: ScoringConfig): number {
  const hops = explanation?.status === 'found' && explanation.path ? explanation.path.relationships.length : null;
  const crossDisease = explanation?.cross_disease === true ? config.graph_cross_disease_factor : 1;
  return hops === null ? 0 : clamp((100 - config.graph_hop_penalty * (hops - 1)) * crossDisease);
}

function components(kind: 'drug' | 'target', ev: CandidateEvidence, p: Pulls, graph: number): Record<string, number> {
  const type = (t: DataType) => round1(100 * (p.byType.get(t) ?? 0));
  const out: Record<string, number> = {
    favourable_evidence: round1(100 * p.favourable),
    unfavourable_evidence: round1(100 * p.unfavourable),
  };
  if (kind === 'target') out.genetic_association = type('genetic_association');
  out.clinical = type('clinical');
  out.literature = type('literature');
  // How, not whether: the curated mechanisms' harmonic sum, shown beside the efficacy pulls and never added.
  out.mechanism = round1(100 * normalizedHarmonicSum(ev.mechanism.map(recordScore)));
  out.graph_support = round1(graph);
  return out;
}

function pathText(explanation: GraphExplanation | undefined): string {
  if (!explanation) return 'No knowledge-graph path was checked.';
  if (explanation.status === 'found' && explanation.path) {
    const { nodes, relationships } = explanation.path;
    let text = nodes[0]!.label;
    relationships.forEach((rel, i) => {
      text += ` —${rel.relation}→ ${nodes[i + 1]!.label}`;
    });
    return `Knowledge-graph path (shown, not scored): ${text}.`;
  }
  return `No knowledge-graph path: ${explanation.reason ?? 'not found'}.`;
}

function strongest(counted: readonly CountedRecord[], pull: 'favourable' | 'unfavourable'): CountedRecord | undefined {
  let best: CountedRecord | undefined;
  for (const c of counted) if (c.pull === pull && (!best || c.score > best.score)) best = c;
  return best;
}

function explanationText(candidate: ClaimEntity, kind: 'drug' | 'target', score: number, band: string, basis: string, ev: CandidateEvidence, explanation: GraphExplanation | undefined, indication: CuratedIndication | undefined): string {
  const parts: string[] = [];
  parts.push(`${candidate.label} scores ${score.toFixed(2)} of 100 (${band} confidence: ${basis}; a prioritization heuristic, not a probability of benefit or safety).`);
  const fav = ev.counted.filter((c) => c.pull === 'favourable');
  const best = strongest(ev.counted, 'favourable');
  if (best) {
    const s = best.ne;
    parts.push(`Strongest favourable evidence: ${s.citations[0]} (${s.item.evidence_type.replace(/_/g, ' ')}, ${s.item.quality_tier} quality ${s.item.quality_score.toFixed(2)}${best.via.startsWith('via ') ? `, ${best.via}` : ''}): ${s.item.title}.`);
    parts.push(`${fav.length} favourable record${fav.length === 1 ? '' : 's'}, each counted once.`);
  } else {
    parts.push('No favourable evidence among the retrieved records.');
  }
  if (indication) parts.push(`Curated indication (${indication.relation}, ${indication.provenance}), the first step of the knowledge-graph path below: this step counts once as clinical evidence (record score ${indication.score.toFixed(2)}).`);
  if (ev.mechanism.length > 0) parts.push(`Mechanism (how it acts, not whether it works here): ${ev.mechanism.map((ne) => ne.citations[0]).join(', ')}.`);
  if (ev.safety.length > 0) parts.push(`Safety, not efficacy: ${ev.safety.map((ne) => ne.citations[0]).join(', ')} (boxed warning).`);
  parts.push(pathText(explanation));
  const unfav = ev.counted.filter((c) => c.pull === 'unfavourable');
  if (unfav.length > 0) {
    const cites = unfav.map((c) => c.ne.citations[0]).join(', ');
    const statement = ev.contradictingClaims[0]?.statement ?? '';
    parts.push(`Unfavourable evidence (${unfav.length} record${unfav.length === 1 ? '' : 's'}): ${cites}.${statement ? ` ${statement}` : ''}`);
  } else {
    parts.push(kind === 'drug' ? 'No unfavourable efficacy evidence among the retrieved records.' : 'No unfavourable evidence among the retrieved records.');
  }
  return parts.join(' ');
}

export interface RankingInput {
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

interface Row {
  ranking: CandidateRanking;
  pulls: Pulls;
  real: number;
  records: number;
}

/** Order by evidence (step 4); equal evidence shares a rank. */
function order(rows: Row[]): CandidateRanking[] {
  const cmp = (x: Row, y: Row) => y.ranking.score - x.ranking.score
    || y.pulls.favourable - x.pulls.favourable
    || x.pulls.unfavourable - y.pulls.unfavourable
    || y.real - x.real
    || y.records - x.records;
  rows.sort((x, y) => cmp(x, y) || compareStrings(x.ranking.candidate_id, y.ranking.candidate_id));
  rows.forEach((row, i) => {
    row.ranking.rank = i > 0 && cmp(rows[i - 1]!, row) === 0 ? rows[i - 1]!.ranking.rank : i + 1;
  });
  return rows.map((r) => r.ranking);
}

function rankingRow(candidate: ClaimEntity, kind: 'drug' | 'target', ev: CandidateEvidence, flags: SafetyFlag[], explanation: GraphExplanation | undefined, config: ScoringConfig): Row {
  const indication = kind === 'drug' ? curatedIndication(explanation, ev.counted) : undefined;
  const p = pulls(ev.counted, config.data_type_weights, indication);
  const score = round2(clamp(100 * (p.favourable - p.unfavourable)));
  const verdict = confidenceBand(ev.counted, p.favourable, p.unfavourable, config.bands);
  const capped = flags.some((f) => f.affects_confidence) && verdict.band === 'high';
  const band = capped ? 'medium' : verdict.band;
  const basis = capped ? `${verdict.basis}; not high: a safety flag` : verdict.basis;
  const citations: string[] = [];
  for (const claim of [...ev.supportingClaims, ...ev.contradictingClaims]) for (const c of claim.citations) if (!citations.includes(c)) citations.push(c);
  for (const c of ev.counted) for (const cite of c.ne.citations.slice(0, 1)) if (!citations.includes(cite)) citations.push(cite);
  const ranking: CandidateRanking = {
    candidate_id: candidate.id,
    label: candidate.label,
    kind,
    rank: 0,
    score,
    confidence_band: band,
    confidence_basis: basis,
    component_scores: components(kind, ev, p, graphSupport(explanation, config)),
    explanation: explanationText(candidate, kind, score, band, basis, ev, explanation, indication) + flags.map((f) => ` Safety: ${f.statement}`).join(''),
    supporting_claim_ids: ev.supportingClaims.map((c) => c.claim_id),
    contradicting_claim_ids: ev.contradictingClaims.map((c) => c.claim_id),
    citation_ids: citations,
    graph_explanation_ids: explanation ? [explanation.explanation_id] : [],
    ...(flags.length > 0 ? { safety_flags: flags } : {}),
  };
  const real = ev.counted.filter((c) => c.pull === 'favourable' && c.ne.item.provenance?.synthetic !== true).length;
  return { ranking, pulls: p, real, records: ev.counted.filter((c) => c.pull === 'favourable').length + (indication ? 1 : 0) };
}

/** Ranked drugs and targets (empty lists for the kind candidate_type excludes). */
export function rankCandidates(input: RankingInput): Rankings {
  const config = input.config ?? DEFAULT_SCORING;
  const claims = claimsInScope(input.claims, config);
  const byId = new Map(input.evidence.map((ne) => [ne.item.evidence_id, ne]));
  // Every drug the claims name is read, even when only targets are ranked: drug evidence may transfer.
  const allDrugs = collectCandidates(claims, 'drugs', config).drugs;
  const drugEv = new Map(allDrugs.map((d) => [d.id, drugEvidence(d.id, claims, byId)]));
  const flagsOf = new Map(allDrugs.map((d) => [d.id, safetyFlagsFor(d.label, input.explanations.get(d.id)?.candidate_node ?? undefined, input.safety)]));
  const withdrawn = new Set(allDrugs.filter((d) => flagsOf.get(d.id)!.some((f) => f.flag === 'withdrawn')).map((d) => d.id));
  const labels = new Map(allDrugs.map((d) => [d.id, d.label]));

  const drugs = input.candidates.drugs.map((d) => rankingRow(d, 'drug', drugEv.get(d.id) ?? drugEvidence(d.id, claims, byId), flagsOf.get(d.id) ?? [], input.explanations.get(d.id), config));
  const targets = input.candidates.targets.map((t) => rankingRow(t, 'target', targetEvidence(t.id, claims, byId, { drugs: drugEv, excludedDrugs: withdrawn, labels }), [], input.explanations.get(t.id), config));
  return { drugs: order(drugs), targets: order(targets) };
}
