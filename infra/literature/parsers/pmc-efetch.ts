// E-utilities efetch db=pmc answers (`pmc-articleset` of JATS `article`s): PMCID, PMID, DOI, title, the
// abstract with its section titles, the body's sections, the journal and the publication date.
import { XMLParser } from 'fast-xml-parser';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { arr, fullText, isObject, isoDate, malformed, snippet } from '../../sources/response-fields';
import { pmcUrl, type PmcArticle } from './pmc-abst';

export interface PmcEfetchArticle extends PmcArticle {
  pmid?: string;
  doi?: string;
  journal?: string;
  published: string | null;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  processEntities: false,
  // these hold inline markup (<italic>, <xref>): read as raw text and stripped below
  stopNodes: ['*.article-title', '*.p', '*.title', '*.journal-title'],
  isArray: (name) => ['article', 'article-id', 'sec', 'p', 'pub-date', 'abstract'].includes(name),
});

const obj = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

function text(node: unknown): string {
  const raw = isObject(node) ? node['#text'] : node;
  return (typeof raw === 'string' ? raw : '')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A section's paragraphs, then its subsections' (titles joined with '.'). */
function sections(node: Record<string, unknown>, prefix: string, out: { label: string; text: string }[]): void {
  const own = arr(node.p).map(text).filter(Boolean).join(' ');
  if (own) out.push({ label: prefix, text: own });
  for (const sec of arr(node.sec).map(obj)) {
    const title = text(sec.title);
    sections(sec, prefix && title ? `${prefix}.${title}` : title || prefix, out);
  }
}

export function parsePmcEfetch(body: string): PmcEfetchArticle[] {
  let doc: unknown;
  try {
    doc = parser.parse(body, true);
  } catch {
    throw malformed('not XML');
  }
  const set = obj(obj(doc)['pmc-articleset']);
  if (!isObject(obj(doc)['pmc-articleset'])) throw malformed('expected pmc-articleset');
  const articles: PmcEfetchArticle[] = [];
  for (const article of arr(set.article).map(obj)) {
    const front = obj(article.front);
    const meta = obj(front['article-meta']);
    const ids = new Map(arr(meta['article-id']).map(obj).map((id) => [String(id['@_pub-id-type']), text(id)]));
    const pmcid = ids.get('pmcid') ?? (ids.get('pmc') ? `PMC${ids.get('pmc')}` : undefined);
    if (!pmcid || !/^PMC\d+$/.test(pmcid)) continue;
    const abstract: { label: string; text: string }[] = [];
    const firstAbstract = arr(meta.abstract).map(obj).find((a) => a['@_abstract-type'] === undefined) ?? obj(arr(meta.abstract)[0]);
    sections(firstAbstract, '', abstract);
    const bodySections: { label: string; text: string }[] = [];
    sections(obj(article.body), '', bodySections);
    const dates = arr(meta['pub-date']).map(obj);
    const date = dates.find((d) => ['epub', 'ppub'].includes(String(d['@_pub-type'] ?? d['@_date-type']))) ?? dates[0];
    const journal = text(obj(obj(front['journal-meta'])['journal-title-group'])['journal-title']);
    articles.push({
      pmcid,
      title: text(obj(meta['title-group'])['article-title']),
      abstract,
      body: bodySections,
      ...(ids.get('pmid') ? { pmid: ids.get('pmid')! } : {}),
      ...(ids.get('doi') ? { doi: ids.get('doi')!.toLowerCase() } : {}),
      ...(journal ? { journal } : {}),
      published: date ? isoDate(text(date.year), text(date.month), text(date.day)) : null,
    });
  }
  return articles;
}

/** An efetch article as an evidence record: the PubMed URL when it names its PMID, else the PMC page. */
export function pmcEfetchRecord(a: PmcEfetchArticle): SourceRecord {
  const abstract = a.abstract.map((s) => (s.label ? `${s.label}: ${s.text}` : s.text)).join(' ');
  const long = fullText([abstract, ...a.body.map((s) => s.text)].join(' '));
  return {
    source: 'pubmed', nativeId: a.pmid ?? a.pmcid, recordType: 'article', title: a.title || a.pmcid,
    url: a.pmid ? `https://pubmed.ncbi.nlm.nih.gov/${a.pmid}/` : pmcUrl(a.pmcid), text: snippet(abstract),
    ...(long ? { fullText: long } : {}), published: a.published, structured: { drugs: [], targets: [], pathways: [] },
    attributes: { pmcid: a.pmcid, ...(a.doi ? { doi: a.doi } : {}), ...(a.journal ? { journal: a.journal } : {}) },
  };
}
