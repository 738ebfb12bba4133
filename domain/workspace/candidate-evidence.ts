// Which records count for one candidate, and which way each pulls (docs/scoring.md §1). One source record
// counts once for a candidate, however many claims cite it: a label's indication is one piece of evidence,
// not also a "maturity" and a graph edge.
//
// Effect reading of a record for a drug, from its claim's relationship — which is where the effect reader's
//   favourability reaches the score: claims.ts turns the deciding outcome's favourability into the relationship
//   (effect-outcome.ts: favourable → supports, unfavourable → contradicts, null → contradicts, except a null
//   against an active comparator or about safety alone, and an unknown favourability → associated_with).
//   supports → favourable × 1; associated_with (studied, outcome unknown) →
//   favourable × 0.5 (Open Targets counts a drug's trial in the disease as clinical precedence whatever its
//   result); contradicts with harm → unfavourable × 1; other contradicts (null or negative) → unfavourable × 0.5.
//   A label's boxed warning is a safety fact of the drug, not evidence against its efficacy: it goes to
//   `safety`, not to the efficacy pulls. Mechanism records (drug TARGETS target) go to `mechanism`: they say how.
// A target: its own genetic and literature associations (favourable × 1 for genetic records, whose score is
//   the association itself; × 0.5 for a literature mention); a null or negative statement about it →
//   unfavourable × 0.5. Drug evidence reaches a target only through a drug that targets it (a mechanism claim),
//   only when that drug's reading of the record is favourable, and never from a withdrawn drug (issue 27 item 4):
//   a failed or harmful rituximab trial says nothing for MS4A1. A record that names a drug with a reading of
//   its own is that drug's evidence, so a target named in it gains nothing from it directly.
import type { Claim } from './dossier-types';
import type { NormalizedEvidence } from './normalize';
import { DATA_TYPE_OF_SOURCE, recordScore, type DataType } from './evidence-strength';

export interface CountedRecord {
  ne: NormalizedEvidence;
  pull: 'favourable' | 'unfavourable';
  /** 1 or 0.5 (see the header). */
  effect: number;
  dataType: DataType;
  /** recordScore × effect. */
  score: number;
  /** How the record came to count: the claim, or "via <drug>" for drug evidence transferred to a target. */
  via: string;
  harm: boolean;
}

export interface CandidateEvidence {
  /** Each record once. */
  counted: CountedRecord[];
  mechanism: NormalizedEvidence[];
  /** Boxed warnings and other safety facts from records (not efficacy). */
  safety: NormalizedEvidence[];
  supportingClaims: Claim[];
  contradictingClaims: Claim[];
}

interface Reading {
  pull: 'favourable' | 'unfavourable';
  effect: number;
  harm: boolean;
}

function drugReading(claim: Claim): Reading | undefined {
  switch (claim.relationship) {
    case 'supports': return { pull: 'favourable', effect: 1, harm: false };
    case 'associated_with': return { pull: 'favourable', effect: 0.5, harm: false };
    case 'contradicts': return claim.qualifier === 'harm' ? { pull: 'unfavourable', effect: 1, harm: true } : { pull: 'unfavourable', effect: 0.5, harm: false };
    default: return undefined;
  }
}

function targetReading(claim: Claim, ne: NormalizedEvidence): Reading | undefined {
  if (claim.relationship === 'contradicts') return { pull: 'unfavourable', effect: 0.5, harm: claim.qualifier === 'harm' };
  if (claim.relationship !== 'associated_with' && claim.relationship !== 'supports') return undefined;
  const type = DATA_TYPE_OF_SOURCE[ne.item.source];
  return { pull: 'favourable', effect: type === 'genetic_association' ? 1 : claim.relationship === 'supports' ? 1 : 0.5, harm: false };
}

/** Keeps one reading per record: unfavourable before favourable (a record that says both is read as its worse), then the larger effect. */
function keep(map: Map<string, CountedRecord>, next: CountedRecord): void {
  const id = next.ne.item.evidence_id;
  const prev = map.get(id);
  if (!prev) {
    map.set(id, next);
    return;
  }
  const rank = (c: CountedRecord) => (c.pull === 'unfavourable' ? 2 : 0) + c.effect;
  if (rank(next) > rank(prev)) map.set(id, next);
}

function count(ne: NormalizedEvidence, r: Reading, via: string): CountedRecord {
  const dataType = DATA_TYPE_OF_SOURCE[ne.item.source];
  return { ne, pull: r.pull, effect: r.effect, dataType, score: recordScore(ne) * r.effect, via, harm: r.harm };
}

