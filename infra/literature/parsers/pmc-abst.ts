// The Evidence Inference corpus's PMC article files (`PMC<id>.abst`): plain text in labelled blocks, a
// header line then its text — `TITLE:` / `TITLE.`, `ABSTRACT.<SECTION>:` (e.g. ABSTRACT.RESULTS:), and for
// most articles `BODY.<SECTION>.<SUB>.` blocks of the full text. The file name carries the PMCID; the files
// hold no date, journal or PMID. Records are PubMed Central articles (source `pubmed`, id `PMC…`).
import type { SourceRecord } from '../../../domain/workspace/sources';
import { fullText, snippet } from '../../sources/response-fields';

export interface PmcArticle {
  pmcid: string;
  title: string;
  /** Abstract sections in order, label as written ("BACKGROUND") or '' for an unlabelled abstract. */
  abstract: { label: string; text: string }[];
  /** Body sections in order, label the header's path after BODY ("METHODS.STUDY POPULATION"). */
  body: { label: string; text: string }[];
}

const HEADER = /^(TITLE|ABSTRACT|BODY)((?:\.[^\n]*?)?)[.:]*\s*$/;

export function parsePmcAbst(pmcid: string, content: string): PmcArticle {
  if (!/^PMC\d+$/.test(pmcid)) throw new Error(`not a PMCID: ${pmcid}`);
  const article: PmcArticle = { pmcid, title: '', abstract: [], body: [] };
  let current: { kind: string; label: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.lines.join(' ').replace(/\s+/g, ' ').trim();
    if (current.kind === 'TITLE') article.title = text;
    else if (text) (current.kind === 'ABSTRACT' ? article.abstract : article.body).push({ label: current.label, text });
  };
  for (const line of content.split(/\r?\n/)) {
    const header = HEADER.exec(line);
    if (header) {
      flush();
      current = { kind: header[1]!, label: header[2]!.replace(/^\./, '').replace(/[.:]+$/, '').trim(), lines: [] };
    } else if (current) {
      current.lines.push(line);
    }
  }
  flush();
  return article;
}

/** The canonical PMC page of an article. */
export const pmcUrl = (pmcid: string) => `https://pmc.ncbi.nlm.nih.gov/articles/${pmcid}/`;

/** An article as an evidence record: title, labelled abstract (the body is kept for outcome reading). */
export function pmcArticleRecord(article: PmcArticle): SourceRecord {
  const abstract = article.abstract.map((s) => (s.label ? `${s.label}: ${s.text}` : s.text)).join(' ');
  const whole = [abstract, ...article.body.map((s) => s.text)].join(' ');
  const long = fullText(whole);
  return {
    source: 'pubmed',
    nativeId: article.pmcid,
    recordType: 'article',
    title: article.title || `PMC article ${article.pmcid}`,
    url: pmcUrl(article.pmcid),
    text: snippet(abstract || whole),
    ...(long ? { fullText: long } : {}),
    published: null,
    structured: { drugs: [], targets: [], pathways: [] },
    attributes: { pmcid: article.pmcid },
  };
}
