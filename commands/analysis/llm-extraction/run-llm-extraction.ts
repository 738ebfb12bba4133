// The LLM-extraction use case: the given text and/or the abstracts of the given PMIDs (through the source
// framework) sent to the configured OpenAI-compatible endpoint, which must answer claims in the JSON schema of
// domain/llm-extraction; claims without a verbatim quote from the text they cite are dropped; entity names are
// linked to knowledge-graph nodes by exact label or synonym (case-insensitive), else left unlinked.
import { analysisEnvelope } from '../../../domain/analysis/result-envelope';
import { groundedClaims, type LlmEntity } from '../../../domain/llm-extraction/claim-schema';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import { llmConfigured } from '../../../infra/llm/llm-enrichment';
import type { ServedGraph } from '../../../infra/kg/store-graph-cache';
import type { AnalysisDeps, AnalysisOutcome, AnalysisRunContext } from '../analysis-module';
import { sourceDisease } from '../source-context/source-disease';
import { extractClaims, userPrompt } from './chat-completion';
import { abstractsById } from './pubmed-by-id';

export const LLM_MODULE_ID = 'llm-extraction';
export const LLM_METHOD = 'Claim extraction by a large language model (OpenAI-compatible chat completions, temperature 0, JSON output) validated '
  + 'against a JSON schema (JSON Schema 2020-12, Ajv), each claim kept only when its quote occurs verbatim in the text it cites; entities linked '
  + 'to the knowledge graph by exact name';
export const NOT_CONFIGURED = 'no LLM is configured: set LLM_BASE_URL (an OpenAI-compatible endpoint) and LLM_API_KEY';

export interface LlmParameters { text: string | null; pmids: string[]; disease_id: string }

/** The parameters as the route's schema gives them (defaults applied where the route is entered); blank text: null, pmids split. */
export function llmParameters(input: Record<string, unknown>): LlmParameters {
  const p = input as { text?: string; pmids?: string; disease_id: string };
  const text = p.text !== undefined && p.text.trim() !== '' ? p.text : null;
  const pmids = p.pmids !== undefined ? [...new Set(p.pmids.split(',').map((s) => s.trim()).filter(Boolean))] : [];
  return { text, pmids, disease_id: p.disease_id };
}

const names = new WeakMap<ServedGraph, Map<string, number>>();
function nameMap(served: ServedGraph): Map<string, number> {
  let map = names.get(served);
  if (map) return map;
  const g = served.graph;
  map = new Map();
  for (let i = 0; i < g.nodeCount; i++) for (const n of [g.label(i), ...g.synonymsOf(i)]) if (!map.has(n.toLowerCase())) map.set(n.toLowerCase(), i);
  names.set(served, map);
  return map;
}

const linked = (g: TypedKnowledgeGraph, map: Map<string, number>, e: LlmEntity) => {
  const node = map.get(e.name.trim().toLowerCase());
  return { ...e, curie: node === undefined ? null : g.id(node), label: node === undefined ? null : g.label(node) };
};

type Texts = { texts: Map<string, string>; documents: { key: string; title: string; synthetic: boolean; retrieval_mode: string | null }[]; missing: string[] };

async function gatherTexts(deps: AnalysisDeps, p: LlmParameters, disease: Parameters<typeof abstractsById>[1]): Promise<Texts | { reason: string }> {
  const out: Texts = { texts: new Map(), documents: [], missing: [] };
  if (p.text !== null) {
    out.texts.set('text', p.text);
    out.documents.push({ key: 'text', title: 'the text given', synthetic: false, retrieval_mode: null });
  }
  if (p.pmids.length === 0) return out;
  const fetched = await abstractsById(deps, disease, p.pmids);
  if (fetched.status === 'error' || fetched.status === 'skipped') return { reason: `PubMed abstracts not available: ${fetched.warning ?? fetched.status}` };
  for (const r of fetched.records) {
    out.texts.set(`PMID:${r.nativeId}`, `${r.title}\n${r.fullText ?? r.text}`);
    out.documents.push({ key: `PMID:${r.nativeId}`, title: r.title, synthetic: r.synthetic === true, retrieval_mode: fetched.retrieval_mode });
  }
  out.missing = p.pmids.filter((id) => !out.texts.has(`PMID:${id}`));
  return out;
}

export async function runLlmExtraction(deps: AnalysisDeps, input: Record<string, unknown>, context: AnalysisRunContext): Promise<AnalysisOutcome> {
  const p = llmParameters(input);
  if (p.text === null && p.pmids.length === 0) return { kind: 'invalid', details: [{ loc: ['query', 'text'], msg: 'give text or pmids (or both)', type: 'required' }] };
  const disease = sourceDisease(deps, p.disease_id);
  if (disease.kind === 'not_found') return disease;
  const config = deps.settings.llm;
  if (!config || !llmConfigured(config)) return { kind: 'not_available', reason: NOT_CONFIGURED };
  await context.progress(10, 'reading the texts');
  const texts = await gatherTexts(deps, p, disease.module);
  if ('reason' in texts) return { kind: 'not_available', reason: texts.reason };
  if (texts.texts.size === 0) return { kind: 'not_found', detail: `none of the PMIDs was found: ${texts.missing.join(', ')}` };
  await context.progress(30, 'asking the language model');
  const completion = await extractClaims(config, userPrompt(disease.module.name, texts.texts));
  if (!completion.ok) return { kind: 'not_available', reason: `LLM extraction failed: ${completion.reason}; no claims are made up` };
  const { kept, dropped } = groundedClaims(completion.claims, texts.texts);
  const served = await deps.graph();
  const map = nameMap(served);
  const synthetic = new Set(texts.documents.filter((d) => d.synthetic).map((d) => d.key));
  const claims = kept.map((c) => ({ ...c, subject: linked(served.graph, map, c.subject), object: linked(served.graph, map, c.object), source_synthetic: synthetic.has(c.source) }));
  await context.progress(100, 'done');
  return {
    kind: 'ok',
    result: analysisEnvelope({
      module: LLM_MODULE_ID, method: LLM_METHOD, disease: { curie: disease.module.mondo_id, label: disease.module.name, module_id: disease.module.id },
      parameters: { ...p }, snapshots: served.graph.snapshots,
      body: { model: completion.model, documents: texts.documents, missing_pmids: texts.missing, counts: { proposed: completion.claims.length, kept: claims.length, dropped_ungrounded: dropped }, claims },
    }),
  };
}
