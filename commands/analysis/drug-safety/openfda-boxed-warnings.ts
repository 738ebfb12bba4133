// Boxed warnings of a drug's labels, from openFDA drug/label.json through the source framework: the labels
// whose openfda.generic_name is the drug, each label's `boxed_warning` section (absent when the label has
// none). Offline the disease's fda_labels corpus answers (the same label.json format), filtered to the drug;
// the runner marks those records synthetic, and so does the result.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type SourceAdapter } from '../../../infra/sources/source-adapter';
import { arr, isObject, malformed, normalizeDate, snippet, str } from '../../../infra/sources/response-fields';
import type { AnalysisDeps } from '../analysis-module';

export interface BoxedWarning { set_id: string; title: string; url: string | null; effective: string | null; boxed_warning: string | null; synthetic: boolean }
export interface LabelOutcome { status: string; retrieval_mode: string | null; warning: string | null; labels: BoxedWarning[] }

const strings = (value: unknown) => arr(value).map(str).filter((s): s is string => s !== undefined);

function toRecord(result: unknown): SourceRecord | null {
  if (!isObject(result)) return null;
  const setId = str(result.set_id) ?? str(result.id);
  if (!setId) return null;
  const generic = strings(isObject(result.openfda) ? result.openfda.generic_name : undefined);
  const boxed = strings(result.boxed_warning).join(' ');
  return {
    source: 'fda_labels', nativeId: setId, recordType: 'drug_label', title: `${generic.join(', ') || setId} drug label`,
    url: `https://dailymed.nlm.nih.gov/dailymed/search.cfm?labeltype=all&query=${encodeURIComponent(setId)}`,
    text: snippet(boxed), ...(boxed.length > 600 ? { fullText: boxed } : {}), published: normalizeDate(result.effective_time),
    structured: { drugs: generic, targets: [], pathways: [] }, attributes: {},
  };
}

/** The labels of a label.json body naming the drug among their generic names. */
export function drugLabels(body: unknown, drugName: string): SourceRecord[] {
  if (!isObject(body) || !Array.isArray(body.results)) throw malformed('expected { results: [...] }');
  const wanted = drugName.toLowerCase();
  return body.results
    .filter((r) => isObject(r) && isObject(r.openfda) && strings(r.openfda.generic_name).some((g) => g.toLowerCase() === wanted))
    .map(toRecord).filter((r): r is SourceRecord => r !== null);
}

function labelAdapter(drugName: string): SourceAdapter {
  return {
    name: 'fda_labels', defaultBaseUrl: 'https://api.fda.gov', minIntervalMs: 250, corpusExtension: 'json',
    isConfigured: () => true,
    queryTerms: () => [drugName],
    async fetch(_query, http) {
      try {
        return drugLabels(await http.getJson('drug/label.json', { search: `openfda.generic_name:"${drugName.replace(/["\\]/g, '')}"`, limit: 20 }), drugName);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return [];
        throw error;
      }
    },
    parseCorpus(content) {
      try {
        return drugLabels(JSON.parse(content), drugName);
      } catch (error) {
        throw error instanceof ProviderError ? error : malformed('not JSON');
      }
    },
  };
}

export async function boxedWarnings(deps: AnalysisDeps, disease: DiseaseModule, drugName: string): Promise<LabelOutcome> {
  if (!deps.sources) return { status: 'skipped', retrieval_mode: null, warning: 'no evidence-source runner is wired', labels: [] };
  const run = await deps.sources(labelAdapter(drugName), { disease, question: drugName, dateFrom: null, dateTo: null, limit: 20 });
  return {
    status: run.status.status, retrieval_mode: run.status.retrieval_mode, warning: run.status.warning,
    labels: run.records.map((r) => ({
      set_id: r.nativeId, title: r.title, url: r.synthetic ? null : r.url, effective: r.published,
      boxed_warning: (r.fullText ?? r.text) || null, synthetic: r.synthetic === true,
    })),
  };
}
