// Issue 23 item 5: one row per queued job and the client that queued it (a researcher, or the client
// address of a caller with only the API key), so a cap on unfinished jobs per client can be checked
// under a per-client lock before a job is queued. Rows of finished jobs are removed as the client queues again.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_admissions', (t) => {
    t.text('client').notNullable();
    t.uuid('job_id').notNullable();
    t.timestamp('admitted_at', { useTz: true }).notNullable();
    t.primary(['client', 'job_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_admissions');
}
