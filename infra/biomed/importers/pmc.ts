// pmc: PubMed Central articles — title, abstract (labelled sections) and body sections — as rows of
// biomed.literature_records with the full-text index. Inputs: the Evidence Inference corpus's PMC<id>.abst
// files (one article each, the PMCID in the name), the same as JSON Lines ({"pmcid", "abst"} per line, the
// bundled seed's form), and E-utilities efetch db=pmc XML (pmc-articleset). Records are PubMed Central
// articles on the pubmed source (id PMC…, canonical PMC URL; the PMID's PubMed URL when efetch gives one).
// The full-text index covers title and abstract (see articleRow).
import fs from 'node:fs';
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { readLineBatches } from '../parsers/line-reader';
import type { SourceRecord } from '../../../domain/workspace/sources';
import { LiteratureRow, LiteratureWriter } from '../store/literature-records';
import { parsePmcAbst, pmcArticleRecord, type PmcArticle } from '../../literature/parsers/pmc-abst';
import { parsePmcEfetch, pmcEfetchRecord } from '../../literature/parsers/pmc-efetch';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { literatureOutcome, recordRow } from './literature-support';

const ABST = /(^|[\\/])(PMC\d+)\.abst$/;
const JSONL = /\.jsonl(\.gz)?$/i;
const XML = /\.xml(\.gz)?$/i;

/**
 * An article's row: title and abstract sections indexed; the body stays in the document (the record's
 * fullText, for outcome reading) but out of the index — indexing 3,285 full texts cost ~25x the abstracts'
 * time, and a disease named only in a body is weak evidence of what the article is about.
 */
function articleRow(article: PmcArticle, record: SourceRecord, file: string, line: number): LiteratureRow {
  return { ...recordRow(record, file, line), abstract: article.abstract.map((s) => (s.label ? `${s.label}: ${s.text}` : s.text)).join(' ') };
}

export const pmcImporter: ResourceImporter = {
  resource: 'pmc',
  classify(paths) {
    if (paths.length === 0 || paths.some((p) => !ABST.test(p) && !JSONL.test(p) && !XML.test(p))) {
      throw new ImportRefusedError('bad_input', 'pmc takes PMC<id>.abst article files (Evidence Inference), .jsonl files of {"pmcid","abst"} lines, or efetch db=pmc .xml[.gz] files');
    }
    return paths.map((p) => ({ path: p, role: 'annotations' as const }));
  },
  async load(context) {
    const writer = new LiteratureWriter(context.queue, context.snapshotId);
    const counts = { abst_files: 0, jsonl_articles: 0, efetch_articles: 0, with_body: 0 };
    const files: Record<string, unknown>[] = [];
    let read = 0;
    for (const artifact of context.artifacts) {
      const file = path.basename(artifact.path);
      const abst = ABST.exec(artifact.path);
      if (abst) {
        const article = parsePmcAbst(abst[2]!, fs.readFileSync(artifact.path, 'utf8'));
        counts.abst_files++;
        if (article.body.length > 0) counts.with_body++;
        await writer.add(articleRow(article, pmcArticleRecord(article), file, 1));
        if (++read % PROGRESS_EVERY === 0) context.progress(file, read);
      } else if (JSONL.test(artifact.path)) {
        let line = 0;
        for await (const batch of readLineBatches(artifact.path)) for (const text of batch) {
          line++;
          if (!text.trim()) continue;
          const { pmcid, abst: content } = JSON.parse(text) as { pmcid: string; abst: string };
          const article = parsePmcAbst(pmcid, content);
          counts.jsonl_articles++;
          if (article.body.length > 0) counts.with_body++;
          await writer.add(articleRow(article, pmcArticleRecord(article), file, line));
          if (++read % PROGRESS_EVERY === 0) context.progress(file, read);
        }
        files.push({ file, format: 'pmc_abst_jsonl', lines: line });
      } else {
        // efetch answers are bounded by the request (at most a few hundred articles): parsed whole
        const articles = parsePmcEfetch(fs.readFileSync(artifact.path, 'utf8'));
        articles.forEach((a) => { if (a.body.length > 0) counts.with_body++; });
        for (let i = 0; i < articles.length; i++) await writer.add(articleRow(articles[i]!, pmcEfetchRecord(articles[i]!), file, i + 1));
        counts.efetch_articles += articles.length;
        read += articles.length;
        files.push({ file, format: 'pmc_efetch_xml', articles: articles.length });
      }
    }
    if (counts.abst_files > 0) files.push({ format: 'pmc_abst', files: counts.abst_files });
    return literatureOutcome(await writer.finish(), counts, files);
  },
};
