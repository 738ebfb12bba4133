// A page of the caller's saved runs, newest first, from the runs read model.
import type { RunListItem, RunsQueries } from '../../projections/workspace/runs.queries';

export interface RunPage {
  runs: RunListItem[];
  total: number;
  limit: number;
  offset: number;
}

export async function listRuns(runs: RunsQueries, input: { researcherId: string; limit: number; offset: number }): Promise<RunPage> {
  const page = await runs.listOwned(input.researcherId, { limit: input.limit, offset: input.offset });
  return { runs: page.runs, total: page.total, limit: input.limit, offset: input.offset };
}
