// The port every evidence-source client implements. The framework (infra/sources/source-runner.ts)
// owns HTTP concerns (allow-listed base URL, timeouts, retries with backoff, the provider's rate
// limit, the response cache, EVIDENCE_SOURCE_MODE and the offline corpus); an adapter only knows its
// provider's API: which calls to make and how to parse the answers into SourceRecords.
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import type { QuestionAnalysis } from '../../domain/workspace/question/types';

export interface SourceQuery {
  disease: DiseaseModule;
  question: string;
  /**
   * The question read for entities and intent (domain/workspace/question). The pipeline passes the
   * graph-linked analysis; when absent an adapter reads the question without a graph (questionFocus).
   */
  focus?: QuestionAnalysis;
  /** Search terms the adapter built with queryTerms(). */
  terms: string[];
  dateFrom: string | null;
  dateTo: string | null;
  /** Records wanted (the pipeline trims to max_evidence later). */
  limit: number;
}

/** HTTP as the framework provides it: relative to the adapter's base URL; throws ProviderError. */
export interface ProviderHttp {
  getJson(path: string, params?: Record<string, string | number | undefined>): Promise<unknown>;
  getText(path: string, params?: Record<string, string | number | undefined>): Promise<string>;
  postJson(path: string, body: unknown): Promise<unknown>;
  /** The same HTTP against one of the adapter's auxiliaryBaseUrls (e.g. bioRxiv's API for the biorxiv source). */
  via(name: string): ProviderHttp;
}

export interface SourceAdapter {
  name: SourceName;
  /** The provider's public API root, e.g. https://eutils.ncbi.nlm.nih.gov/entrez/eutils. */
  defaultBaseUrl: string;
  /** Minimum spacing between two requests to the provider (its published rate limit). */
  minIntervalMs: number;
  /** Further APIs the adapter asks (name -> root URL), reached through ProviderHttp.via(name); each host is allow-listed. */
  auxiliaryBaseUrls?: Record<string, string>;
  /** False when the disease module has no search configuration for this source ("skipped"). */
  isConfigured(disease: DiseaseModule): boolean;
  /** The terms searched (recorded as the source's query_terms): the disease's terms, then the question's boosts. */
  queryTerms(disease: DiseaseModule, question: string, focus?: QuestionAnalysis): string[];
  /** Live (or cached) retrieval through the provider's API. */
  fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]>;
  /** File extension of this source's offline corpus files: fixtures/corpus/<source>/<disease_id>.<ext>. */
  corpusExtension: 'json' | 'xml';
  /** Parses an offline corpus file: the provider's own response format, the same one fetch() parses. */
  parseCorpus(content: string, query: SourceQuery): SourceRecord[];
}

/** A provider call failed in a way a retry may fix (timeout, 429, 5xx) or may not (4xx, malformed). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(message: string, readonly retryable: boolean, readonly status?: number) {
    super(message);
  }
}
