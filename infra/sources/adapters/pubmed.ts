// PubMed through NCBI E-utilities: esearch.fcgi (PMIDs for the query) then efetch.fcgi (the articles
// as a PubmedArticleSet). The offline corpus is an efetch PubmedArticleSet. NCBI allows 3 requests/s
// without an API key and 10 with one; api_key, email and tool are added by the runner (extraParams from
// settings: NCBI_API_KEY, NCBI_EMAIL, NCBI_TOOL). Retracted articles and retraction notices (publication
// type, or a RetractionIn comment) carry attributes.retracted and are dropped before normalization.
import { XMLParser } from 'fast-xml-parser';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { ProviderError, type ProviderHttp, type SourceAdapter, type SourceQuery } from '../source-adapter';
import { arr, compactDate, isObject, isoDate, malformed, fullText, snippet, str } from '../response-fields';
import { pubmedTerm as booleanTerm } from '../../../domain/workspace/question/provider-queries';
import { questionFocus } from '../../../domain/workspace/question/focus';

const ARRAYS = new Set(['PubmedArticle', 'MeshHeading', 'DeleteCitation', 'PMID', 'AbstractText', 'PublicationType', 'Id', 'ArticleDate', 'PubMedPubDate', 'ArticleId', 'ELocationID', 'CommentsCorrections']);

/** PubMed publication types of a retracted article and of a retraction notice (NLM publication types). */
const RETRACTION_TYPES = new Set(['retracted publication', 'retraction of publication']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  processEntities: false, // decoded by text() below, the same way for stop nodes and plain nodes
  stopNodes: ['*.ArticleTitle', '*.AbstractText', '*.VernacularTitle'], // these hold inline markup (<i>, <sup>)
  // a baseline's MedlineCitation elements are a list; inside a PubmedArticle there is one
  isArray: (name, jpath) => ARRAYS.has(name) || jpath === 'MedlineCitationSet.MedlineCitation',
});

