// Loading and changing review reminders (stream alert-<id>).
import { fold } from '../../domain/shared/decider';
import { AlertCommand, alertDecider, AlertEvent, AlertState, alertStreamId } from '../../domain/alerts/alert';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { handleCommand } from '../shared/handle-command';

export async function loadAlert(store: EventStore, alertId: string): Promise<AlertState> {
  const events = await store.readStream(alertStreamId(alertId));
  return fold(alertDecider, events.map((e) => ({ type: e.type, data: e.data }) as AlertEvent));
}

/** Raising an alert twice, or reading it twice, appends nothing the second time. */
export async function changeAlert(store: EventStore, alertId: string, command: AlertCommand, context: CommandContext): Promise<AlertState> {
  return (await handleCommand(store, alertStreamId(alertId), alertDecider, command, context, { retries: 3 })).state;
}
