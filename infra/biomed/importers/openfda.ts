// openfda: any number of openFDA files (drug labels, FAERS events, the harmonization table) as drug and
// adverse-event terms and HAS_ADVERSE_EVENT claims, in one snapshot.
// - A drug's CURIE comes from the ids its record carries, never from its name when it has one: the one
//   SPL set id (SPL_SET:<uuid>), else the one RxCUI (RXCUI:<n>), else the one UNII (UNII:<id>); a drug
//   with none (or several of each) is DRUG_NAME:<the name as reported, upper-cased>. Names become the
//   label and synonyms, the other ids xrefs (RXCUI:, UNII:, NDC:, SPL_SET:).
// - FAERS: each reaction (MedDRA preferred term, as reported) is a term MEDDRA_PT:<term>; for each
//   SUSPECT or INTERACTING drug (drugcharacterization 1 or 3; concomitant drugs are counted, not
//   claimed) and each distinct reaction of the report, one claim drug HAS_ADVERSE_EVENT reaction
//   (supports: the report asserts it; not causality) with an evidence link to the report: evidence is
//   counted per report.
// - Labels: indications_and_usage names no condition id, so it is kept as text (biomed.term_attributes)
//   and gives no INDICATED_FOR claim; a condition is never guessed from label text.
// Drug and reaction terms are kept out of conditions search (empty search text).
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { JsonObject, OpenfdaMeta, parseOpenfda } from '../parsers/openfda';
import { BulkInserter, Column } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { productGenericNames } from '../../sources/adapters/fda_labels';

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];
const ATTRIBUTE_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'attribute_no', type: 'integer' }, { name: 'name', type: 'text' },
  { name: 'value', type: 'text' }, { name: 'source_file', type: 'text' }, { name: 'source_line', type: 'integer' },
];
export const TERM_ATTRIBUTES = 'biomed.term_attributes';
export const HAS_ADVERSE_EVENT = 'HAS_ADVERSE_EVENT';
/** FAERS drugcharacterization: 1 suspect, 2 concomitant, 3 interacting. */
const CLAIMED_CHARACTERIZATIONS = new Set(['1', '3']);

const token = (name: string) => name.trim().toUpperCase().replace(/[^A-Za-z0-9_.:-]+/g, '_');
export const reactionCurie = (term: string) => `MEDDRA_PT:${token(term)}`;

const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap(strings);
  return [];
};
const distinct = (values: string[]) => [...new Set(values)];

export interface DrugIds { splSetIds: string[]; rxcuis: string[]; uniis: string[]; ndcs: string[] }

/** The drug's CURIE from its ids (see the file comment); the name only when no single id names it. */
export function drugCurie(ids: DrugIds, name: string | null): string | null {
  if (ids.splSetIds.length === 1) return `SPL_SET:${ids.splSetIds[0]}`;
  if (ids.rxcuis.length === 1) return `RXCUI:${ids.rxcuis[0]}`;
  if (ids.uniis.length === 1) return `UNII:${ids.uniis[0]}`;
  return name ? `DRUG_NAME:${token(name)}` : null;
}

function idsFromOpenfdaBlock(block: unknown): DrugIds {
  const o = (block && typeof block === 'object' ? block : {}) as JsonObject;
  return { splSetIds: distinct(strings(o.spl_set_id)), rxcuis: distinct(strings(o.rxcui)), uniis: distinct(strings(o.unii)), ndcs: distinct(strings(o.product_ndc)) };
}

interface Drug { label: string | null; names: Set<string>; xrefs: Set<string>; line: number }

