// A researcher marks one of their alerts read; its notification deliveries stop. Reading twice is
// harmless. Another researcher's alert is not_found, exactly like a missing one.
import type { AlertData } from '../../domain/alerts/alert';
import { DomainError } from '../../domain/shared/decider';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { changeAlert } from './alert-commands';

export interface MarkAlertReadInput {
  alertId: string;
  researcherId: string;
}

export type MarkAlertReadResult =
  | { kind: 'read'; alert: AlertData; readAt: string | undefined }
  | { kind: 'not_found' };

export async function markAlertRead(store: EventStore, input: MarkAlertReadInput, context: CommandContext): Promise<MarkAlertReadResult> {
  try {
    const state = await changeAlert(store, input.alertId, { type: 'MarkAlertRead', researcherId: input.researcherId, at: context.now.toISOString() }, context);
    return { kind: 'read', alert: state.alert!, readAt: state.readAt };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'alert_not_found') return { kind: 'not_found' };
    throw error;
  }
}
