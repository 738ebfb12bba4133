// Reads of biomed.research_runs (the read model of the `biomed-run-<id>` streams).
import type { Knex } from 'knex';
import { BIOMED_SCHEMA } from '../store/tables';

export const T_RUNS = `${BIOMED_SCHEMA}.research_runs`;

export interface ResearchRunView {
  run_id: string; kind: string; status: string; stream_id: string; left_curie: string; right_curie: string;
  snapshots: unknown[]; result: Record<string, unknown>; created_at: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const parse = <V>(v: unknown): V => (typeof v === 'string' ? JSON.parse(v) : v) as V;

export async function getResearchRun(db: Knex, runId: string): Promise<ResearchRunView | undefined> {
  if (!UUID.test(runId)) return undefined;
  const row = await db(T_RUNS).where({ run_id: runId }).first();
  if (!row) return undefined;
  return {
    run_id: row.run_id, kind: row.kind, status: row.status, stream_id: row.stream_id, left_curie: row.left_curie, right_curie: row.right_curie,
    snapshots: parse(row.snapshots), result: parse(row.result),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : new Date(String(row.created_at)).toISOString(),
  };
}
