// The JSON text of a large answer (for routes, which do not reach infra/ themselves), written a slice per event-loop turn (domain/shared/json-in-slices.ts run by
// infra/threads/in-turns.ts): the text res.json would send, without holding the serving loop (issue 23).
import { jsonInSlices } from '../../domain/shared/json-in-slices';
import { inTurns } from '../../infra/threads/in-turns';

export function jsonInTurns(value: unknown): Promise<string> {
  return inTurns(jsonInSlices(value));
}
