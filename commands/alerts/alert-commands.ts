// Loading and changing review reminders (stream alert-<id>).
import { AlertCommand, alertDecider, AlertState, alertStreamId } from '../../domain/alerts/alert';
import { loadState } from '../shared/load-state';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';

export async function loadAlert(store: EventStore, alertId: string): Promise<AlertState> {
  return (await loadState(store, alertStreamId(alertId), alertDecider)).state;
}

/** Raising an alert twice, or reading it twice, appends nothing the second time. */
export async function changeAlert(store: EventStore, alertId: string, command: AlertCommand, context: CommandContext): Promise<AlertState> {
  return (await handleCommand(store, alertStreamId(alertId), alertDecider, command, context, { retries: 3 })).state;
}
