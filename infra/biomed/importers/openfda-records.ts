// openfda_labels and faers: openFDA drug labels and FAERS adverse-event reports as rows of
// biomed.literature_records with the full-text index, read one record at a time from the API's answer
// shape ({"meta", "results": [...]}), the bulk download's (the same object, one file per partition, gzipped
// or zipped-then-unzipped), a top-level array or one record (infra/biomed/parsers/openfda.ts). Each row's
// document is the provider's own record, unchanged: a label's evidence record depends on the disease asked
// about (its indication match), so the mirror builds it at query time with the live source's parser; a
// FAERS report is kept whole for disproportionality counts. The openfda resource (drugs, reactions and
// HAS_ADVERSE_EVENT claims of the knowledge graph) reads the same files for the graph; these two feed search.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { JsonObject, OpenfdaKind, OpenfdaMeta, parseOpenfda } from '../parsers/openfda';
import { LiteratureRow, LiteratureWriter } from '../store/literature-records';
import { normalizeDate } from '../../sources/response-fields';
import { productGenericNames } from '../../sources/adapters/fda_labels';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { literatureOutcome } from './literature-support';

const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(strings);
  return [];
};
const distinct = (values: string[]) => [...new Set(values)];
const block = (value: unknown) => (value && typeof value === 'object' ? value : {}) as JsonObject;

/** A label's row: names (openFDA block, else the SPL's own product data) as title, indications as abstract. */
export function labelRow(label: JsonObject, file: string, line: number): LiteratureRow | null {
  const id = strings(label.set_id)[0] ?? strings(label.id)[0];
  if (!id) return null;
  const openfda = block(label.openfda);
  const names = distinct([...strings(openfda.brand_name), ...strings(openfda.generic_name)]);
  const generic = names.length > 0 ? names : productGenericNames(label.spl_product_data_elements);
  return {
    recordId: id,
    title: generic.length > 0 ? `${generic.join(', ')} drug label` : `Drug label ${id}`,
    abstract: strings(label.indications_and_usage).join(' '),
    keywords: distinct([...generic, ...strings(openfda.substance_name), ...strings(openfda.pharm_class_epc)]).join('; '),
    published: normalizeDate(strings(label.effective_time)[0]),
    document: label, file, line,
  };
}

/** A FAERS report's row: its suspect and interacting drugs as title, its MedDRA reactions as abstract. */
export function faersRow(event: JsonObject, file: string, line: number): LiteratureRow | null {
  const id = strings(event.safetyreportid)[0];
  if (!id) return null;
  const patient = block(event.patient);
  const drugs = Array.isArray(patient.drug) ? patient.drug as JsonObject[] : [];
  const drugNames = (d: JsonObject) => distinct([...strings(d?.medicinalproduct), ...strings(block(d?.openfda).generic_name), ...strings(block(d?.openfda).brand_name)]);
  const suspects = distinct(drugs.filter((d) => ['1', '3'].includes(strings(d?.drugcharacterization)[0] ?? '')).flatMap(drugNames));
  const reactions = distinct((Array.isArray(patient.reaction) ? patient.reaction as JsonObject[] : []).flatMap((r) => strings(r?.reactionmeddrapt)));
  return {
    recordId: id,
    title: `FAERS report ${id}${suspects.length > 0 ? `: ${suspects.join(', ')}` : ''}`,
    abstract: reactions.join('; '),
    keywords: distinct(drugs.flatMap(drugNames)).join('; '),
    published: normalizeDate(strings(event.receivedate)[0]),
    document: event, file, line,
  };
}

function openfdaRecordsImporter(resource: 'openfda_labels' | 'faers', kind: OpenfdaKind, row: typeof labelRow): ResourceImporter {
  const what = kind === 'label' ? 'drug label' : 'FAERS event';
  return {
    resource,
    classify(paths) {
      if (paths.length === 0 || paths.some((p) => !/\.(json|jsonl|ndjson)(\.gz)?$/i.test(p))) {
        throw new ImportRefusedError('bad_input', `${resource} takes openFDA ${what} .json[.gz] files (API answer or bulk download partition) or .jsonl[.gz]`);
      }
      return paths.map((p) => ({ path: p, role: 'annotations' as const }));
    },
    async load(context) {
      const writer = new LiteratureWriter(context.queue, context.snapshotId);
      const counts = { read: 0, other_kinds_skipped: 0, without_id: 0 };
      const files: Record<string, unknown>[] = [];
      let lastUpdated: string | null = null;
      for (const artifact of context.artifacts) {
        const file = path.basename(artifact.path);
        const meta: OpenfdaMeta = {};
        let read = 0;
        for await (const record of parseOpenfda(artifact.path, meta)) {
          if (record.kind !== kind) { counts.other_kinds_skipped++; continue; }
          read++;
          const r = row(record.value, file, record.line);
          if (r === null) { counts.without_id++; continue; }
          await writer.add(r);
          if (read % PROGRESS_EVERY === 0) context.progress(file, read);
        }
        counts.read += read;
        context.progress(file, read);
        lastUpdated ??= meta.lastUpdated ?? null;
        files.push({ file, form: meta.form ?? null, last_updated: meta.lastUpdated ?? null, records: read });
      }
      if (counts.other_kinds_skipped > 0) context.warn(`${counts.other_kinds_skipped} record(s) that are not a ${what} skipped (the openfda resource reads every kind into the graph)`);
      if (counts.without_id > 0) context.warn(`${counts.without_id} ${what}(s) without ${kind === 'label' ? 'set_id or id' : 'safetyreportid'} skipped`);
      return literatureOutcome(await writer.finish(), counts, files, lastUpdated);
    },
  };
}

export const openfdaLabelsImporter = openfdaRecordsImporter('openfda_labels', 'label', labelRow);
export const faersImporter = openfdaRecordsImporter('faers', 'event', faersRow);
