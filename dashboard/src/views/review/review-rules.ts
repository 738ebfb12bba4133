// The browser's copy of the review body's rules (api/workspace/reviews.routes.ts reviewBodySchema).
export const RATIONALE_MAX = 2000;
export const NOTES_MAX = 10000;
export const CHANGED_MIND_MAX = 2000;
export const TAG_MAX = 50;
export const TAGS_MAX = 20;

/** "a, b ,c" -> ['a', 'b', 'c'] (empty pieces dropped). */
export function parseTags(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter((t) => t.length > 0);
}

export function validateReview(input: { decision: string | null; rationale: string; notes: string; tags: string[]; changed_mind: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.decision !== 'pin' && input.decision !== 'reject') errors.decision = 'Choose pin or reject.';
  if (input.rationale.length > RATIONALE_MAX) errors.rationale = `At most ${RATIONALE_MAX} characters (now ${input.rationale.length}).`;
  if (input.notes.length > NOTES_MAX) errors.notes = `At most ${NOTES_MAX} characters (now ${input.notes.length}).`;
  if (input.changed_mind.length > CHANGED_MIND_MAX) errors.changed_mind = `At most ${CHANGED_MIND_MAX} characters (now ${input.changed_mind.length}).`;
  if (input.tags.length > TAGS_MAX) errors.tags = `At most ${TAGS_MAX} tags.`;
  else if (input.tags.some((t) => t.length > TAG_MAX)) errors.tags = `Each tag at most ${TAG_MAX} characters.`;
  else if (new Set(input.tags).size !== input.tags.length) errors.tags = 'Each tag once.';
  return errors;
}