function parseXml(body: string, root: string): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = parser.parse(body, true);
  } catch {
    throw malformed('not XML');
  }
  if (!isObject(doc) || !(root in doc)) throw malformed(`expected ${root}`);
  const node = doc[root];
  return isObject(node) ? node : {}; // an empty element parses as ''
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Text of a node (string, or {#text}), inline tags removed and XML entities decoded. */
function text(node: unknown): string {
  const raw = isObject(node) ? node['#text'] : node;
  const value = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

function articleDate(article: Record<string, unknown>, pubmedData: Record<string, unknown>): string | null {
  const pubDate = obj(obj(obj(article.Journal).JournalIssue).PubDate);
  // Month only (no Day) -> the 1st; a Season (no Month) -> its first month; MedlineDate ("2015 Oct-Dec",
  // "1998 Dec-1999 Jan", "2000 Spring") -> its first year and month.
  if (pubDate.Year !== undefined) return isoDate(text(pubDate.Year), text(pubDate.Month) || seasonMonth(text(pubDate.Season)), text(pubDate.Day));
  const medline = /(\d{4})(?:\s+([A-Za-z]+))?/.exec(text(pubDate.MedlineDate));
  if (medline) return isoDate(medline[1], seasonMonth(medline[2] ?? '') ?? medline[2]?.slice(0, 3));
  const electronic = obj(arr(article.ArticleDate)[0]);
  if (electronic.Year !== undefined) return isoDate(text(electronic.Year), text(electronic.Month), text(electronic.Day));
  const history = arr(obj(obj(pubmedData.History)).PubMedPubDate).map(obj).find((d) => d['@_PubStatus'] === 'pubmed');
  return history ? isoDate(text(history.Year), text(history.Month), text(history.Day)) : null;
}

/** NLM's seasons as the first month they cover (Winter: December of the year given, as PubMed sorts it). */
const SEASONS: Record<string, string> = { spring: '3', summer: '6', fall: '9', autumn: '9', winter: '12' };
function seasonMonth(value: string): string | undefined {
  return SEASONS[value.trim().toLowerCase()];
}

function toRecord(entry: unknown): SourceRecord | null {
  const citation = obj(obj(entry).MedlineCitation);
  const article = obj(citation.Article);
  const pmid = text(arr(citation.PMID)[0]);
  if (!/^\d+$/.test(pmid)) return null;
  const abstract = arr(obj(article.Abstract).AbstractText)
    .map((part) => {
      const label = isObject(part) ? str(part['@_Label']) : undefined;
      const body = text(part);
      return label && body ? `${label}: ${body}` : body;
    })
    .filter(Boolean)
    .join(' ');
  const publicationTypes = arr(obj(article.PublicationTypeList).PublicationType).map(text).filter(Boolean);
  const journal = text(obj(article.Journal).Title) || text(obj(article.Journal).ISOAbbreviation);
  const doi = articleDoi(article, obj(obj(entry).PubmedData));
  const retracted = publicationTypes.some((t) => RETRACTION_TYPES.has(t.toLowerCase()))
    || arr(obj(citation.CommentsCorrectionsList).CommentsCorrections).some((c) => isObject(c) && c['@_RefType'] === 'RetractionIn');
  const mesh = arr(obj(citation.MeshHeadingList).MeshHeading).map((h) => text(obj(h).DescriptorName)).filter(Boolean);
  const pmcid = arr(obj(obj(obj(entry).PubmedData).ArticleIdList).ArticleId).filter((a) => isObject(a) && a['@_IdType'] === 'pmc').map(text).find((id) => /^PMC\d+$/.test(id));
  return {
    source: 'pubmed',
    nativeId: pmid,
    recordType: 'article',
    title: text(article.ArticleTitle) || text(article.VernacularTitle) || `PubMed article ${pmid}`,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    text: snippet(abstract),
    ...(fullText(abstract) ? { fullText: fullText(abstract) } : {}),
    published: articleDate(article, obj(obj(entry).PubmedData)),
    structured: { drugs: [], targets: [], pathways: [] },
    attributes: {
      ...(publicationTypes.length > 0 ? { publicationTypes } : {}),
      ...(journal ? { journal } : {}),
      ...(retracted ? { retracted: true } : {}),
      ...(doi ? { doi } : {}),
      ...(mesh.length > 0 ? { meshTerms: mesh } : {}),
      ...(pmcid ? { pmcid } : {}),
    },
  };
}

/** The article's DOI (PubmedData ArticleIdList, else the Article's ELocationID), lower case. */
function articleDoi(article: Record<string, unknown>, pubmedData: Record<string, unknown>): string | undefined {
  const ids = arr(obj(pubmedData.ArticleIdList).ArticleId).filter((a) => isObject(a) && a['@_IdType'] === 'doi');
  const locations = arr(article.ELocationID).filter((e) => isObject(e) && e['@_EIdType'] === 'doi');
  const doi = [...ids, ...locations].map(text).find((d) => /^10\.\d{4,9}\//.test(d));
  return doi?.toLowerCase();
}

/** Parses an efetch PubmedArticleSet (live answer or corpus file). */
export function parsePubmedArticleSet(body: string): SourceRecord[] {
  return parsePubmedXml(body).records;
}

/**
 * Any MEDLINE/PubMed XML NLM publishes: an efetch answer or a baseline/update file (`PubmedArticleSet`,
 * DTD 2019 and later), or an older baseline (`MedlineCitationSet`, DTD 2016 and earlier). `deleted` lists the
 * PMIDs of an update file's `DeleteCitation` block, which a mirror removes.
 */
export function parsePubmedXml(body: string): { records: SourceRecord[]; deleted: string[] } {
  let doc: unknown;
  try {
    doc = parser.parse(body, true);
  } catch {
    throw malformed('not XML');
  }
  if (!isObject(doc)) throw malformed('expected PubmedArticleSet or MedlineCitationSet');
  const root = 'PubmedArticleSet' in doc ? doc.PubmedArticleSet : 'MedlineCitationSet' in doc ? doc.MedlineCitationSet : undefined;
  if (root === undefined) throw malformed('expected PubmedArticleSet or MedlineCitationSet');
  const set = obj(root);
  const entries = [...arr(set.PubmedArticle), ...arr(set.MedlineCitation).map((citation) => ({ MedlineCitation: citation }))];
  const deleted = arr(set.DeleteCitation).flatMap((d) => arr(obj(d).PMID)).map(text).filter((id) => /^\d+$/.test(id));
  return { records: entries.map(toRecord).filter((r): r is SourceRecord => r !== null), deleted };
}

/** Parses an esearch eSearchResult into PMIDs. */
export function parseEsearch(body: string): string[] {
  const result = parseXml(body, 'eSearchResult');
  if (result.ERROR !== undefined && result.IdList === undefined) throw new ProviderError(`provider error: ${text(result.ERROR)}`, false);
  return arr(obj(result.IdList).Id).map(text).filter((id) => /^\d+$/.test(id));
}

/**
 * The esearch term: (disease terms in title/abstract OR MeSH headings) AND (the question's entities,
 * OR'd) — the second group only when the question named an entity (domain/workspace/question).
 */
export function pubmedTerm(disease: DiseaseModule, terms: string[]): string {
  const config = disease.search.pubmed ?? { terms: [] };
  const diseaseTerms = new Set(config.terms);
  const meshTerms = new Set(config.mesh_terms ?? []);
  const boosts = terms.filter((t) => !diseaseTerms.has(t) && !meshTerms.has(t));
  return booleanTerm([...diseaseTerms], [...meshTerms], boosts);
}

export const pubmedAdapter: SourceAdapter = {
  name: 'pubmed',
  defaultBaseUrl: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils',
  minIntervalMs: 340,
  corpusExtension: 'xml',

  isConfigured: (disease) => (disease.search.pubmed?.terms?.length ?? 0) > 0,

  queryTerms(disease, question, focus) {
    const config = disease.search.pubmed!;
    return [...config.terms, ...(config.mesh_terms ?? []), ...questionFocus(question, disease, focus).boost_terms];
  },

  async fetch(query: SourceQuery, http: ProviderHttp): Promise<SourceRecord[]> {
    const dated = query.dateFrom !== null || query.dateTo !== null;
    const ids = parseEsearch(
      await http.getText('esearch.fcgi', {
        db: 'pubmed',
        term: pubmedTerm(query.disease, query.terms),
        retmax: Math.max(1, Math.min(query.limit, 10_000)),
        sort: 'relevance',
        retmode: 'xml',
        tool: 'evidence-research-service',
        // NCBI wants both bounds whenever one is given.
        datetype: dated ? 'pdat' : undefined,
        mindate: dated ? compactDate(query.dateFrom ?? '1800-01-01', '/') : undefined,
        maxdate: dated ? compactDate(query.dateTo ?? '3000-12-31', '/') : undefined,
      }),
    );
    if (ids.length === 0) return [];
    const body = await http.getText('efetch.fcgi', { db: 'pubmed', id: ids.join(','), retmode: 'xml', tool: 'evidence-research-service' });
    const records = parsePubmedArticleSet(body);
    const order = new Map(ids.map((id, i) => [id, i]));
    return records.sort((a, b) => (order.get(a.nativeId) ?? 1e9) - (order.get(b.nativeId) ?? 1e9)); // esearch's relevance order
  },

  parseCorpus: (content) => parsePubmedArticleSet(content),
};
