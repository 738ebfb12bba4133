// One alert delivery's stream (alertdelivery-<alert>.<channel>): claim an attempt, then record its
// outcome. A claim never retries on a conflict (someone else claimed: let them send); recording a
// success re-reads and re-decides, so exactly one AlertDeliverySucceeded lands whatever raced.
import { Channel, DeliveryCommand, deliveryDecider, DeliveryState, deliveryStreamId } from '../../domain/notifications/delivery';
import { loadState } from '../shared/load-state';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { CommandResult, handleCommand } from '../shared/handle-command';

export async function loadDelivery(store: EventStore, alertId: string, channel: Channel): Promise<DeliveryState> {
  return (await loadState(store, deliveryStreamId(alertId, channel), deliveryDecider)).state;
}

export async function changeDelivery(store: EventStore, command: DeliveryCommand, context: CommandContext): Promise<CommandResult<DeliveryState>> {
  const retries = command.type === 'StartDelivery' ? 0 : 3;
  return handleCommand(store, deliveryStreamId(command.alertId, command.channel), deliveryDecider, command, context, { retries });
}
