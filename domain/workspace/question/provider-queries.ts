// Provider query strings with one boolean structure (docs/evidence-sources.md): the disease is the
// required part; the question's entities (QuestionAnalysis.boost_terms) are one OR'd group that is added
// only when the question named an entity; intent words and other keywords never enter a query (they
// rank offline, they never filter). Pure: the adapters in infra/sources/adapters/ send these.

/** PubMed: a single token as written (E-utilities' automatic term mapping), anything else as a phrase. */
function pubmedToken(term: string): string {
  return /^[A-Za-z0-9-]+$/.test(term) ? term : `"${term.replace(/"/g, '')}"`;
}

const phrase = (term: string) => `"${term.replace(/"/g, '')}"`;

/**
 * The esearch term: (disease terms in title/abstract OR MeSH headings) AND (boost1 OR boost2 ...), the
 * second group only when there are boosts. Sent with sort=relevance.
 */
export function pubmedTerm(diseaseTerms: readonly string[], meshTerms: readonly string[], boosts: readonly string[]): string {
  const diseasePart = [...diseaseTerms.map((t) => `${phrase(t)}[tiab]`), ...meshTerms.map((t) => `${phrase(t)}[mh]`)].join(' OR ');
  const boostPart = boosts.map(pubmedToken).join(' OR ');
  return boostPart ? `(${diseasePart}) AND (${boostPart})` : `(${diseasePart})`;
}

/** ClinicalTrials.gov Essie expressions: a term with spaces is quoted. */
function essie(term: string): string {
  return /\s/.test(term) ? phrase(term) : term.replace(/"/g, '');
}

export interface TrialQuery {
  'query.cond': string;
  /** The question's drugs, OR'd (the trial's interventions); absent when the question named no drug. */
  'query.intr'?: string;
  /** The question's other entities (targets, classes, pathways), OR'd; absent when it named none, or named drugs. */
  'query.term'?: string;
}

/**
 * ClinicalTrials.gov API v2 /studies: the condition terms OR'd in query.cond (required); the question's
 * drugs in query.intr, else its other entities in query.term. Every query.* parameter is ANDed by the
 * API, so only one optional group is sent.
 */
export function trialQuery(conditionTerms: readonly string[], drugs: readonly string[], others: readonly string[]): TrialQuery {
  const query: TrialQuery = { 'query.cond': conditionTerms.map(essie).join(' OR ') };
  if (drugs.length > 0) query['query.intr'] = drugs.map(essie).join(' OR ');
  else if (others.length > 0) query['query.term'] = others.map(essie).join(' OR ');
  return query;
}

/**
 * Europe PMC REST search for preprints (SRC:PPR): (disease keywords) AND (boosts), the boost group only
 * when there are boosts; an optional FIRST_PDATE range. Lucene syntax, phrases quoted. bioRxiv's own
 * preprints (DOI prefix 10.1101) are picked from the answer by the adapter.
 */
export function europePmcPreprintQuery(diseaseKeywords: readonly string[], boosts: readonly string[], dateFrom: string | null, dateTo: string | null): string {
  const parts = ['SRC:PPR', `(${diseaseKeywords.map(phrase).join(' OR ')})`];
  if (boosts.length > 0) parts.push(`(${boosts.map(phrase).join(' OR ')})`);
  if (dateFrom !== null || dateTo !== null) parts.push(`FIRST_PDATE:[${(dateFrom ?? '1900-01-01').slice(0, 10)} TO ${(dateTo ?? '3000-12-31').slice(0, 10)}]`);
  return parts.join(' AND ');
}
