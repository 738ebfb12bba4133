// A researcher's digest for one period (stream digest-<period>.<researcher>).
import { DigestCommand, digestDecider, DigestState, digestStreamId } from '../../domain/digest/digest';
import { loadState } from '../shared/load-state';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { CommandResult, handleCommand } from '../shared/handle-command';

export async function loadDigest(store: EventStore, researcherId: string, period: string): Promise<DigestState> {
  return (await loadState(store, digestStreamId(researcherId, period), digestDecider)).state;
}

/** Claims (StartDigestAttempt) never retry a conflict: another sender got there first. */
export async function changeDigest(
  store: EventStore, researcherId: string, period: string, command: DigestCommand, context: CommandContext,
): Promise<CommandResult<DigestState>> {
  const retries = command.type === 'StartDigestAttempt' ? 0 : 3;
  return handleCommand(store, digestStreamId(researcherId, period), digestDecider, command, context, { retries });
}
