// PubMedQA (Jin et al., EMNLP 2019) PQA-L JSON: an object keyed by PMID, each entry the article's question
// (its title, often), CONTEXTS (abstract sections without the conclusion) with LABELS, LONG_ANSWER (the
// conclusion), MESHES and YEAR. Each entry becomes a PubMed record: PMID, labelled abstract, MeSH, year.
import type { SourceRecord } from '../../../domain/workspace/sources';
import { arr, fullText, isObject, isoDate, snippet, str } from '../../sources/response-fields';

export function parsePubmedQa(content: string): SourceRecord[] {
  let doc: unknown;
  try {
    doc = JSON.parse(content);
  } catch {
    throw new Error('PubMedQA file is not JSON');
  }
  if (!isObject(doc)) throw new Error('PubMedQA file is not an object keyed by PMID');
  const records: SourceRecord[] = [];
  for (const [pmid, value] of Object.entries(doc)) {
    if (!/^\d+$/.test(pmid) || !isObject(value)) continue;
    const labels = arr(value.LABELS).map((l) => str(l) ?? '');
    const sections = arr(value.CONTEXTS).map((c, i) => {
      const text = str(c) ?? '';
      return labels[i] ? `${labels[i]}: ${text}` : text;
    });
    const conclusion = str(value.LONG_ANSWER);
    if (conclusion) sections.push(`CONCLUSIONS: ${conclusion}`);
    const abstract = sections.filter(Boolean).join(' ');
    const mesh = arr(value.MESHES).map(str).filter((m): m is string => m !== undefined);
    const long = fullText(abstract);
    records.push({
      source: 'pubmed',
      nativeId: pmid,
      recordType: 'article',
      // PQA-L's QUESTION is the article's title (or a question made from it): the only title the file holds.
      title: str(value.QUESTION) ?? `PubMed article ${pmid}`,
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
      text: snippet(abstract),
      ...(long ? { fullText: long } : {}),
      published: isoDate(value.YEAR),
      structured: { drugs: [], targets: [], pathways: [] },
      attributes: mesh.length > 0 ? { meshTerms: mesh } : {},
    });
  }
  return records;
}
