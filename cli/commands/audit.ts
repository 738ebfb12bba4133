// `evidence audit replay --run ID [--at TIMESTAMP]`: a run's review state as of any moment, replayed
// from its events; without --at it is also compared with the read model (exit 1 on any difference,
// exit 2 when there is no such run).
import { auditRunReviews } from '../../commands/reviews/audit-run-reviews';
import { reviewsQueries } from '../../projections/reviews/reviews.queries';
import { printTable } from '../print';
import { withRuntime } from './lifecycle';

export async function auditReplay(options: { run: string; at?: string; json?: boolean }): Promise<void> {
  const asOf = options.at ? new Date(options.at) : undefined;
  if (asOf && Number.isNaN(asOf.getTime())) throw new Error(`--at ${options.at} is not a timestamp (ISO 8601, e.g. 2026-11-21T10:00:00Z)`);
  await withRuntime(async (runtime) => {
    await runtime.projections.waitForCatchUp(30_000).catch(() => undefined);
    const audit = await auditRunReviews(runtime.store, reviewsQueries(runtime.db.knex), options.run, asOf);
    if (audit.kind === 'not_found') {
      const why = { malformed_id: 'not a run id', unknown_run: 'not in the event log', deleted_run: 'the run was deleted' }[audit.reason];
      console.error(`no such run: ${options.run} (${why})`);
      process.exitCode = 2;
      return;
    }
    const { result } = audit;
    if (options.json) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      console.log(`run ${result.runId}: ${result.eventsReplayed} review event(s) replayed${result.asOf ? ` up to ${result.asOf}` : ''}`);
      printTable(['at', 'event', 'candidate', 'decision'], result.history.map((e) => [e.at, e.event, e.candidateId, e.decision ?? '—']));
      console.log('current state:');
      printTable(['candidate', 'type', 'decision', 'saves', 'updated at', 'tags'], result.reviews.map((r) => [
        r.candidateId, r.candidateType, r.decision, String(r.saves), r.updatedAt, r.tags.join(', '),
      ]));
      if (result.differences) console.log(result.differences.length === 0 ? 'read model matches the replay' : `DIFFERENCES:\n${result.differences.join('\n')}`);
    }
    if (result.differences && result.differences.length > 0) process.exitCode = 1;
  }, (settings) => (process.env.LOG_LEVEL ? settings : { ...settings, logLevel: 'warn' }));
}
