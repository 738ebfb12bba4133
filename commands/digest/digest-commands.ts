// A researcher's digest for one period (stream digest-<period>.<researcher>).
import { fold } from '../../domain/shared/decider';
import { DigestCommand, digestDecider, DigestEvent, DigestState, digestStreamId } from '../../domain/digest/digest';
import type { EventStore } from '../../infra/event-store/event-store';
import type { CommandContext } from '../shared/command-context';
import { CommandResult, handleCommand } from '../shared/handle-command';

export async function loadDigest(store: EventStore, researcherId: string, period: string): Promise<DigestState> {
  const events = await store.readStream(digestStreamId(researcherId, period));
  return fold(digestDecider, events.map((e) => ({ type: e.type, data: e.data }) as DigestEvent));
}

/** Claims (StartDigestAttempt) never retry a conflict: another sender got there first. */
export async function changeDigest(
  store: EventStore, researcherId: string, period: string, command: DigestCommand, context: CommandContext,
): Promise<CommandResult<DigestState>> {
  const retries = command.type === 'StartDigestAttempt' ? 0 : 3;
  return handleCommand(store, digestStreamId(researcherId, period), digestDecider, command, context, { retries });
}
