// Reads the files of one mirror snapshot into entries: the record (or, for labels, a function of the
// disease, since a label's indication match depends on it) and the text a disease query is matched on.
// Formats, named in the manifest (docs/evidence-sources.md, "The local mirror"):
//   medline_xml      MEDLINE/PubMed XML (MedlineCitationSet or PubmedArticleSet; DeleteCitation honoured)
//   pubmedqa_json    PubMedQA PQA-L (object keyed by PMID)
//   pmc_abst_jsonl   one {"pmcid", "abst"} per line, abst = an Evidence Inference .abst text
//   pmc_efetch_xml   E-utilities efetch db=pmc (pmc-articleset)
//   ctgov_json       ClinicalTrials.gov v2 studies ({studies}, an array, or one study)
//   openfda_label_json  openFDA /drug/label.json ({results}) or an array of labels
import zlib from 'node:zlib';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import { parsePubmedXml } from '../sources/adapters/pubmed';
import { parseStudyDocument } from '../sources/adapters/clinical_trials';
import { parseLabels } from '../sources/adapters/fda_labels';
import { parsePmcAbst, pmcArticleRecord } from './parsers/pmc-abst';
import { parsePmcEfetch, pmcEfetchRecord } from './parsers/pmc-efetch';
import { parsePubmedQa } from './parsers/pubmedqa';
import { fullText, snippet } from '../sources/response-fields';

export const MIRROR_FORMATS = ['medline_xml', 'pubmedqa_json', 'pmc_abst_jsonl', 'pmc_efetch_xml', 'ctgov_json', 'openfda_label_json'] as const;
export type MirrorFormat = (typeof MIRROR_FORMATS)[number];

export const FORMAT_SOURCE: Record<MirrorFormat, SourceName> = {
  medline_xml: 'pubmed', pubmedqa_json: 'pubmed', pmc_abst_jsonl: 'pubmed', pmc_efetch_xml: 'pubmed', ctgov_json: 'clinical_trials', openfda_label_json: 'fda_labels',
};

export interface MirrorEntry {
  id: string;
  /** What a disease query is matched on: title, abstract, MeSH, conditions, indications. */
  searchText: string;
  record(disease: DiseaseModule): SourceRecord;
}

const fixed = (record: SourceRecord, extra: string[] = []): MirrorEntry => ({
  id: record.nativeId,
  searchText: [record.title, record.fullText ?? record.text, ...(record.attributes.meshTerms ?? []), ...extra].join(' \n '),
  record: () => record,
});

const asText = (bytes: Buffer, file: string) => (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');

/** Entries of one file, and the ids an update file deletes. */
export function readMirrorFile(format: MirrorFormat, file: string, bytes: Buffer): { entries: MirrorEntry[]; deleted: string[] } {
  const text = asText(bytes, file);
  switch (format) {
    case 'medline_xml': {
      const { records, deleted } = parsePubmedXml(text);
      return { entries: records.map((r) => fixed(r)), deleted };
    }
    case 'pubmedqa_json':
      return { entries: parsePubmedQa(text).map((r) => fixed(r)), deleted: [] };
    case 'pmc_abst_jsonl':
      return {
        entries: text.split('\n').filter((l) => l.trim()).map((line) => {
          const { pmcid, abst } = JSON.parse(line) as { pmcid: string; abst: string };
          return fixed(pmcArticleRecord(parsePmcAbst(pmcid, abst)));
        }),
        deleted: [],
      };
    case 'pmc_efetch_xml':
      return {
        entries: parsePmcEfetch(text).map((a) => fixed(pmcEfetchRecord(a))),
        deleted: [],
      };
    case 'ctgov_json': {
      const body = JSON.parse(text) as unknown;
      const studies: unknown[] = Array.isArray(body) ? body : Array.isArray((body as { studies?: unknown }).studies) ? (body as { studies: unknown[] }).studies : [body];
      return {
        entries: studies.flatMap((study) => parseStudyDocument(study).map((record) => {
          const protocol = (study as { protocolSection?: { conditionsModule?: { conditions?: string[]; keywords?: string[] } } }).protocolSection;
          return fixed(record, [...(protocol?.conditionsModule?.conditions ?? []), ...(protocol?.conditionsModule?.keywords ?? [])]);
        })),
        deleted: [],
      };
    }
    case 'openfda_label_json': {
      const body = JSON.parse(text) as unknown;
      const labels: unknown[] = Array.isArray(body) ? body : ((body as { results?: unknown[] }).results ?? []);
      return {
        entries: labels.map((label) => {
          const l = label as { set_id?: string; id?: string; indications_and_usage?: string[] };
          return {
            id: String(l.set_id ?? l.id ?? ''),
            searchText: (l.indications_and_usage ?? []).join(' '),
            record: (disease: DiseaseModule) => parseLabels({ results: [label] }, disease)[0]!,
          };
        }).filter((e) => e.id !== ''),
        deleted: [],
      };
    }
  }
}
