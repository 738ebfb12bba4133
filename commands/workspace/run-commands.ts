// Loading and changing Workspace runs (stream run-<id>).
import { RunCommand, runDecider, RunState, runStreamId } from '../../domain/workspace/run';
import { loadState } from '../shared/load-state';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';

export async function loadRun(store: EventStore, runId: string): Promise<RunState> {
  return (await loadState(store, runStreamId(runId), runDecider)).state;
}

export async function changeRun(store: EventStore, runId: string, command: RunCommand, context: CommandContext): Promise<RunState> {
  return (await handleCommand(store, runStreamId(runId), runDecider, command, context, { retries: 3 })).state;
}
