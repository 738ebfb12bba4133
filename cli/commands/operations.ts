// Operator commands: migrations, projection status and rebuild, bus status and dead letters.
import { loadSettings } from '../../infra/config/settings';
import { openDatabase } from '../../infra/db/database';
import { migrateToLatest } from '../../infra/db/migrate';
import path from 'node:path';
import { processorByName } from '../../processors/processor-host';
import { commandContextFromEvent } from '../../commands/shared/command-context';
import { withRuntime, untilSignal } from './lifecycle';
import { printTable } from '../print';

export async function migrate(): Promise<void> {
  const settings = loadSettings();
  const db = await openDatabase({ url: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, 'pglite') });
  try {
    const applied = await migrateToLatest(db.knex);
    console.log(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'database already up to date');
  } finally {
    await db.close();
  }
}

export async function worker(): Promise<void> {
  await withRuntime(async (runtime) => {
    await runtime.startWorkers();
    runtime.logger.info({ processors: runtime.processors.map((p) => p.name), projections: runtime.projections.projectorNames() }, 'worker running');
    await untilSignal(runtime.logger);
  });
}

export async function scheduler(): Promise<void> {
  await withRuntime(async (runtime) => {
    const running = runtime.startScheduler();
    await Promise.race([running.then(() => untilSignal(runtime.logger)), untilSignal(runtime.logger)]);
  });
}

export async function projectionsStatus(options: { json?: boolean }): Promise<void> {
  await withRuntime(async ({ projections }) => {
    const statuses = await projections.status();
    if (options.json) {
      console.log(JSON.stringify(statuses, null, 2));
      return;
    }
    printTable(['projection', 'version', 'position', 'lag', 'rebuilding'], statuses.map((s) => [
      s.name, String(s.version), s.position ? `${s.position.commit}/${s.position.prepare}` : '-', String(s.lag ?? '-'), s.rebuilding ? 'yes' : 'no',
    ]));
  }, quietSettings);
}

export async function projectionsRebuild(name: string | undefined): Promise<void> {
  await withRuntime(async ({ projections }) => {
    const reports = await projections.rebuild(name);
    printTable(['projection', 'events applied', 'position', 'seconds'], reports.map((r) => [
      r.name, String(r.events), `${r.position.commit}/${r.position.prepare}`, (r.durationMs / 1000).toFixed(2),
    ]));
  }, quietSettings);
}

export async function busStatus(): Promise<void> {
  await withRuntime(async ({ bus }) => {
    const groups = await bus.status();
    printTable(['group', 'position', 'lag', 'dead letters'], groups.map((g) => [
      g.group, `${g.position.commit}/${g.position.prepare}`, String(g.lag ?? '-'), String(g.deadLetters),
    ]));
  }, quietSettings);
}

export async function busDeadLetters(options: { group?: string; all?: boolean; json?: boolean }): Promise<void> {
  await withRuntime(async ({ bus }) => {
    const letters = await bus.deadLetters({ group: options.group, includeResolved: options.all });
    if (options.json) {
      console.log(JSON.stringify(letters, null, 2));
      return;
    }
    printTable(['id', 'group', 'event type', 'stream', 'attempts', 'parked at', 'resolved', 'last error'], letters.map((d) => [
      String(d.id), d.group, d.eventType, d.streamId, String(d.attempts), d.parkedAt.toISOString(),
      d.resolvedAt ? d.resolvedAt.toISOString() : 'no', d.lastError.slice(0, 80),
    ]));
  }, quietSettings);
}

export async function busRedeliver(id: string): Promise<void> {
  await withRuntime(async (runtime) => {
    const letters = await runtime.bus.deadLetters({ includeResolved: true });
    const letter = letters.find((d) => d.id === Number(id));
    if (!letter) throw new Error(`no dead letter with id ${id}`);
    const processor = processorByName(runtime.processors, letter.group);
    if (!processor) throw new Error(`no processor named ${letter.group} in this build`);
    await runtime.bus.redeliver(letter.id, (event, { attempt }) => processor.handle(event, {
      store: runtime.store, knex: runtime.db.knex, logger: runtime.logger, attempt, command: commandContextFromEvent(event, processor.name, runtime.clock), clock: runtime.clock,
    }));
    console.log(`dead letter ${id} redelivered to ${letter.group} and resolved`);
  }, quietSettings);
}

/** Operator commands print tables on stdout; keep the log to warnings. */
function quietSettings<S extends { logLevel: string }>(settings: S): S {
  return process.env.LOG_LEVEL ? settings : { ...settings, logLevel: 'warn' };
}

