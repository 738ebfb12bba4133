// Runs projectors: catch up from each checkpoint, then follow the log live. Every batch is applied in
// one transaction that also moves the checkpoint by compare-and-swap, so a crash never applies an
// event twice nor skips one, and two runners of the same projection never interleave. Each projection is
// leased (projection-leases.ts): of several runners (worker processes) one applies it and the others stand
// by, taking it over when its holder stops (at once: it hands the lease back) or dies (once the lease lapses).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { EventStore, Position, START, Subscription } from '../../infra/event-store/event-store';
import { Logger, silentLogger } from '../../infra/logging/logger';
import { liveTableNames, Projector } from '../projector';
import { createCheckpoint, lockProjection, readCheckpoint, swapCheckpoint } from './checkpoints';
import { isRebuilding, rebuildProjection, RebuildReport } from './rebuild';
import { holdProjectionLeases, releaseProjectionLeases } from './projection-leases';

export interface ProjectionRunnerOptions {
  batchSize?: number;
  logger?: Logger;
  /** Pause after a failed batch before trying again. */
  retryDelayMs?: number;
  /** Identifies this process in rebuild leases. */
  owner?: string;
  /** How long a projection's lease lasts without renewal: a dead holder's projections move after this. */
  leaseMs?: number;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  position: Position | null;
  /** Events in the log after the checkpoint that this projection has not yet seen. */
  lag: number | null;
  rebuilding: boolean;
  /** This runner applies the projection (it holds its lease); false while another runner does. */
  running: boolean;
  lastError: string | null;
}

/** Thrown inside a batch when another runner or a rebuild moved the checkpoint: restart from it. */
class CheckpointMovedError extends Error {}

export class ProjectionRunner {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly loops = new Map<string, Promise<void>>();
  /** Projections whose lease this runner holds (and so applies). */
  private readonly held = new Set<string>();
  private readonly leaseOwner: string;
  private readonly leaseMs: number;
  private leaseTimer?: NodeJS.Timeout;
  private leaseTick: Promise<void> = Promise.resolve();
  private leasesRenewedAt = 0;
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
    // Two runners in one process (tests, a CLI beside a worker) are still two holders.
    this.leaseOwner = `${this.owner}:${randomUUID().slice(0, 8)}`;
    this.leaseMs = options.leaseMs ?? 15_000;
  }

  projectorNames(): string[] {
    return this.projectors.map((p) => p.name);
  }

  /**
   * Creates missing read models, then catches up and follows live, each projector on its own, for the
   * projections whose lease this runner takes; it keeps trying for the others at every lease tick.
   */
  async start(): Promise<void> {
    for (const projector of this.projectors) {
      const outdated = await this.ensureTables(projector);
      if (outdated) {
        // A new projector version: keep serving the old tables until the new ones are built.
        this.logger.info({ projection: projector.name }, 'projection version changed: rebuilding');
        this.backgroundRebuilds.push(this.rebuildOne(projector).catch((error) => this.recordError(projector, error)));
      }
    }
    await this.tickLeases();
    // Renewal at a third of the lease (as every lease here); at most a second, so a standby takes a lapsed lease over promptly.
    this.leaseTimer = setInterval(() => {
      this.leaseTick = this.leaseTick.then(() => this.tickLeases());
    }, Math.max(50, Math.min(1000, Math.floor(this.leaseMs / 3))));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.leaseTimer);
    await this.leaseTick;
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop()));
    await Promise.all(this.loops.values());
    await releaseProjectionLeases(this.knex, [...this.held], this.leaseOwner).catch((err) => this.logger.warn({ err }, 'projection leases not released; they lapse on their own'));
    this.held.clear();
    await Promise.allSettled(this.backgroundRebuilds);
  }

  /** Renews the leases held, takes free or lapsed ones (and starts applying those), gives up the ones lost. */
  private async tickLeases(): Promise<void> {
    if (this.stopped) return;
    let now: Set<string>;
    try {
      now = await holdProjectionLeases(this.knex, this.projectorNames(), this.leaseOwner, this.leaseMs);
      this.leasesRenewedAt = Date.now();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew projection leases');
      // Unrenewed for a whole lease: another runner may hold them now.
      if (Date.now() - this.leasesRenewedAt < this.leaseMs) return;
      now = new Set();
    }
    if (this.stopped) return;
    for (const name of [...this.held]) {
      if (now.has(name)) continue;
      this.held.delete(name);
      this.logger.warn({ projection: name }, 'projection lease lost: another runner applies it now');
      void this.subscriptions.get(name)?.stop();
    }
    for (const projector of this.projectors) {
      if (!now.has(projector.name) || this.held.has(projector.name)) continue;
      this.held.add(projector.name);
      const previous = this.loops.get(projector.name) ?? Promise.resolve();
      this.loops.set(projector.name, previous.then(() => this.runLive(projector)));
    }
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
    while (!this.stopped && this.held.has(projector.name)) {
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
      // stop() or a lost lease raced with this restart
      if (this.stopped || !this.held.has(projector.name)) await subscription.stop();
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
