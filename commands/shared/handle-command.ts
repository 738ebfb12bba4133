// Load a stream, fold it, decide, append with the revision that was folded. A concurrent writer makes
// the append fail with WrongExpectedRevisionError; with `retries` the handler re-reads and decides
// again (safe because decide() is pure), otherwise the conflict reaches the caller (HTTP 409/412).
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { EventStore, ExpectedRevision, WrongExpectedRevisionError } from '../../infra/event-store/event-store';
import { CommandContext, metadataFor } from './command-context';
import { foldRecorded } from './load-state';

export interface CommandResult<State> {
  state: State;
  /** Last revision of the stream after the command (-1 when nothing was ever written). */
  revision: number;
  appended: number;
}

export interface HandleOptions {
  /** Re-read and re-decide this many times after a conflict. Default 0. */
  retries?: number;
  /** When set, the caller's view of the stream (e.g. from If-Match): a mismatch is a conflict. */
  expectedRevision?: number;
}

export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamId: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const current = history.length > 0 ? history[history.length - 1]!.revision : -1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== current) {
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, current < 0 ? 'no_stream' : current);
    }
    let state = foldRecorded(decider, history);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { state, revision: current, appended: 0 };
    const expected: ExpectedRevision = current < 0 ? 'no_stream' : current;
    try {
      const metadata = metadataFor(context);
      const result = await store.append(
        streamId,
        decided.map((event) => ({ id: context.newId(), type: event.type, data: event.data, metadata })),
        expected,
      );
      for (const event of decided) state = decider.evolve(state, event);
      return { state, revision: result.nextExpectedRevision, appended: decided.length };
    } catch (error) {
      const canRetry = error instanceof WrongExpectedRevisionError && options.expectedRevision === undefined;
      if (!canRetry || attempt >= (options.retries ?? 0)) throw error;
    }
  }
}
