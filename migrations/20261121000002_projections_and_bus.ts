// Bookkeeping for projections (checkpoints, rebuild leases) and processors (bus checkpoints, leases,
// dead letters, dedup keys, the Kafka relay's published position). Read models own their own tables.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projection_checkpoints', (t) => {
    t.text('name').primary();
    t.bigInteger('commit_position').notNullable().defaultTo(0);
    t.bigInteger('prepare_position').notNullable().defaultTo(0);
    t.integer('schema_version').notNullable().defaultTo(1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One rebuild per projection at a time; an expired lease may be taken over.
  await knex.schema.createTable('projection_rebuild_leases', (t) => {
    t.text('name').primary();
    t.text('owner').notNullable();
    t.text('shadow_suffix').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('bus_checkpoints', (t) => {
    t.text('consumer_group').primary();
    t.bigInteger('commit_position').notNullable().defaultTo(0);
    t.bigInteger('prepare_position').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Time-bound leases: one consumer per bus group, one scheduler, one Kafka relay (infra/locks/lease.ts).
  await knex.schema.createTable('leases', (t) => {
    t.text('name').primary();
    t.text('owner').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('bus_dead_letters', (t) => {
    t.bigIncrements('id');
    t.text('consumer_group').notNullable();
    t.uuid('event_id').notNullable();
    t.text('stream_id').notNullable();
    t.text('event_type').notNullable();
    t.bigInteger('commit_position').notNullable();
    t.bigInteger('prepare_position').notNullable();
    t.integer('attempts').notNullable();
    t.text('last_error').notNullable();
    t.timestamp('parked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('resolved_at', { useTz: true });
    t.unique(['consumer_group', 'event_id']);
  });
  await knex.schema.createTable('processed_events', (t) => {
    t.text('processor').notNullable();
    t.uuid('event_id').notNullable();
    t.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['processor', 'event_id']);
  });
  await knex.schema.createTable('kafka_relay_positions', (t) => {
    t.text('relay').primary();
    t.bigInteger('commit_position').notNullable().defaultTo(0);
    t.bigInteger('prepare_position').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['kafka_relay_positions', 'processed_events', 'bus_dead_letters', 'leases',
    'bus_checkpoints', 'projection_rebuild_leases', 'projection_checkpoints']) {
    await knex.schema.dropTableIfExists(table);
  }
}
