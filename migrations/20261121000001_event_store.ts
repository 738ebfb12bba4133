// Event store tables and the append function. Design notes:
// - es_streams holds each stream's last revision; append is a compare-and-swap on that row, backed by
//   the unique (stream_id, revision) key on es_events.
// - event_id is unique across the log, so a retried append is recognised and answered idempotently.
// - transaction_id records the writing transaction; readers only read below the oldest running
//   transaction (pg_snapshot_xmin) and order by (transaction_id, position), so an event whose sequence
//   value was taken early but committed late is never skipped (the "gaps in global order" problem).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table es_streams (
      stream_id text primary key,
      revision bigint not null,
      deleted boolean not null default false
    )`);
  await knex.raw(`
    create table es_events (
      position bigserial,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      revision bigint not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      created_at timestamptz not null default now(),
      -- The global order is the key: readers scan it; a separate index on position alone would only
      -- cost every insert (positions are unique by their sequence).
      constraint es_events_pkey primary key (transaction_id, position),
      constraint es_events_stream_revision_key unique (stream_id, revision),
      constraint es_events_event_id_key unique (event_id)
    )`);
  await knex.raw(APPEND_FUNCTION);
  await knex.raw(APPEND_MANY_FUNCTION);
  await knex.raw(TOMBSTONE_FUNCTION);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists es_tombstone(text, text, bigint, jsonb)');
  await knex.raw('drop function if exists es_append_many(jsonb)');
  await knex.raw('drop function if exists es_try_append(text, text, bigint, jsonb)');
  await knex.raw('drop table if exists es_events');
  await knex.raw('drop table if exists es_streams');
}

// One round trip per append: idempotency check, stream CAS and inserts happen in one function call.
// It never raises for an expected outcome, so one failed append in a coalesced batch (es_append_many)
// leaves the others untouched. status is one of:
//   appended | duplicate (idempotent retry: the original result) | wrong_revision (detail = actual
//   revision or 'no_stream') | deleted | reused_id (detail = the event id used elsewhere).
const APPEND_FUNCTION = `
create or replace function es_try_append(p_stream text, p_expected text, p_expected_revision bigint, p_events jsonb)
returns table (status text, last_revision bigint, commit_position text, prepare_position bigint, detail text)
language plpgsql as $fn$
declare
  v_count int := jsonb_array_length(p_events);
  v_first_id uuid := (p_events->0->>'id')::uuid;
  v_stored record;
  v_matching int;
  v_revision bigint;
  v_actual record;
begin
  -- A retry of an append that already committed: answer with the original result.
  select e.stream_id, e.revision into v_stored from es_events e where e.event_id = v_first_id;
  if found then
    select count(*) into v_matching
      from jsonb_array_elements(p_events) with ordinality as n(ev, i)
      join es_events e on e.event_id = (n.ev->>'id')::uuid
     where e.stream_id = p_stream and e.revision = v_stored.revision + n.i - 1;
    if v_stored.stream_id <> p_stream or v_matching <> v_count then
      return query select 'reused_id'::text, null::bigint, null::text, null::bigint, v_first_id::text;
      return;
    end if;
    return query
      select 'duplicate'::text, e.revision, e.transaction_id::text, e.position, null::text
        from es_events e where e.stream_id = p_stream and e.revision = v_stored.revision + v_count - 1;
    return;
  end if;

  if p_expected = 'no_stream' then
    insert into es_streams as s (stream_id, revision) values (p_stream, v_count - 1)
      on conflict (stream_id) do nothing
      returning s.revision into v_revision;
  elsif p_expected = 'any' then
    insert into es_streams as s (stream_id, revision) values (p_stream, v_count - 1)
      on conflict (stream_id) do update set revision = s.revision + v_count where not s.deleted
      returning s.revision into v_revision;
  elsif p_expected = 'stream_exists' then
    update es_streams s set revision = s.revision + v_count
     where s.stream_id = p_stream and not s.deleted
     returning s.revision into v_revision;
  else
    update es_streams s set revision = s.revision + v_count
     where s.stream_id = p_stream and s.revision = p_expected_revision and not s.deleted
     returning s.revision into v_revision;
  end if;

  if v_revision is null then
    select s.revision, s.deleted into v_actual from es_streams s where s.stream_id = p_stream;
    if found and v_actual.deleted then
      return query select 'deleted'::text, null::bigint, null::text, null::bigint, null::text;
      return;
    end if;
    return query select 'wrong_revision'::text, null::bigint, null::text, null::bigint,
      coalesce(v_actual.revision::text, 'no_stream');
    return;
  end if;

  return query
    with inserted as (
      insert into es_events (stream_id, revision, event_id, type, data, metadata)
      select p_stream, v_revision - v_count + n.i, (n.ev->>'id')::uuid, n.ev->>'type', n.ev->'data', n.ev->'metadata'
        from jsonb_array_elements(p_events) with ordinality as n(ev, i)
       order by n.i
      returning es_events.revision, es_events.transaction_id, es_events.position
    )
    select 'appended'::text, i.revision, i.transaction_id::text, i.position, null::text
      from inserted i order by i.revision desc limit 1;
end
$fn$`;

// Several appends in one transaction (one commit, one fsync): the client coalesces appends that
// arrive while a previous one is in flight. Each append succeeds or fails on its own.
const APPEND_MANY_FUNCTION = `
create or replace function es_append_many(p_appends jsonb)
returns table (status text, last_revision bigint, commit_position text, prepare_position bigint, detail text)
language plpgsql as $fn$
declare
  v_append jsonb;
begin
  for v_append in select a from jsonb_array_elements(p_appends) as a loop
    return query select * from es_try_append(v_append->>'stream', v_append->>'expected',
      (v_append->>'revision')::bigint, v_append->'events');
  end loop;
end
$fn$`;

// Appends the $streamDeleted marker (so subscribers learn of it) and flags the stream, atomically.
const TOMBSTONE_FUNCTION = `
create or replace function es_tombstone(p_stream text, p_expected text, p_expected_revision bigint, p_events jsonb)
returns table (status text, last_revision bigint, commit_position text, prepare_position bigint, detail text)
language plpgsql as $fn$
declare
  v_result record;
begin
  select * into v_result from es_try_append(p_stream, p_expected, p_expected_revision, p_events);
  if v_result.status = 'appended' then
    update es_streams set deleted = true where stream_id = p_stream;
  end if;
  return query select v_result.status, v_result.last_revision, v_result.commit_position, v_result.prepare_position, v_result.detail;
end
$fn$`;
