// The corpus readiness batch report: every registry disease's readiness tier from the active snapshots
// (its MONDO term's exact mappings, phenotype claims, gene/pathway/drug claims), recorded as one
// CorpusStatusReported event with the rows as a blob; and the latest such report for the route.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CORPUS_STATUS_STREAM, CorpusStatusEvent, CorpusStatusReport, CorpusStatusRow, countTiers } from '../../domain/operations/corpus-status';
import { activeSnapshots } from '../../infra/biomed/read/active-snapshots';
import { readiness, resolveIdentities, spellingsOf } from '../../infra/biomed/read/identity';
import { T } from '../../infra/biomed/store/tables';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { EventStore } from '../../infra/event-store/event-store';
import { CommandContext, metadataFor } from '../shared/command-context';

export interface CorpusStatusDeps {
  db: Knex;
  store: EventStore;
  blobs: Pick<BlobStore, 'putText' | 'getText'>;
  /** Every registry disease, valid or not (an invalid one still has an id and may have a MONDO id). */
  diseases: { list(): readonly { id: string; summary: { mondo_id: string | null } }[] };
}

/** The MONDO ids among `curies` that a term of an active snapshot carries (any spelling). */
async function importedTerms(db: Knex, active: readonly string[], curies: readonly string[]): Promise<Set<string>> {
  if (curies.length === 0 || active.length === 0) return new Set();
  const rows = await db(T.terms).whereIn('snapshot_id', [...active]).whereIn('curie', spellingsOf(curies)).distinct('curie') as { curie: string }[];
  const found = new Set(rows.map((r) => r.curie.toUpperCase()));
  return new Set(curies.filter((c) => spellingsOf([c]).some((s) => found.has(s.toUpperCase()))));
}

export async function computeCorpusStatus(deps: Pick<CorpusStatusDeps, 'db' | 'diseases'>): Promise<{ rows: CorpusStatusRow[]; snapshots: string[] }> {
  const snapshots = (await activeSnapshots(deps.db)).map((s) => s.snapshot_id);
  const diseases = deps.diseases.list().map((d) => ({ id: d.id, mondo_id: d.summary.mondo_id })).sort((a, b) => a.id.localeCompare(b.id));
  const mondos = [...new Set(diseases.map((d) => d.mondo_id).filter((m): m is string => m !== null))];
  const imported = await importedTerms(deps.db, snapshots, mondos);
  const identities = await resolveIdentities(deps.db, snapshots, [...imported]);
  const tiers = await readiness(deps.db, snapshots, [...identities.values()]);
  const rows = diseases.map((d): CorpusStatusRow => ({
    disease_id: d.id, mondo_id: d.mondo_id,
    tier: d.mondo_id === null ? 'no_mondo_id' : imported.has(d.mondo_id) ? tiers.get(d.mondo_id)!.tier : 'not_imported',
  }));
  return { rows, snapshots };
}

/** Computes and records the batch report; returns it. */
export async function reportCorpusStatus(deps: CorpusStatusDeps, context: CommandContext): Promise<CorpusStatusReport> {
  const { rows, snapshots } = await computeCorpusStatus(deps);
  const rowsBlob = await deps.blobs.putText(JSON.stringify(rows), 'application/json');
  const report: CorpusStatusReport = { diseases: rows.length, tiers: countTiers(rows), rows_blob: rowsBlob, snapshots, at: context.now.toISOString() };
  const event: CorpusStatusEvent = { type: 'CorpusStatusReported', data: report };
  await deps.store.append(CORPUS_STATUS_STREAM, [{ id: randomUUID(), ...event, metadata: metadataFor(context) }]);
  return report;
}

/** The latest recorded report, or undefined before the first one. */
export async function latestCorpusStatus(deps: Pick<CorpusStatusDeps, 'store'>): Promise<CorpusStatusReport | undefined> {
  const [last] = await deps.store.readStream(CORPUS_STATUS_STREAM, { direction: 'backwards', maxCount: 1 });
  return last?.type === 'CorpusStatusReported' ? last.data as CorpusStatusReport : undefined;
}

export async function corpusStatusRows(deps: Pick<CorpusStatusDeps, 'blobs'>, report: CorpusStatusReport): Promise<CorpusStatusRow[]> {
  return JSON.parse((await deps.blobs.getText(report.rows_blob)) ?? '[]') as CorpusStatusRow[];
}
