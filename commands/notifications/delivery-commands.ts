// One alert delivery's stream (alertdelivery-<alert>.<channel>): claim an attempt, then record its
// outcome. A claim never retries on a conflict (someone else claimed: let them send); recording a
// success re-reads and re-decides, so exactly one AlertDeliverySucceeded lands whatever raced.
import { DeliveryCommand, deliveryDecider, DeliveryState, deliveryStreamId } from '../../domain/notifications/delivery';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { CommandResult, handleCommand } from '../shared/handle-command';

export async function changeDelivery(store: EventStore, command: DeliveryCommand, context: CommandContext): Promise<CommandResult<DeliveryState>> {
  const retries = command.type === 'StartDelivery' ? 0 : 3;
  return handleCommand(store, deliveryStreamId(command.alertId, command.channel), deliveryDecider, command, context, { retries });
}
