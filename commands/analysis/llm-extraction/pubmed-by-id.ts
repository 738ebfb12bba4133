// Abstracts by PMID through the source framework: efetch.fcgi?db=pubmed&id=… (NCBI E-utilities), parsed by the
// PubMed adapter's own PubmedArticleSet parser; offline, the disease's PubMed corpus file filtered to the PMIDs
// (synthetic examples: the runner marks them, and so does the result).
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { parsePubmedArticleSet, pubmedAdapter } from '../../../infra/sources/adapters/pubmed';
import type { SourceAdapter } from '../../../infra/sources/source-adapter';
import type { AnalysisDeps } from '../analysis-module';

function byIdAdapter(pmids: readonly string[]): SourceAdapter {
  const wanted = (records: SourceRecord[]) => records.filter((r) => pmids.includes(r.nativeId));
  return {
    name: 'pubmed', defaultBaseUrl: pubmedAdapter.defaultBaseUrl, minIntervalMs: pubmedAdapter.minIntervalMs, corpusExtension: 'xml',
    isConfigured: () => true,
    queryTerms: () => pmids.map((id) => `PMID:${id}`),
    async fetch(_query, http) {
      return wanted(parsePubmedArticleSet(await http.getText('efetch.fcgi', { db: 'pubmed', id: pmids.join(','), retmode: 'xml', tool: 'evidence-research-service' })));
    },
    parseCorpus: (content) => wanted(parsePubmedArticleSet(content)),
  };
}

export interface FetchedAbstracts { records: SourceRecord[]; status: string; retrieval_mode: string | null; warning: string | null }

export async function abstractsById(deps: AnalysisDeps, disease: DiseaseModule, pmids: readonly string[]): Promise<FetchedAbstracts> {
  if (!deps.sources) return { records: [], status: 'skipped', retrieval_mode: null, warning: 'no evidence-source runner is wired' };
  const run = await deps.sources(byIdAdapter(pmids), { disease, question: '', dateFrom: null, dateTo: null, limit: pmids.length });
  return { records: run.records, status: run.status.status, retrieval_mode: run.status.retrieval_mode, warning: run.status.warning };
}
