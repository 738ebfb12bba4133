// Concurrent searches share active-set reads without ever getting an older answer than a read of their
// own: a search joins a read only while it is still waiting to be sent (until the event loop's next
// check phase), so the read starts after every search that joined it began, and sees every activation
// committed before any of them. Under load this turns one query per search into one per loop turn.
import type { Knex } from 'knex';
import { ActiveSet, readActiveSet } from './active-set';

export class FreshActiveSet {
  private queued: Promise<ActiveSet> | undefined;

  constructor(private readonly db: Knex) {}

  read(): Promise<ActiveSet> {
    this.queued ??= new Promise<ActiveSet>((resolve, reject) => {
      setImmediate(() => {
        this.queued = undefined; // from here on, newcomers need a read of their own
        readActiveSet(this.db).then(resolve, reject);
      });
    });
    return this.queued;
  }
}
