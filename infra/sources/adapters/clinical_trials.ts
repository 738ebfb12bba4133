// ClinicalTrials.gov API v2: GET /studies with query.cond (the disease's condition, required), and the
// question's drugs in query.intr or else its other entities in query.term (OR'd; only when the question
// named one: domain/workspace/question/provider-queries.ts), sorted by @relevance. The offline corpus
// is a /studies response ({ studies: [...] }). The API asks for about 50 requests per minute per client.
import type { SourceRecord } from '../../../domain/workspace/sources';
import type { ProviderHttp, SourceAdapter, SourceQuery } from '../source-adapter';
import { adverseEventsByArm, primaryAnalyses, secondaryAnalyses, trialInterventions } from './clinical-trials-results';
import { arr, isObject, malformed, normalizeDate, num, snippet, str, parseJson } from '../response-fields';
import { trialQuery } from '../../../domain/workspace/question/provider-queries';
import { focusDrugs, questionFocus } from '../../../domain/workspace/question/focus';

const PHASE_ORDER = ['NA', 'EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'];
const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

/** The highest phase listed (a PHASE2/PHASE3 trial counts as PHASE3). */
function highestPhase(phases: unknown): string | undefined {
  const listed = arr(phases).map(str).filter((p): p is string => p !== undefined);
  if (listed.length === 0) return undefined;
  return listed.reduce((best, p) => (PHASE_ORDER.indexOf(p) > PHASE_ORDER.indexOf(best) ? p : best));
}

function toRecord(study: unknown): SourceRecord | null {
  const protocol = obj(obj(study).protocolSection);
  const identification = obj(protocol.identificationModule);
  const nctId = str(identification.nctId);
  if (!nctId) return null;
  const status = obj(protocol.statusModule);
  const design = obj(protocol.designModule);
  const overallStatus = str(status.overallStatus);
  const whyStopped = str(status.whyStopped);
  const phase = highestPhase(design.phases);
  const enrollment = num(obj(design.enrollmentInfo).count);
  const interventions = trialInterventions(protocol, isComparator);
  const drugs = interventions.studied;
  const analyses = primaryAnalyses(obj(study));
  const secondary = secondaryAnalyses(obj(study));
  const adverse = adverseEventsByArm(obj(study));
  const hasResults = obj(study).hasResults;
  const summary = str(obj(protocol.descriptionModule).briefSummary);
  return {
    source: 'clinical_trials',
    nativeId: nctId,
    recordType: 'clinical_trial',
    title: str(identification.briefTitle) ?? str(identification.officialTitle) ?? nctId,
    url: `https://clinicaltrials.gov/study/${encodeURIComponent(nctId)}`,
    text: snippet([summary, whyStopped ? `Why stopped: ${whyStopped}` : undefined].filter(Boolean).join(' ')),
    published: normalizeDate(obj(status.startDateStruct).date),
    structured: { drugs, targets: [], pathways: [] },
    attributes: {
      ...(phase ? { phase } : {}),
      ...(overallStatus ? { status: overallStatus } : {}),
      ...(enrollment !== undefined ? { enrollment } : {}),
      ...(typeof hasResults === 'boolean' ? { hasResults } : {}),
      ...(analyses.length > 0 ? { primaryAnalyses: analyses } : {}),
      ...(secondary.length > 0 ? { secondaryAnalyses: secondary } : {}),
      ...(adverse.length > 0 ? { adverseEventsByArm: adverse } : {}),
      ...(whyStopped ? { whyStopped } : {}),
      ...(interventions.comparatorOnly.length > 0 ? { comparatorDrugs: interventions.comparatorOnly } : {}),
      ...(interventions.background.length > 0 ? { backgroundDrugs: interventions.background } : {}),
    },
  };
}

/**
 * Any study JSON ClinicalTrials.gov publishes: a /studies answer ({ studies: [...] }), one study (the
 * /studies/{nct} answer, and the bulk download's one-file-per-study layout), or an array of studies.
 */
export function parseStudyDocument(body: unknown): SourceRecord[] {
  if (Array.isArray(body)) return body.map(toRecord).filter((r): r is SourceRecord => r !== null);
  if (isObject(body) && isObject(body.protocolSection)) {
    const one = toRecord(body);
    return one ? [one] : [];
  }
  return parseStudies(body);
}

/** Parses a /api/v2/studies response (live answer or corpus file). */
export function parseStudies(body: unknown): SourceRecord[] {
  if (!isObject(body) || !Array.isArray(body.studies)) throw malformed('expected { studies: [...] }');
  return body.studies.map(toRecord).filter((r): r is SourceRecord => r !== null);
}

export const clinicalTrialsAdapter: SourceAdapter = {
  name: 'clinical_trials',
  defaultBaseUrl: 'https://clinicaltrials.gov/api/v2',
  minIntervalMs: 1200,
  corpusExtension: 'json',

  isConfigured: (disease) => Boolean(disease.search.clinical_trials?.condition),

  queryTerms(disease, question, focus) {
    const config = disease.search.clinical_trials!;
    return [config.condition, ...(config.terms ?? []), ...questionFocus(question, disease, focus).boost_terms];
  },

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const config = query.disease.search.clinical_trials!;
    const conditionTerms = [config.condition, ...(config.terms ?? [])];
    const boosts = query.terms.filter((t) => !conditionTerms.includes(t));
    const drugs = focusDrugs(questionFocus(query.question, query.disease, query.focus)).filter((d) => boosts.includes(d));
    const dated = query.dateFrom !== null || query.dateTo !== null;
    const body = await http.getJson('studies', {
      format: 'json',
      ...trialQuery(conditionTerms, drugs, boosts),
      sort: '@relevance',
      'filter.advanced': dated ? `AREA[StartDate]RANGE[${query.dateFrom ?? 'MIN'},${query.dateTo ?? 'MAX'}]` : undefined,
      pageSize: Math.max(1, Math.min(query.limit, 1000)),
    });
    return parseStudies(body);
  },

  parseCorpus(content) {
    return parseStudies(parseJson(content));
  },
};

/** Control arms are interventions too, but never candidates: placebo, vehicle, standard of care. */
const COMPARATOR = /\b(placebo|vehicle|sham|standard of care|standard therapy|usual care|best supportive care)\b/i;

export function isComparator(name: string): boolean {
  return COMPARATOR.test(name);
}
