// The structured claims a language model may return for a text (pure), and the checks every claim passes before
// it is shown: the JSON schema (checked by the caller with Ajv), then grounding — the claim's `quote` must occur
// verbatim (whitespace and case folded) in the text it cites, and it must cite a text it was given. A claim that
// fails is dropped and counted, never repaired.

export const ENTITY_TYPES = ['gene', 'compound', 'disease', 'phenotype', 'pathway', 'other'] as const;
export const RELATIONS = ['treats', 'associated_with', 'targets', 'increases', 'decreases', 'causes', 'biomarker_of', 'other'] as const;

const entity = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, type: { enum: ENTITY_TYPES } },
  required: ['name', 'type'],
  additionalProperties: false,
};

/** What the model must answer (response_format json_object; validated with Ajv 2020). */
export const LLM_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    claims: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        properties: {
          subject: entity, relation: { enum: RELATIONS }, object: entity,
          direction: { enum: ['supports', 'contradicts', 'neutral'] },
          quote: { type: 'string', minLength: 1, maxLength: 1000 },
          source: { type: 'string', pattern: '^(text|PMID:[0-9]{1,9})$' },
        },
        required: ['subject', 'relation', 'object', 'direction', 'quote', 'source'],
        additionalProperties: false,
      },
    },
  },
  required: ['claims'],
  additionalProperties: false,
} as const;

export interface LlmEntity { name: string; type: (typeof ENTITY_TYPES)[number] }
export interface LlmClaim { subject: LlmEntity; relation: (typeof RELATIONS)[number]; object: LlmEntity; direction: 'supports' | 'contradicts' | 'neutral'; quote: string; source: string }

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The claims whose quote is in the text they cite (texts by source key: "text" or "PMID:…"). */
export function groundedClaims(claims: readonly LlmClaim[], texts: ReadonlyMap<string, string>): { kept: LlmClaim[]; dropped: number } {
  const folded = new Map([...texts].map(([k, v]) => [k, fold(v)]));
  const kept = claims.filter((c) => folded.get(c.source)?.includes(fold(c.quote)) === true);
  return { kept, dropped: claims.length - kept.length };
}
