// ReviewSaved version 1, frozen as it was stored, and its upcaster to version 2 (the current shape).
//
// Why v2 exists (honestly): no ReviewSaved shape has changed in this repository's history. Version 2
// records the one change readers would need if it had: the "what changed my mind" entry (changedMind)
// is an optional field of PUT …/reviews (it defaults to null), so a save written before that field
// existed has no changedMind at all. Readers rely on it being present: the audit replay compares
// changed_mind with the read model (an absent value is not null there), and GET …/review-events
// returns it. Version 2 says every save carries changedMind (a string or null).
//
// Events stored before versioning are all read as version 1, including saves that already carry
// changedMind, so the upcaster only fills the field when it is absent.

/** A save as version 1 stored it (a frozen copy: never follow later changes of ReviewEvent here). */
export interface ReviewSavedV1Data {
  runId: string;
  researcherId: string;
  candidateId: string;
  candidateType: 'drug' | 'target';
  decision: 'pin' | 'reject';
  rationale: string;
  notes: string;
  tags: string[];
  previousDecision: 'pin' | 'reject' | null;
  at: string;
  /** Absent in true v1 saves; present in current-shaped saves stored before versioning. */
  changedMind?: string | null;
}

export type ReviewSavedV2Data = Omit<ReviewSavedV1Data, 'changedMind'> & { changedMind: string | null };

export function reviewSavedV1ToV2(data: unknown): ReviewSavedV2Data {
  const v1 = data as ReviewSavedV1Data;
  return { ...v1, changedMind: v1.changedMind ?? null };
}