export const openfdaImporter: ResourceImporter = {
  resource: 'openfda',
  classify(paths) {
    if (paths.length === 0 || paths.some((p) => !/\.(json|jsonl|ndjson)(\.gz)?$/i.test(p))) {
      throw new ImportRefusedError('bad_input', 'openfda takes one or more openFDA .json[.gz] (labels, FAERS events) or .jsonl[.gz] (harmonization table) files');
    }
    return paths.map((p) => ({ path: p, role: /\.json(\.gz)?$/i.test(p) ? 'annotations' as const : 'terms' as const }));
  },
  async load(context) {
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, TERM_COLUMNS);
    const attributes = new BulkInserter(context.queue, TERM_ATTRIBUTES, ATTRIBUTE_COLUMNS);
    const drugs = new Map<string, Drug>();
    const reactions = new Map<string, { label: string; line: number }>();
    const counts = {
      records: 0, labels: 0, events: 0, products: 0, unrecognized_records: 0, drugs_identified_by_name: 0,
      event_drugs_suspect: 0, event_drugs_concomitant_or_other: 0, adverse_event_claims: 0, indications_text_only: 0, indicated_for_claims: 0,
    };
    const files: Record<string, unknown>[] = [];
    let attributeNo = 0;
    let lastUpdated: string | null = null;

    const drug = (curie: string, line: number): Drug => {
      let d = drugs.get(curie);
      if (!d) { d = { label: null, names: new Set(), xrefs: new Set(), line }; drugs.set(curie, d); }
      return d;
    };
    const describe = (d: Drug, curie: string, names: string[], ids: DrugIds) => {
      for (const n of names) { if (d.label === null) d.label = n; d.names.add(n); }
      for (const id of ids.splSetIds) d.xrefs.add(`SPL_SET:${id}`);
      for (const id of ids.rxcuis) d.xrefs.add(`RXCUI:${id}`);
      for (const id of ids.uniis) d.xrefs.add(`UNII:${id}`);
      for (const id of ids.ndcs) d.xrefs.add(`NDC:${id}`);
      d.xrefs.delete(curie);
    };

    for (const artifact of context.artifacts) {
      const file = path.basename(artifact.path);
      const meta: OpenfdaMeta = {};
      const perFile = { records: 0, labels: 0, events: 0, products: 0, unrecognized: 0 };
      for await (const record of parseOpenfda(artifact.path, meta)) {
        counts.records++;
        perFile.records++;
        const r = record.value;
        if (record.kind === 'product') {
          counts.products++; perFile.products++;
          const ids: DrugIds = {
            splSetIds: distinct(strings(r.spl_set_id)),
            rxcuis: distinct((Array.isArray(r.rxnorm) ? r.rxnorm : []).flatMap((x: { rxcui?: unknown }) => strings(x?.rxcui))),
            uniis: distinct((Array.isArray(r.unii_indexing) ? r.unii_indexing : []).flatMap((x: { unii?: unknown }) => strings(x?.unii))),
            ndcs: distinct(strings(r.product_ndc)),
          };
          const names = distinct([...strings(r.brand_name), ...strings(r.generic_name)]);
          const curie = drugCurie(ids, names[0] ?? null);
          if (curie) describe(drug(curie, record.line), curie, names, ids);
        } else if (record.kind === 'label') {
          counts.labels++; perFile.labels++;
          const ids = idsFromOpenfdaBlock(r.openfda);
          ids.splSetIds = distinct([...strings(r.set_id), ...ids.splSetIds]);
          // Without openFDA's harmonised block (a label it could not match) the SPL's own product data
          // elements still name the generic drug (it was imported unnamed).
          const fromBlock = [...strings((r.openfda as JsonObject | undefined)?.brand_name), ...strings((r.openfda as JsonObject | undefined)?.generic_name)];
          const names = distinct(fromBlock.length > 0 ? fromBlock : productGenericNames(r.spl_product_data_elements));
          const curie = drugCurie({ ...ids, splSetIds: strings(r.set_id).slice(0, 1) }, names[0] ?? null);
          if (!curie) continue;
          describe(drug(curie, record.line), curie, names, ids);
          for (const text of strings(r.indications_and_usage)) {
            counts.indications_text_only++;
            await attributes.add([context.snapshotId, curie, ++attributeNo, 'indications_and_usage', text, file, record.line]);
          }
        } else if (record.kind === 'event') {
          counts.events++; perFile.events++;
          const patient = (r.patient && typeof r.patient === 'object' ? r.patient : {}) as JsonObject;
          const reportId = strings(r.safetyreportid)[0] ?? `record-${record.line}`;
          const reported = new Map<string, string>();
          for (const reaction of Array.isArray(patient.reaction) ? patient.reaction as JsonObject[] : []) {
            const term = strings(reaction?.reactionmeddrapt)[0];
            if (!term) continue;
            const curie = reactionCurie(term);
            if (!reported.has(curie)) reported.set(curie, term);
            if (!reactions.has(curie)) reactions.set(curie, { label: term, line: record.line });
          }
          const suspects = new Map<string, { name: string | null; characterization: string }>();
          for (const entry of Array.isArray(patient.drug) ? patient.drug as JsonObject[] : []) {
            const characterization = strings(entry?.drugcharacterization)[0] ?? '';
            if (!CLAIMED_CHARACTERIZATIONS.has(characterization)) { counts.event_drugs_concomitant_or_other++; continue; }
            counts.event_drugs_suspect++;
            const name = strings(entry.medicinalproduct)[0] ?? null;
            const ids = idsFromOpenfdaBlock(entry.openfda);
            const curie = drugCurie(ids, name);
            if (!curie) continue;
            describe(drug(curie, record.line), curie, [...(name ? [name] : []), ...strings((entry.openfda as JsonObject | undefined)?.brand_name), ...strings((entry.openfda as JsonObject | undefined)?.generic_name)], ids);
            if (!suspects.has(curie)) suspects.set(curie, { name, characterization });
          }
          for (const [drugId, suspect] of suspects) {
            for (const [reactionId, term] of reported) {
              counts.adverse_event_claims++;
              await writers.claim({
                subject: drugId, predicate: HAS_ADVERSE_EVENT, object: reactionId, direction: 'supports', mondoCurie: null,
                qualifiers: {
                  safetyreportid: reportId, drugcharacterization: suspect.characterization, reaction: term,
                  ...(suspect.name ? { reported_drug_name: suspect.name } : {}), ...(typeof r.serious === 'string' ? { serious: r.serious } : {}),
                },
                evidence: { file, line: record.line, reference: `FAERS:${reportId}`, evidenceCode: 'FAERS spontaneous report' },
              });
            }
          }
        } else {
          counts.unrecognized_records++; perFile.unrecognized++;
        }
        if (counts.records % PROGRESS_EVERY === 0) context.progress(file, perFile.records);
      }
      context.progress(file, perFile.records);
      if (perFile.unrecognized > 0) context.warn(`${file}: ${perFile.unrecognized} record(s) are neither a FAERS event, a drug label nor a harmonization row; skipped`);
      lastUpdated ??= meta.lastUpdated ?? null;
      files.push({ file, form: meta.form, last_updated: meta.lastUpdated ?? null, ...perFile });
    }
    for (const [curie, d] of drugs) {
      if (curie.startsWith('DRUG_NAME:')) counts.drugs_identified_by_name++;
      const synonyms = [...d.names].filter((n) => n !== d.label).map((text) => ({ text, scope: 'EXACT', type: null }));
      await terms.add([context.snapshotId, curie, d.label, 'drug', null, synonyms, [...d.xrefs].map((id) => ({ id, source: 'openfda' })), null, false, '', d.line]);
    }
    for (const [curie, r] of reactions) await terms.add([context.snapshotId, curie, r.label, 'adverse_event', null, [], [], null, false, '', r.line]);
    await terms.flush();
    await attributes.flush();
    await writers.flush();
    if (counts.indications_text_only > 0) context.warn(`${counts.indications_text_only} indications_and_usage text(s) kept as term attributes: labels name no condition id, so no INDICATED_FOR claim`);
    return {
      version: lastUpdated,
      counts: { ...writers.counts(), terms: terms.written, term_attributes: attributes.written, drugs: drugs.size, reactions: reactions.size, ...counts },
      details: { files },
    };
  },
};
