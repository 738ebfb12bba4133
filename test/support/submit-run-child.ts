// A process that submits one Workspace run through the production event store (openEventStore) and
// SIGKILLs itself the moment an append that includes the run's stream has committed: the crash the
// orphaned-run fix is about. SUBMIT_ATOMIC=no hides appendAtomically, as an EventStoreDB store has
// none. Prints "submitted" and exits 0 if it was never killed.
//   SUBMIT_DATABASE_URL, SUBMIT_RUN_ID, SUBMIT_ATOMIC=yes|no
import { randomUUID } from 'node:crypto';
import { openEventStore } from '../../app/event-store.compose';
import { newCommandContext } from '../../commands/shared/command-context';
import { submitResearchRun } from '../../commands/workspace/submit-research-run';
import { systemClock } from '../../infra/clock/clock';
import { openDatabase } from '../../infra/db/database';
import { DiseaseRegistry } from '../../infra/diseases/disease-registry';
import type { EventStore } from '../../infra/event-store/event-store';

function killedOnceTheRunIsStored(store: EventStore, atomic: boolean): EventStore {
  const dieIfRun = (streams: string[]) => {
    if (streams.some((s) => s.startsWith('run-'))) process.kill(process.pid, 'SIGKILL');
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'append') {
        return async (...args: Parameters<EventStore['append']>) => {
          const result = await target.append(...args);
          dieIfRun([args[0]]);
          return result;
        };
      }
      if (property === 'appendAtomically') {
        if (!atomic || !target.appendAtomically) return undefined;
        return async (...args: Parameters<NonNullable<EventStore['appendAtomically']>>) => {
          const result = await target.appendAtomically!(...args);
          dieIfRun(args[0].map((a) => a.streamId));
          return result;
        };
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function main(): Promise<void> {
  const runId = process.env.SUBMIT_RUN_ID!;
  const db = await openDatabase({ url: process.env.SUBMIT_DATABASE_URL!, poolMax: 2 });
  const store = killedOnceTheRunIsStored(openEventStore({ eventStoreUrl: undefined }, db), process.env.SUBMIT_ATOMIC !== 'no');
  const ids = [runId];
  const context = { ...newCommandContext(systemClock, { kind: 'researcher', id: 'alice' }), newId: () => ids.shift() ?? randomUUID() };
  const result = await submitResearchRun({ store, diseases: DiseaseRegistry.load() }, context, { body: { question: 'Which drugs are most promising for lupus nephritis?' }, researcherId: 'alice' });
  console.log(result.kind);
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
