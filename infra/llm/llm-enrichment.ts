// Optional claim enrichment through an OpenAI-compatible chat completions endpoint. Whatever happens
// (no credentials, timeout, quota, an error, output that fails validation) the outcome is a status
// and warnings for the manifest; deterministic claims are never touched. Proposed claims are kept
// only when both entities are knowledge-graph nodes and every cited evidence id is in the dossier.
import Ajv2020 from 'ajv/dist/2020';
import type { GraphView } from '../../domain/kg/graph-view';
import type { LlmClaimProposal } from '../../domain/workspace/claims';
import type { ClaimRelationship, EvidenceItem, LlmStatus } from '../../domain/workspace/dossier-types';

export interface LlmConfig {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Whether the server can ask an LLM at all (the dashboard's toggle defaults to this). */
export function llmConfigured(config: Pick<LlmConfig, 'baseUrl' | 'apiKey'>): boolean {
  return Boolean(config.baseUrl && config.apiKey);
}

export interface LlmOutcome {
  status: LlmStatus;
  model: string | null;
  warnings: string[];
  /** Checked here against the graph and the evidence; mergeLlmClaims() adds them beside the deterministic ones. */
  claims: LlmClaimProposal[];
}

const RELATIONSHIPS: ClaimRelationship[] = ['supports', 'contradicts', 'associated_with', 'targets', 'participates_in'];

const outputSchema = {
  type: 'object',
  properties: {
    claims: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        properties: {
          subject: { type: 'string', minLength: 1, maxLength: 200 },
          relationship: { enum: RELATIONSHIPS },
          object: { type: 'string', minLength: 1, maxLength: 200 },
          evidence_ids: { type: 'array', items: { type: 'string', pattern: '^ev_[0-9a-f]{16}$' }, minItems: 1, maxItems: 20 },
        },
        required: ['subject', 'relationship', 'object', 'evidence_ids'],
        additionalProperties: false,
      },
    },
  },
  required: ['claims'],
  additionalProperties: false,
};

const validateOutput = new Ajv2020({ allErrors: false }).compile(outputSchema);

export async function enrichWithLlm(
  input: { question: string; diseaseName: string; evidence: readonly EvidenceItem[]; graph: GraphView },
  config: LlmConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<LlmOutcome> {
  if (!llmConfigured(config)) {
    return { status: 'not_configured', model: null, warnings: ['LLM enrichment skipped: no LLM_BASE_URL/LLM_API_KEY configured; deterministic claims only'], claims: [] };
  }
  const fail = (status: LlmStatus, warning: string): LlmOutcome => ({ status, model: config.model, warnings: [warning], claims: [] });
  let response: Response;
  try {
    response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.timeout(config.timeoutMs),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(input) },
        ],
      }),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
    return timedOut
      ? fail('timeout', `LLM enrichment timed out after ${config.timeoutMs / 1000} s; deterministic claims only`)
      : fail('failed', 'LLM enrichment failed: the endpoint could not be reached; deterministic claims only');
  }
  if (response.status === 429 || response.status === 402) {
    return fail('quota_exceeded', `LLM enrichment refused: quota or rate limit (HTTP ${response.status}); deterministic claims only`);
  }
  if (!response.ok) return fail('failed', `LLM enrichment failed with HTTP ${response.status}; deterministic claims only`);
  let content: unknown;
  try {
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    content = JSON.parse(body.choices?.[0]?.message?.content ?? '');
  } catch {
    return fail('invalid_output', 'LLM output was not JSON; ignored, deterministic claims only');
  }
  if (!validateOutput(content)) return fail('invalid_output', 'LLM output did not match the claim schema; ignored, deterministic claims only');
  return { status: 'ok', model: config.model, ...acceptClaims((content as { claims: Proposal[] }).claims, input) };
}

interface Proposal {
  subject: string;
  relationship: ClaimRelationship;
  object: string;
  evidence_ids: string[];
}

function acceptClaims(proposals: Proposal[], input: { evidence: readonly EvidenceItem[]; graph: GraphView }): { claims: LlmClaimProposal[]; warnings: string[] } {
  const evidence = new Set(input.evidence.map((e) => e.evidence_id));
  const claims: LlmClaimProposal[] = [];
  let dropped = 0;
  for (const proposal of proposals) {
    const subject = input.graph.resolve(proposal.subject);
    const object = input.graph.resolve(proposal.object);
    const cited = proposal.evidence_ids.filter((id) => evidence.has(id));
    if (!subject || !object || cited.length !== proposal.evidence_ids.length) {
      dropped++;
      continue;
    }
    claims.push({
      subject: { id: subject.id, label: subject.label, kind: subject.kind },
      relationship: proposal.relationship,
      object: { id: object.id, label: object.label, kind: object.kind },
      statement: `${subject.label} ${proposal.relationship.replace('_', ' ')} ${object.label} (proposed by the language model from the cited records).`,
      evidence_ids: cited,
    });
  }
  return { claims, warnings: dropped > 0 ? [`${dropped} LLM-proposed claim(s) dropped: unknown entities or uncited evidence`] : [] };
}

const SYSTEM_PROMPT = 'You extract biomedical claims from the evidence records given. Answer with JSON only: '
  + '{"claims": [{"subject": name, "relationship": one of supports|contradicts|associated_with|targets|participates_in, '
  + '"object": name, "evidence_ids": [ids of the records that state it]}]}. Use only what the records state.';

function userPrompt(input: { question: string; diseaseName: string; evidence: readonly EvidenceItem[] }): string {
  const records = input.evidence.slice(0, 40).map((e) => `${e.evidence_id} | ${e.title} | ${e.snippet}`).join('\n');
  return `Disease: ${input.diseaseName}\nQuestion: ${input.question}\nRecords:\n${records}`;
}
