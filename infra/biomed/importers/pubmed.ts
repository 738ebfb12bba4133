// pubmed: MEDLINE/PubMed XML as NLM publishes it — baseline and update files (PubmedArticleSet, DTD 2019 and
// later; MedlineCitationSet, DTD 2016 and earlier), gzipped or not — and PubMedQA's JSON (an object keyed by
// PMID), as rows of biomed.literature_records with the full-text index. Files are read in the order given:
// a later file's version of a citation replaces an earlier one, and an update file's DeleteCitation PMIDs
// remove the citation an earlier file brought (NLM's rule for applying updates to a baseline). Each record
// keeps PMID, title, abstract with its labelled sections, journal, date, MeSH, publication types, DOI and
// PMCID (the fields the PubMed parser reads; infra/sources/adapters/pubmed.ts).
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { jsonValuesAt } from '../parsers/json-stream';
import { LiteratureWriter } from '../store/literature-records';
import { readMedlineBatches } from '../../literature/parsers/medline-stream';
import { parsePubmedQa } from '../../literature/parsers/pubmedqa';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { literatureOutcome, recordRow } from './literature-support';

const XML = /\.xml(\.gz)?$/i;
const JSON_FILE = /\.json(\.gz)?$/i;

export const pubmedImporter: ResourceImporter = {
  resource: 'pubmed',
  classify(paths) {
    if (paths.length === 0 || paths.some((p) => !XML.test(p) && !JSON_FILE.test(p))) {
      throw new ImportRefusedError('bad_input', 'pubmed takes MEDLINE/PubMed .xml[.gz] files (baseline first, then updates in order) and PubMedQA .json files');
    }
    return paths.map((p) => ({ path: p, role: 'annotations' as const }));
  },
  async load(context) {
    const writer = new LiteratureWriter(context.queue, context.snapshotId);
    const counts = { citations: 0, pubmedqa_entries: 0, deletions: 0, retracted: 0 };
    const files: Record<string, unknown>[] = [];
    for (const artifact of context.artifacts) {
      const file = path.basename(artifact.path);
      let read = 0;
      if (XML.test(artifact.path)) {
        const deleted: string[] = [];
        for await (const batch of readMedlineBatches(artifact.path)) {
          for (const record of batch.records) {
            read++;
            if (record.attributes.retracted) counts.retracted++;
            await writer.add(recordRow(record, file, read));
          }
          deleted.push(...batch.deleted);
          if (read % PROGRESS_EVERY < batch.records.length) context.progress(file, read);
        }
        await writer.delete(deleted, file);
        counts.citations += read;
        counts.deletions += deleted.length;
        files.push({ file, format: 'medline_xml', citations: read, deletions: deleted.length });
      } else {
        // PubMedQA: { "<PMID>": { QUESTION, CONTEXTS, LABELS, LONG_ANSWER, MESHES, YEAR }, ... }, one entry at a time
        for await (const { path: at, value } of jsonValuesAt(artifact.path, (p) => p.length === 1 && typeof p[0] === 'string')) {
          for (const record of parsePubmedQa(JSON.stringify({ [at[0] as string]: value }))) {
            read++;
            await writer.add(recordRow(record, file, read));
          }
          if (read % PROGRESS_EVERY === 0) context.progress(file, read);
        }
        counts.pubmedqa_entries += read;
        files.push({ file, format: 'pubmedqa_json', entries: read });
      }
      context.progress(file, read);
    }
    const records = await writer.finish();
    if (counts.retracted > 0) context.warn(`${counts.retracted} retracted article(s) or retraction notice(s) kept in the snapshot; the pubmed source drops them before ranking`);
    return literatureOutcome(records, counts, files);
  },
};