/** The drug's records, each once: efficacy pulls, mechanism and safety apart. */
export function drugEvidence(drugId: string, claims: readonly Claim[], byId: ReadonlyMap<string, NormalizedEvidence>): CandidateEvidence {
  // A record counts by its deciding outcome; its other outcomes' claims (schema 1.5) say what else it found.
  claims = claims.filter((c) => c.outcome_reading !== 'other_outcome');
  const counted = new Map<string, CountedRecord>();
  const mechanism = new Map<string, NormalizedEvidence>();
  const safety = new Map<string, NormalizedEvidence>();
  const supportingClaims: Claim[] = [];
  const contradictingClaims: Claim[] = [];
  for (const claim of claims) {
    if (claim.subject.id !== drugId) continue;
    if (claim.relationship === 'contradicts') contradictingClaims.push(claim);
    else supportingClaims.push(claim);
    for (const id of claim.evidence_ids) {
      const ne = byId.get(id);
      if (!ne) continue;
      if (claim.relationship === 'targets' || claim.relationship === 'participates_in') {
        mechanism.set(id, ne);
        continue;
      }
      // A label's boxed warning is a safety fact of the drug: kept apart, while the label's indication still counts.
      if (ne.record.recordType === 'drug_label' && ne.record.attributes.boxedWarning) safety.set(id, ne);
      if (claim.relationship === 'contradicts' && claim.qualifier === 'harm' && ne.record.recordType === 'drug_label') continue;
      const reading = drugReading(claim);
      if (reading) keep(counted, count(ne, reading, claim.claim_id));
    }
  }
  return { counted: [...counted.values()], mechanism: [...mechanism.values()], safety: [...safety.values()], supportingClaims, contradictingClaims };
}

/** Records naming a drug that has its own reading of them (drug evidence). */
function drugReadRecords(claims: readonly Claim[]): Set<string> {
  const out = new Set<string>();
  for (const c of claims) if (c.subject.kind === 'drug' && c.relationship !== 'targets' && c.relationship !== 'participates_in') for (const id of c.evidence_ids) out.add(id);
  return out;
}

export interface TransferContext {
  /** Drug id → its counted evidence (drugEvidence). */
  drugs: ReadonlyMap<string, CandidateEvidence>;
  /** Drug ids whose records never lift a target (withdrawn). */
  excludedDrugs: ReadonlySet<string>;
  labels: ReadonlyMap<string, string>;
}

/** The target's records, each once: its own associations, and favourable evidence of drugs that target it. */
export function targetEvidence(targetId: string, claims: readonly Claim[], byId: ReadonlyMap<string, NormalizedEvidence>, transfer: TransferContext): CandidateEvidence {
  claims = claims.filter((c) => c.outcome_reading !== 'other_outcome');
  const counted = new Map<string, CountedRecord>();
  const mechanism = new Map<string, NormalizedEvidence>();
  const supportingClaims: Claim[] = [];
  const contradictingClaims: Claim[] = [];
  const drugRecords = drugReadRecords(claims);
  const targetingDrugs = new Set<string>();
  for (const claim of claims) {
    const isSubject = claim.subject.id === targetId;
    const isMechanismObject = claim.object.id === targetId && claim.relationship === 'targets';
    if (!isSubject && !isMechanismObject) continue;
    if (claim.relationship === 'contradicts') contradictingClaims.push(claim);
    else supportingClaims.push(claim);
    for (const id of claim.evidence_ids) {
      const ne = byId.get(id);
      if (!ne) continue;
      if (isMechanismObject || claim.relationship === 'participates_in') {
        mechanism.set(id, ne);
        continue;
      }
      if (drugRecords.has(id)) continue; // a drug's trial or article: counts only through the transfer below
      const reading = targetReading(claim, ne);
      if (reading) keep(counted, count(ne, reading, claim.claim_id));
    }
    if (isMechanismObject) targetingDrugs.add(claim.subject.id);
  }
  for (const drugId of [...targetingDrugs].sort()) {
    if (transfer.excludedDrugs.has(drugId)) continue;
    for (const c of transfer.drugs.get(drugId)?.counted ?? []) {
      // Only a read favourable result transfers: "studied, outcome unknown" (effect 0.5) does not.
      if (c.pull !== 'favourable' || c.effect < 1) continue;
      keep(counted, { ...c, via: `via ${transfer.labels.get(drugId) ?? drugId}` });
    }
  }
  return { counted: [...counted.values()], mechanism: [...mechanism.values()], safety: [], supportingClaims, contradictingClaims };
}
