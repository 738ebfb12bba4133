// MEDLINE/PubMed XML read as a stream (a baseline file is ~30,000 citations, 150-250 MB of XML): the file
// (gzipped or not) is cut into its top-level elements — PubmedArticle (PubmedArticleSet, DTD 2019 and
// later), MedlineCitation (MedlineCitationSet, DTD 2016 and earlier) and DeleteCitation (update files) —
// and every few hundred of them are parsed together by the one PubMed parser (parsePubmedXml), wrapped in
// their set's root element. So at most one batch of citations is in memory, never the file.
import type { SourceRecord } from '../../../domain/workspace/sources';
import { openText } from '../../biomed/parsers/line-reader';
import { parsePubmedXml } from '../../sources/adapters/pubmed';

export interface MedlineBatch {
  records: SourceRecord[];
  /** PMIDs of the batch's DeleteCitation blocks. */
  deleted: string[];
  /** Top-level elements read so far in the file (citations, book articles and deletion blocks). */
  elements: number;
}

type Root = 'PubmedArticleSet' | 'MedlineCitationSet';

/** Start of the next element named `name` (followed by '>' or whitespace, so MedlineCitation never matches MedlineCitationSet). */
function findStart(text: string, name: string, from: number): number {
  let at = text.indexOf(`<${name}`, from);
  while (at >= 0) {
    const next = text.charCodeAt(at + name.length + 1);
    if (next === 62 /* > */ || next === 32 || next === 9 || next === 10 || next === 13) return at;
    at = text.indexOf(`<${name}`, at + 1);
  }
  return -1;
}

const ELEMENTS: Record<Root, readonly string[]> = {
  PubmedArticleSet: ['PubmedArticle', 'PubmedBookArticle', 'DeleteCitation'],
  MedlineCitationSet: ['MedlineCitation', 'DeleteCitation'],
};

export async function* readMedlineBatches(file: string, batchSize = 500): AsyncGenerator<MedlineBatch> {
  const input = openText(file);
  input.setEncoding('utf8');
  let text = '';
  let root: Root | null = null;
  let pending: string[] = [];
  let elements = 0;
  const parse = (): MedlineBatch => {
    const body = `<${root}>${pending.join('\n')}</${root}>`;
    pending = [];
    return { ...parsePubmedXml(body), elements };
  };
  for await (const chunk of input as AsyncIterable<string>) {
    text += chunk;
    if (root === null) {
      const article = text.indexOf('<PubmedArticleSet');
      const citation = text.indexOf('<MedlineCitationSet');
      if (article < 0 && citation < 0) {
        if (text.length > 1 << 20) throw new Error(`${file}: neither PubmedArticleSet nor MedlineCitationSet in the first MiB; not MEDLINE/PubMed XML`);
        continue;
      }
      root = article >= 0 && (citation < 0 || article < citation) ? 'PubmedArticleSet' : 'MedlineCitationSet';
    }
    let position = 0;
    let unfinished = false;
    // next start of each element kind in this text: searched again only once passed (an absent kind, such as
    // DeleteCitation in a baseline, is searched once per chunk, not once per citation)
    const next = new Map<string, number>();
    for (;;) {
      let start = -1;
      let name = '';
      for (const candidate of ELEMENTS[root]) {
        let at = next.get(candidate);
        if (at === undefined || (at >= 0 && at < position)) { at = findStart(text, candidate, position); next.set(candidate, at); }
        if (at >= 0 && (start < 0 || at < start)) { start = at; name = candidate; }
      }
      if (start < 0) break;
      const close = `</${name}>`;
      const end = text.indexOf(close, start);
      if (end < 0) { position = start; unfinished = true; break; }
      pending.push(text.slice(start, end + close.length));
      elements++;
      position = end + close.length;
      if (pending.length >= batchSize) yield parse();
    }
    // keep the unfinished element (or, with none started, a tail long enough to hold a split start tag)
    text = text.slice(unfinished || position > 0 ? position : Math.max(0, text.length - 64));
  }
  if (root === null) throw new Error(`${file}: neither PubmedArticleSet nor MedlineCitationSet found; not MEDLINE/PubMed XML`);
  if (pending.length > 0) yield parse();
}
