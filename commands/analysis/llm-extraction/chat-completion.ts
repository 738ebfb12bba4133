// One call to the configured OpenAI-compatible chat completions endpoint (POST {LLM_BASE_URL}/chat/completions,
// temperature 0, JSON output) and the validation of its answer against the claim schema. Failures become a reason
// (status, timeout, not JSON, schema) — the API key is sent only in the Authorization header, never echoed.
import Ajv2020 from 'ajv/dist/2020';
import { LLM_OUTPUT_SCHEMA, type LlmClaim } from '../../../domain/llm-extraction/claim-schema';
import type { LlmConfig } from '../../../infra/llm/llm-enrichment';

const validate = new Ajv2020({ allErrors: false }).compile(LLM_OUTPUT_SCHEMA);

export const SYSTEM_PROMPT = 'You extract biomedical claims from the texts given. Answer with JSON only: {"claims": [{"subject": {"name", "type"}, '
  + '"relation": one of treats|associated_with|targets|increases|decreases|causes|biomarker_of|other, "object": {"name", "type"}, '
  + '"direction": supports|contradicts|neutral, "quote": the exact sentence or phrase of the text that states it, "source": the text\'s key '
  + '("text" or "PMID:<n>")}]}. Entity types: gene, compound, disease, phenotype, pathway, other. Use only what the texts state; no claim '
  + 'without a verbatim quote.';

export type Completion = { ok: true; claims: LlmClaim[]; model: string } | { ok: false; reason: string };

export function userPrompt(disease: string, texts: ReadonlyMap<string, string>): string {
  return `Disease context: ${disease}\n${[...texts].map(([key, text]) => `--- ${key} ---\n${text}`).join('\n')}`;
}

async function post(config: LlmConfig, body: unknown, fetchImpl: typeof fetch): Promise<Response | string> {
  try {
    return await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST', redirect: 'error', signal: AbortSignal.timeout(config.timeoutMs),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` }, body: JSON.stringify(body),
    });
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' || name === 'AbortError' ? `the LLM endpoint did not answer within ${config.timeoutMs / 1000} s` : 'the LLM endpoint could not be reached';
  }
}

export async function extractClaims(config: LlmConfig, prompt: string, fetchImpl: typeof fetch = fetch): Promise<Completion> {
  const response = await post(config, {
    model: config.model, temperature: 0, response_format: { type: 'json_object' },
    messages: [{ role: 'system', content: SYSTEM_PROMPT }, { role: 'user', content: prompt }],
  }, fetchImpl);
  if (typeof response === 'string') return { ok: false, reason: response };
  if (!response.ok) return { ok: false, reason: `the LLM endpoint answered HTTP ${response.status}${response.status === 429 || response.status === 402 ? ' (quota or rate limit)' : ''}` };
  let content: unknown;
  try {
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    content = JSON.parse(body.choices?.[0]?.message?.content ?? '');
  } catch {
    return { ok: false, reason: 'the LLM output was not JSON' };
  }
  if (!validate(content)) return { ok: false, reason: `the LLM output did not match the claim schema (${validate.errors?.[0]?.instancePath || '/'} ${validate.errors?.[0]?.message ?? ''})` };
  return { ok: true, claims: (content as { claims: LlmClaim[] }).claims, model: config.model };
}
