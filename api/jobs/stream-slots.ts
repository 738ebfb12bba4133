// How many job streams (WebSocket and SSE together) each client IP holds open: each one polls the
// database until its job ends or its poll budget runs out, so one client must not open them without
// bound (JOB_STREAM_MAX_PER_CLIENT; more are refused with 429). Per process, like the streams.
import type { IncomingMessage } from 'node:http';
import { normaliseIp } from '../auth/principal-resolver';

export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly maxPerClient: number) {}

  /** Streams open across all clients (operations and tests). */
  openCount(): number {
    let total = 0;
    for (const count of this.open.values()) total += count;
    return total;
  }

  hasRoom(client: string): boolean {
    return (this.open.get(client) ?? 0) < this.maxPerClient;
  }

  /** Takes a slot for the client; undefined when it holds its maximum. The release is idempotent. */
  acquire(client: string): (() => void) | undefined {
    if (!this.hasRoom(client)) return undefined;
    this.open.set(client, (this.open.get(client) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(client) ?? 1) - 1;
      if (left > 0) this.open.set(client, left);
      else this.open.delete(client);
    };
  }
}

/** The client as the rate limit sees it: req.ip (TRUST_PROXY-aware) when Express has set it up, else the socket's peer. */
export function streamClient(req: IncomingMessage & { ip?: string }): string {
  return normaliseIp(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}
