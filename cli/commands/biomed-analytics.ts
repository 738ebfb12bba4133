// `evidence biomed analytics targets | shared-mechanisms | subgraph | pathways | target-prioritization`:
// the /api/v1 analytics from the command line, over the same read functions and with the same limits
// (read from the API's JSON schemas, so the two cannot disagree). Prints the API's JSON answer.
// Exit codes: 2 for an option out of range (nothing is read), 1 for a CURIE unknown in the active snapshots.
import { claimPathsQuery, prioritizationQuery, subgraphQuery, targetsQuery } from '../../api/biomed/schemas';
import { BIOMED_DISCLAIMER } from '../../domain/biomed/disclaimer';
import { claimPaths, subgraph } from '../../commands/biomed-reads/claim-graph-reads';
import { targetPrioritization, targets } from '../../infra/biomed/read/graph-analytics';
import { sharedMechanisms } from '../../infra/biomed/read/shared-mechanisms';
import type { Knex } from 'knex';
import { withBiomed } from './biomed';

interface IntegerSchema { minimum: number; maximum: number; default: number }

/** The option's value checked against the API's bounds; exits 2 naming the option when it is out of range. */
function bounded(option: string, raw: string | undefined, schema: IntegerSchema): number {
  if (raw === undefined) return schema.default;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < schema.minimum || value > schema.maximum) {
    console.error(`--${option} must be an integer from ${schema.minimum} to ${schema.maximum}, got ${raw}`);
    process.exit(2);
  }
  return value;
}

type Outcome = { found: true; result: object } | { found: false; missing: string[] };

async function printOutcome(read: (knex: Knex) => Promise<Outcome>): Promise<void> {
  const outcome = await withBiomed(({ knex }) => read(knex));
  if (!outcome.found) {
    console.error(`unknown in the active snapshots: ${outcome.missing.join(', ')}`);
    process.exit(1);
  }
  console.log(JSON.stringify({ ...outcome.result, disclaimer: BIOMED_DISCLAIMER }, null, 2));
}

const found = (result: object | undefined, curie: string): Outcome => (result ? { found: true, result } : { found: false, missing: [curie] });

export async function biomedAnalyticsTargets(curie: string, options: { topK?: string }): Promise<void> {
  const topK = bounded('top-k', options.topK, targetsQuery.properties.top_k);
  await printOutcome(async (knex) => found(await targets(knex, curie, topK), curie));
}

export async function biomedAnalyticsSharedMechanisms(left: string, right: string): Promise<void> {
  await printOutcome((knex) => sharedMechanisms(knex, left, right));
}

export async function biomedAnalyticsSubgraph(curie: string, options: { maxHops?: string; limit?: string }): Promise<void> {
  const maxHops = bounded('max-hops', options.maxHops, subgraphQuery.properties.max_hops);
  const limit = bounded('limit', options.limit, subgraphQuery.properties.limit);
  await printOutcome(async (knex) => found(await subgraph(knex, curie, maxHops, limit), curie));
}

export async function biomedAnalyticsPathways(start: string, target: string, options: { maxDepth?: string; limit?: string }): Promise<void> {
  const maxDepth = bounded('max-depth', options.maxDepth, claimPathsQuery.properties.max_depth);
  const limit = bounded('limit', options.limit, claimPathsQuery.properties.limit);
  await printOutcome((knex) => claimPaths(knex, start, target, maxDepth, limit));
}

export async function biomedAnalyticsTargetPrioritization(curie: string, options: { topK?: string }): Promise<void> {
  const topK = bounded('top-k', options.topK, prioritizationQuery.properties.top_k);
  await printOutcome(async (knex) => found(await targetPrioritization(knex, curie, topK), curie));
}
