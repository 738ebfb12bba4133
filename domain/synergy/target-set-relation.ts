// How two drugs' target sets relate as sets, before any network distance. Why it matters: a one-target drug has
// d_AA = 0, so two drugs sharing their single target get s_AB = 0 and would pass Cheng et al.'s "separated"
// test (s_AB >= 0) as complementary exposure, although they hit the very same protein. Identical or nested
// target sets are therefore always treated as overlapping target modules (never complementary exposure), and
// labelled so the user sees why. Pure.

export const TARGET_SET_RELATIONS = ['identical', 'nested', 'sharing', 'disjoint'] as const;
export type TargetSetRelation = (typeof TARGET_SET_RELATIONS)[number];

/** identical: same set; nested: one contains the other; sharing: some common target; disjoint: none. */
export function targetSetRelation(a: readonly number[], b: readonly number[]): TargetSetRelation {
  const setB = new Set(b);
  const setA = new Set(a);
  let shared = 0;
  for (const x of setA) if (setB.has(x)) shared++;
  if (shared === 0) return 'disjoint';
  if (shared === setA.size && shared === setB.size) return 'identical';
  if (shared === setA.size || shared === setB.size) return 'nested';
  return 'sharing';
}

/** Identical or nested target sets: the two drugs' target modules overlap whatever s_AB says. */
export function targetsContained(relation: TargetSetRelation): boolean {
  return relation === 'identical' || relation === 'nested';
}
