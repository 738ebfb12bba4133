// FAERS report counts from the biomedical store's active `faers` snapshot (openFDA drug/event reports
// imported whole into biomed.literature_records by infra/biomed/importers/openfda-records.ts), in the shape
// the live openFDA count API gives (commands/analysis/drug-safety/openfda-faers.ts), so the drug-safety
// disproportionality reads the same numbers offline. Method (the openFDA count semantics, computed over the
// stored reports instead of openFDA's index):
//   total        = reports in the snapshot                                      (drug/event.json meta.results.total)
//   eventTotals  = per MedDRA preferred term, reports listing it at least once   (count=patient.reaction.reactionmeddrapt.exact), top 1000
//   drug reports = reports with a drug whose openfda.generic_name holds the name as a whole-word phrase,
//                  case-insensitive (search=patient.drug.openfda.generic_name:"NAME", a phrase query on an
//                  analysed field); a drug entry without an `openfda` block (pre-annotation data) matches on
//                  its medicinalproduct instead, as openFDA's harmonisation would have named it
//   drug events  = per term, the drug's reports listing it, top maxEvents (count ties broken by term)
// A report counts once per term however often it lists it, as openFDA counts documents.
import type { Knex } from 'knex';
import { T } from '../biomed/store/tables';
import { LITERATURE_RECORDS } from '../biomed/store/literature-records';

export interface StoredDrugEvents { reports: number; events: { term: string; count: number }[] }
export interface StoredFaersCounts { total: number; eventTotals: Map<string, number>; drugs: Map<string, StoredDrugEvents> }

/** Event totals read per snapshot, as the live adapter reads (openFDA's count API returns at most 1000 terms). */
export const EVENT_TOTALS_LIMIT = 1000;

/** The active faers snapshot's id, or undefined when none is active. */
export async function activeFaersSnapshot(knex: Knex): Promise<string | undefined> {
  const row = await knex(T.snapshots).where({ active: true, resource: 'faers' }).first('snapshot_id') as { snapshot_id: string } | undefined;
  return row?.snapshot_id;
}

const TERMS = `select distinct t #>> '{}' as term from jsonb_path_query(r.document, '$.patient.reaction[*].reactionmeddrapt') t`;
// every name a drug entry goes by: its openfda.generic_name values, else (no openfda block) its medicinalproduct
const NAMES = `select n #>> '{}' as name from jsonb_path_query(r.document, '$.patient.drug[*] \\? (exists(@.openfda)).openfda.generic_name[*]') n
  union all select m #>> '{}' from jsonb_path_query(r.document, '$.patient.drug[*] \\? (!(exists(@.openfda))).medicinalproduct') m`;

/** Whole-word phrase pattern of a drug name (POSIX regex, case-insensitive match with ~*). */
export const namePattern = (name: string) => `(^|[^[:alnum:]])${name.trim().replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&').replace(/\s+/g, '\\s+')}([^[:alnum:]]|$)`;

export async function faersCountsFromStore(knex: Knex, snapshotId: string, names: readonly string[], maxEvents: number): Promise<StoredFaersCounts> {
  const count = async (sql: string, bindings: (string | number)[]) => ((await knex.raw(sql, bindings)) as { rows: { term: string; count: number }[] }).rows;
  const { rows: [head] } = await knex.raw(`select count(*)::int as n from ${LITERATURE_RECORDS} where snapshot_id = ?`, [snapshotId]) as { rows: { n: number }[] };
  const eventTotals = await count(
    `select e.term, count(*)::int as count from ${LITERATURE_RECORDS} r, lateral (${TERMS}) e
      where r.snapshot_id = ? and e.term is not null group by e.term order by count desc, e.term limit ?`, [snapshotId, EVENT_TOTALS_LIMIT]);
  const drugs = new Map<string, StoredDrugEvents>();
  for (const name of names) {
    const matching = `select r.record_id, r.document from ${LITERATURE_RECORDS} r
      where r.snapshot_id = ? and exists (select 1 from (${NAMES}) d where d.name ~* ?)`;
    const pattern = namePattern(name);
    const { rows: [reports] } = await knex.raw(`select count(*)::int as n from (${matching}) x`, [snapshotId, pattern]) as { rows: { n: number }[] };
    const events = reports!.n === 0 ? [] : await count(
      `select e.term, count(*)::int as count from (${matching}) r, lateral (${TERMS}) e
        where e.term is not null group by e.term order by count desc, e.term limit ?`, [snapshotId, pattern, maxEvents]);
    drugs.set(name, { reports: reports!.n, events });
  }
  return { total: head!.n, eventTotals: new Map(eventTotals.map((e) => [e.term, e.count])), drugs };
}
