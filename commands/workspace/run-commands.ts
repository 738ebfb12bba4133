// Loading and changing Workspace runs (stream run-<id>).
import { fold } from '../../domain/shared/decider';
import { RunCommand, runDecider, RunEvent, RunState, runStreamId } from '../../domain/workspace/run';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';

export async function loadRun(store: EventStore, runId: string): Promise<RunState> {
  const events = await store.readStream(runStreamId(runId));
  return fold(runDecider, events.map((e) => ({ type: e.type, data: e.data }) as RunEvent));
}

export async function changeRun(store: EventStore, runId: string, command: RunCommand, context: CommandContext): Promise<RunState> {
  return (await handleCommand(store, runStreamId(runId), runDecider, command, context, { retries: 3 })).state;
}
