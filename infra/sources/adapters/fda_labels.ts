// openFDA drug labels: GET /drug/label.json?search=indications_and_usage:"<term>" ...&limit=N.
// openFDA answers 404 NOT_FOUND when nothing matches. The offline corpus is a label.json response
// ({ meta, results: [...] }). openFDA allows 240 requests per minute; an api_key (OPENFDA_API_KEY, added
// by the runner) raises the daily quota from 1,000 to 120,000. Repackaged and generic labels repeat one
// label text: one label per active-ingredient set (openfda.substance_name) is kept, the most recent.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../source-adapter';
import { arr, compactDate, isObject, malformed, normalizeDate, snippet, str, parseJson } from '../response-fields';
import { dedupeLabelsByIngredient } from '../../../domain/workspace/record-hygiene';

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});
const strings = (value: unknown): string[] => [...new Set(arr(value).map(str).filter((s): s is string => s !== undefined))];

/** Words that, found in the indications text, mean the label is indicated for the disease. */
function indicationWords(disease: DiseaseModule): string[] {
  return [...(disease.search.fda_labels?.indication_terms ?? []), disease.name, ...disease.synonyms].map((t) => t.toLowerCase()).filter((t) => t.length >= 3);
}

/**
 * The generic name(s) in an SPL's product data elements. SPL lists each product as: proprietary name,
 * generic name, then its active ingredient and moiety, then the inactive ingredients, so the generic name is
 * the word run (1 to 4 words) written twice in a row ("AMBIEN ZOLPIDEM TARTRATE ZOLPIDEM TARTRATE ZOLPIDEM
 * HYPROMELLOSES ..."); the first such run (longest first) is taken, upper case.
 */
export function productGenericNames(elements: unknown): string[] {
  const names = new Set<string>();
  for (const entry of strings(elements)) {
    const upper = entry.split(/\s+/).map((w) => w.toUpperCase());
    search: for (let start = 0; start < upper.length; start++) {
      for (let size = 4; size >= 1; size--) {
        if (start + 2 * size > upper.length) continue;
        const first = upper.slice(start, start + size).join(' ');
        if (/[A-Z]{3}/.test(first) && first === upper.slice(start + size, start + 2 * size).join(' ')) {
          names.add(first); // the first product's generic name; further products of the label repeat it
          break search;
        }
      }
    }
  }
  return [...names];
}

function toRecord(result: unknown, words: string[]): SourceRecord | null {
  const r = obj(result);
  const setId = str(r.set_id) ?? str(r.id);
  if (!setId) return null;
  const openfda = obj(r.openfda);
  // A label without openFDA's harmonised block (labels it could not match to a product, and bulk files
  // before annotation) still names its drug in the SPL product data elements.
  const generic = strings(openfda.generic_name).length > 0 ? strings(openfda.generic_name) : productGenericNames(r.spl_product_data_elements);
  const substances = strings(openfda.substance_name).map((n) => n.toUpperCase()).sort();
  const brand = strings(openfda.brand_name);
  const indications = strings(r.indications_and_usage).join(' ');
  const lower = indications.toLowerCase();
  // openFDA's boxed_warning section (an array of strings; absent when the label has none).
  const boxed = snippet(strings(r.boxed_warning).join(' '), 400);
  const names = brand.length > 0 ? `${brand.join(', ')}${generic.length > 0 ? ` (${generic.join(', ')})` : ''}` : generic.join(', ');
  return {
    source: 'fda_labels',
    nativeId: setId,
    recordType: 'drug_label',
    title: names ? `${names} drug label` : `Drug label ${setId}`,
    url: `https://dailymed.nlm.nih.gov/dailymed/search.cfm?labeltype=all&query=${encodeURIComponent(setId)}`,
    text: snippet(indications),
    published: normalizeDate(r.effective_time),
    structured: { drugs: generic, targets: [], pathways: [] },
    attributes: {
      indicationMatch: indications !== '' && words.some((w) => lower.includes(w)),
      ...(substances.length > 0 ? { activeIngredients: substances } : {}),
      ...(boxed ? { boxedWarning: boxed } : {}),
    },
  };
}

/** Parses a drug/label.json response (live answer or corpus file): one label per active-ingredient set, the most recent. */
export function parseLabels(body: unknown, disease: DiseaseModule): SourceRecord[] {
  if (!isObject(body) || !Array.isArray(body.results)) throw malformed('expected { results: [...] }');
  const words = indicationWords(disease);
  return dedupeLabelsByIngredient(body.results.map((r) => toRecord(r, words)).filter((r): r is SourceRecord => r !== null)).kept;
}

/**
 * The openFDA search expression (spaces become '+' in the URL, which openFDA reads as spaces):
 * indications_and_usage:("a" OR "b"), AND effective_time:[YYYYMMDD TO YYYYMMDD] when dates are filtered.
 */
export function labelSearch(terms: string[], dateFrom: string | null, dateTo: string | null): string {
  const phrases = terms.map((t) => `"${t.replace(/["\\]/g, '')}"`);
  const indication = `indications_and_usage:${phrases.length === 1 ? phrases[0] : `(${phrases.join(' OR ')})`}`;
  if (dateFrom === null && dateTo === null) return indication;
  return `${indication} AND effective_time:[${dateFrom ? compactDate(dateFrom) : '19000101'} TO ${dateTo ? compactDate(dateTo) : '29991231'}]`;
}

export const fdaLabelsAdapter: SourceAdapter = {
  name: 'fda_labels',
  defaultBaseUrl: 'https://api.fda.gov',
  minIntervalMs: 250,
  corpusExtension: 'json',

  isConfigured: (disease) => (disease.search.fda_labels?.indication_terms?.length ?? 0) > 0,

  queryTerms: (disease) => [...disease.search.fda_labels!.indication_terms],

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    let body: unknown;
    try {
      body = await http.getJson('drug/label.json', {
        search: labelSearch(query.terms, query.dateFrom, query.dateTo),
        limit: Math.max(1, Math.min(query.limit, 1000)),
      });
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return []; // openFDA: "No matches found!"
      throw error;
    }
    return parseLabels(body, query.disease);
  },

  parseCorpus(content, query) {
    return parseLabels(parseJson(content), query.disease);
  },
};
