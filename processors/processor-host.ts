// Starts each processor as a consumer group on the bus. Every delivery gets a logger and a command
// context that carry the triggering event's correlation id, so processor logs and follow-up events
// join the trail that began with the HTTP request.
import { commandContextFromEvent } from '../commands/shared/command-context';
import type { Consumer, MessageBus } from '../infra/bus/message-bus';
import type { Processor, ProcessorDeps } from './processor';

export async function startProcessors(bus: MessageBus, processors: readonly Processor[], deps: ProcessorDeps): Promise<Consumer[]> {
  const consumers: Consumer[] = [];
  for (const processor of processors) {
    consumers.push(await bus.consume({
      group: processor.name,
      eventTypes: processor.eventTypes,
      maxAttempts: processor.maxAttempts,
      ...(processor.delivery ? { delivery: processor.delivery } : {}),
      ...(processor.concurrency ? { concurrency: processor.concurrency } : {}),
      ...(processor.maxDeliveries ? { maxDeliveries: processor.maxDeliveries } : {}),
      handle: async (event, { attempt, signal }) => {
        const logger = deps.logger.child({
          processor: processor.name,
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          eventType: event.type,
        });
        logger.debug({ attempt }, 'processing event');
        try {
          await processor.handle(event, {
            ...deps, logger, attempt, command: commandContextFromEvent(event, processor.name, deps.clock), ...(signal ? { signal } : {}),
          });
        } catch (error) {
          logger.warn({ err: error, attempt }, 'processor failed');
          throw error;
        }
      },
    }));
  }
  return consumers;
}

export function processorByName(processors: readonly Processor[], name: string): Processor | undefined {
  return processors.find((p) => p.name === name);
}
