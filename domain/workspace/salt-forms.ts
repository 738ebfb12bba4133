// A salt or ester form and its parent are one drug in a dossier (issue 28; docs/entity-linking.md "Salt and ester
// forms"). DrugBank lists some salt and ester forms as drugs of their own ("Betamethasone dipropionate" beside
// "Betamethasone", "Fluticasone Propionate" beside "Fluticasone"), so one record's "calcipotriol plus betamethasone
// dipropionate" and another's "betamethasone" made two candidates for one drug, each with half its evidence. A drug
// whose name is another drug's of this dossier plus salt, ester or hydrate words (the service's one salt rule,
// saltParentName in domain/biomed/compound-identity.ts) is merged into that drug: its claims become the parent's,
// and a record naming both counts once for it (candidate-evidence.ts). A form whose parent is not among the
// dossier's drugs stays as it is ("Magnesium Sulfate" without "Magnesium"): nothing is invented.
import { saltParentName } from '../biomed/compound-identity';
import { normalisedDrugName } from '../biomed/drug-modality';
import type { Claim, ClaimEntity, GraphExplanation } from './dossier-types';
import { INDICATION_RELATIONS } from './curated-indication';

export interface SaltFormMerge {
  claims: Claim[];
  /** Parent drug id → the salt or ester forms merged into it (their own ids and labels). */
  forms: Map<string, ClaimEntity[]>;
}

/** The claims with every salt or ester form of a drug of the dossier named as that drug; claims that became identical kept once. */
export function mergeSaltForms(claims: readonly Claim[]): SaltFormMerge {
  const drugs = new Map<string, ClaimEntity>();
  for (const c of claims) for (const e of [c.subject, c.object]) if (e.kind === 'drug' && !drugs.has(e.id)) drugs.set(e.id, e);
  const byName = new Map<string, ClaimEntity>();
  for (const d of drugs.values()) if (!byName.has(normalisedDrugName(d.label))) byName.set(normalisedDrugName(d.label), d);
  const parentOf = new Map<string, ClaimEntity>();
  const forms = new Map<string, ClaimEntity[]>();
  for (const d of drugs.values()) {
    const parentName = saltParentName(d.label);
    const parent = parentName ? byName.get(parentName) : undefined;
    if (!parent || parent.id === d.id) continue;
    parentOf.set(d.id, parent);
    forms.set(parent.id, [...(forms.get(parent.id) ?? []), { ...d }]);
  }
  if (parentOf.size === 0) return { claims: [...claims], forms };
  const as = (e: ClaimEntity): ClaimEntity => {
    const parent = e.kind === 'drug' ? parentOf.get(e.id) : undefined;
    return parent ? { ...parent } : e;
  };
  const seen = new Set<string>();
  const out: Claim[] = [];
  for (const c of claims) {
    const merged = { ...c, subject: as(c.subject), object: as(c.object) };
    const key = JSON.stringify([merged.subject.id, merged.relationship, merged.object.id, [...merged.evidence_ids].sort(), merged.outcome_reading ?? null, merged.qualifier ?? null, merged.origin]);
    if (seen.has(key) && (forms.has(merged.subject.id) || forms.has(merged.object.id))) continue;
    seen.add(key);
    out.push(merged);
  }
  return { claims: out, forms };
}

const statesIndication = (e: GraphExplanation): boolean => {
  const first = e.status === 'found' ? e.path?.relationships[0] : undefined;
  return first !== undefined && INDICATION_RELATIONS.includes(first.relation) && first.direction !== 'reverse';
};

/**
 * A merged drug's graph explanation: the parent's own, unless only one of its salt or ester forms carries an
 * indication edge (PharmacotherapyDB curates "Fluticasone Propionate", DrugBank names the parent "Fluticasone"):
 * then that form's path, shown as the parent's and saying through which form it was linked. Otherwise the
 * parent's explanation when it found a path, else the first form's that did, else the parent's.
 */
export function explainWithForms(candidate: ClaimEntity, forms: readonly ClaimEntity[], explain: (entity: ClaimEntity) => GraphExplanation): GraphExplanation {
  const own = explain(candidate);
  if (forms.length === 0 || statesIndication(own)) return own;
  const viaForms = forms.map((form) => ({ form, e: explain(form) }));
  const pick = viaForms.find((f) => statesIndication(f.e)) ?? (own.status === 'found' ? undefined : viaForms.find((f) => f.e.status === 'found'));
  if (!pick) return own;
  const nodes = pick.e.path ? [{ ...candidate }, ...pick.e.path.nodes.slice(1)] : [];
  return {
    ...pick.e, explanation_id: own.explanation_id, candidate_id: candidate.id,
    path: pick.e.path ? { ...pick.e.path, nodes } : null,
    linked_by: `${pick.e.linked_by ?? 'name'} of its salt or ester form ${pick.form.label}`,
  };
}
