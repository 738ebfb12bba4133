// Runs projectors: catch up from each checkpoint, then follow the log live. Every batch is applied in
// one transaction that also moves the checkpoint by compare-and-swap, so a crash never applies an
// event twice nor skips one, and two runners of the same projection never interleave.
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { EventStore, Position, START, Subscription } from '../../infra/event-store/event-store';
import { Logger, silentLogger } from '../../infra/logging/logger';
import { liveTableNames, Projector } from '../projector';
import { createCheckpoint, lockProjection, readCheckpoint, swapCheckpoint } from './checkpoints';
import { isRebuilding, rebuildProjection, RebuildReport } from './rebuild';

export interface ProjectionRunnerOptions {
  batchSize?: number;
  logger?: Logger;
  /** Pause after a failed batch before trying again. */
  retryDelayMs?: number;
  /** Identifies this process in rebuild leases. */
  owner?: string;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  position: Position | null;
  /** Events in the log after the checkpoint that this projection has not yet seen. */
  lag: number | null;
  rebuilding: boolean;
  running: boolean;
  lastError: string | null;
}

/** Thrown inside a batch when another runner or a rebuild moved the checkpoint: restart from it. */
class CheckpointMovedError extends Error {}

export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly loops: Promise<void>[] = [];
  private readonly lastErrors = new Map<string, string>();
  private readonly backgroundRebuilds: Promise<unknown>[] = [];
  private stopped = false;
  private readonly logger: Logger;
  private readonly owner: string;

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly projectors: readonly Projector[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set(projectors.map((p) => p.name));
    if (names.size !== projectors.length) throw new Error('projector names must be unique');
    this.logger = options.logger ?? silentLogger;
    this.owner = options.owner ?? `${hostname()}:${process.pid}`;
  }

  projectorNames(): string[] {
    return this.projectors.map((p) => p.name);
  }

  /** Creates missing read models, then catches up and follows live, each projector on its own. */
  async start(): Promise<void> {
    for (const projector of this.projectors) {
      const outdated = await this.ensureTables(projector);
      this.loops.push(this.runLive(projector));
      if (outdated) {
        // A new projector version: keep serving the old tables until the new ones are built.
        this.logger.info({ projection: projector.name }, 'projection version changed: rebuilding');
        this.backgroundRebuilds.push(this.rebuildOne(projector).catch((error) => this.recordError(projector, error)));
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    await Promise.all(this.loops);
    await Promise.allSettled(this.backgroundRebuilds);
  }

  async status(): Promise<ProjectionStatus[]> {
    return Promise.all(this.projectors.map(async (projector) => {
      const checkpoint = await readCheckpoint(this.knex, projector.name);
      return {
        name: projector.name,
        version: projector.version,
        position: checkpoint?.position ?? null,
        lag: checkpoint ? await this.store.countAfter(checkpoint.position) : null,
        rebuilding: await isRebuilding(this.knex, projector.name),
        running: this.subscriptions.has(projector.name),
        lastError: this.lastErrors.get(projector.name) ?? null,
      };
    }));
  }

  /** Resolves once every projection has seen the log's current head. */
  async waitForCatchUp(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A projection without a checkpoint has the whole log still to read (nothing, in a new store).
      const statuses = await this.status();
      const lags = await Promise.all(statuses.map((s) => s.lag ?? this.store.countAfter(START)));
      if (lags.every((lag) => lag === 0)) return;
      if (Date.now() > deadline) throw new Error(`projections did not catch up within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Rebuilds one projection (by name) or all of them from the log, blue/green. */
  async rebuild(name?: string): Promise<RebuildReport[]> {
    const targets = name ? this.projectors.filter((p) => p.name === name) : this.projectors;
    if (name && targets.length === 0) throw new UnknownProjectionError(name, this.projectorNames());
    const reports: RebuildReport[] = [];
    for (const projector of targets) reports.push(await this.rebuildOne(projector));
    return reports;
  }

  private rebuildOne(projector: Projector): Promise<RebuildReport> {
    return rebuildProjection(this.knex, this.store, projector, {
      owner: this.owner,
      batchSize: this.options.batchSize,
      logger: this.logger,
    });
  }

  /** Returns true when the stored tables belong to an older projector version. */
  private async ensureTables(projector: Projector): Promise<boolean> {
    return this.knex.transaction(async (trx) => {
      await lockProjection(trx, projector.name);
      const checkpoint = await readCheckpoint(trx, projector.name);
      if (checkpoint) return checkpoint.schemaVersion !== projector.version;
      // No checkpoint means no trustworthy rows: start the read model from scratch.
      for (const table of projector.tables) await trx.schema.dropTableIfExists(table);
      await projector.createTables(trx, liveTableNames(projector));
      await createCheckpoint(trx, projector.name, projector.version);
      return false;
    });
  }

  private async runLive(projector: Projector): Promise<void> {
    const live = liveTableNames(projector);
    while (!this.stopped) {
      const checkpoint = await readCheckpoint(this.knex, projector.name).catch(() => undefined);
      if (!checkpoint) {
        await this.pause();
        continue;
      }
      let expected = checkpoint.position;
      const subscription = this.store.subscribeToAll(async (events, last) => {
        await this.knex.transaction(async (trx) => {
          await lockProjection(trx, projector.name);
          if (!(await swapCheckpoint(trx, projector.name, expected, last))) throw new CheckpointMovedError();
          if (events.length > 0) await projector.apply(trx, events, live);
        });
        expected = last;
        this.lastErrors.delete(projector.name);
      }, { after: expected, eventTypes: projector.eventTypes, batchSize: this.options.batchSize });
      this.subscriptions.set(projector.name, subscription);
      if (this.stopped) await subscription.stop(); // stop() raced with this restart
      try {
        await subscription.done;
      } catch (error) {
        if (!(error instanceof CheckpointMovedError)) {
          this.recordError(projector, error);
          await this.pause();
        }
      } finally {
        this.subscriptions.delete(projector.name);
      }
    }
  }

  private recordError(projector: Projector, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.lastErrors.set(projector.name, message.slice(0, 500));
    this.logger.error({ projection: projector.name, err: error }, 'projection batch failed; will retry');
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 1000));
  }
}

export class UnknownProjectionError extends Error {
  override name = 'UnknownProjectionError';
  constructor(readonly projection: string, known: string[]) {
    super(`unknown projection ${projection}; known: ${known.join(', ') || '(none)'}`);
  }
}
