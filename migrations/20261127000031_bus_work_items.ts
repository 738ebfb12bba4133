// Issue 23 item 4: competing consumers. A group whose events are independent work (the job runner) is fed
// from the log into bus_work_items; every instance of the group, in any process, leases one item at a time
// (SELECT ... FOR UPDATE SKIP LOCKED, infra/bus/work-queue.ts), so an idle worker takes the next job while
// another is busy. An item is deleted when handled or parked; a lapsed lease makes it claimable again.
//
// The job runner was WORKER_CONCURRENCY ordered groups `job-runner-<i>`; it is now one competing group
// `job-runner`. Its feed starts where the slowest old group stood, so no job queued before the upgrade is
// lost (jobs the old groups had already finished are fed again and skipped: a finished job ignores a start).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bus_work_items', (t) => {
    t.bigIncrements('id');
    t.text('consumer_group').notNullable();
    t.uuid('event_id').notNullable();
    /** The RecordedEvent as JSON, so a claim needs no read of the log (which may be EventStoreDB or Kafka). */
    t.jsonb('event').notNullable();
    t.integer('deliveries').notNullable().defaultTo(0);
    t.text('lease_owner');
    t.timestamp('lease_expires_at', { useTz: true });
    t.timestamp('enqueued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['consumer_group', 'event_id']);
    t.index(['consumer_group', 'id']);
  });
  await knex.raw(
    `insert into bus_checkpoints (consumer_group, commit_position, prepare_position)
     select 'job-runner', commit_position, prepare_position from bus_checkpoints
     where consumer_group like 'job-runner-%'
     order by commit_position, prepare_position limit 1
     on conflict (consumer_group) do nothing`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('bus_work_items');
}
