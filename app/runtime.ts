// The composition root: picks each port's adapter from the settings and wires them together.
// No DATABASE_URL: embedded PGlite under DATA_DIR. EVENTSTORE_URL: EventStoreDB holds the log (read
// models stay in PostgreSQL). KAFKA_BROKERS: processors consume from Kafka, fed by the relay.
import { threadId } from 'node:worker_threads';
import { startWorkersThread, type InProcessWorkers } from './workers-thread.compose';
import path from 'node:path';
import { hostname } from 'node:os';
import type { Consumer, MessageBus } from '../infra/bus/message-bus';
import { EmbeddedBus } from '../infra/bus/embedded-bus';
import { KafkaBus } from '../infra/bus/kafka/kafka-bus';
import { KafkaRelay } from '../infra/bus/kafka/kafka-relay';
import { Clock, systemClock } from '../infra/clock/clock';
import type { Settings } from '../infra/config/settings';
import { Database, openDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import type { EventStore } from '../infra/event-store/event-store';
import { openEventStore } from './event-store.compose';
import { HeldLease } from '../infra/locks/lease';
import { Preloads } from '../infra/app/preloads';
import { SEED_PRELOAD } from '../commands/biomed/seed-progress';
import { storeGraphCache } from '../infra/kg/store-graph-cache';

/** The preload that builds the serving process's knowledge graphs once the seed is in (serve only). */
export const GRAPH_PRELOAD = 'knowledge_graph';
import type { Logger } from '../infra/logging/logger';
import { allProjectors } from '../projections';
import type { Projector } from '../projections/projector';
import { ProjectionRunner } from '../projections/runner/projection-runner';
import { allProcessors } from '../processors';
import type { Processor } from '../processors/processor';
import { startProcessors } from '../processors/processor-host';
import { ModuleParts, shippedModules } from '../commands/jobs/shipped-modules';
import type { DiseaseRegistry } from '../infra/diseases/disease-registry';
import { serviceDiseaseRegistry } from './disease-registry.compose';
import { ModuleDefinition, ModuleRegistry } from '../commands/jobs/module-registry';
import { jobRunnerProcessors } from '../processors/jobs/job-runner';
import { monitorSnapshotModule } from '../commands/monitor/monitor-snapshot-job';
import { monitorDeps } from './monitor.compose';
import { startDigestDispatcher } from './digest-schedule';
import { startOrphanSweep } from './orphan-sweep-schedule';
import { startCorpusStatusDuty, startMonitorDuty } from './operations-schedule';
import { abandonedImportsPreload, biomedSeedPreload } from './biomed-seed.compose';
import { providerRateLimit } from './provider-rate.compose';
import type { KgHeavyReadRunner } from '../commands/kg-reads/kg-heavy-reads';
import { analysisRunnersFor } from './analysis-threads.compose';
import type { AnalysisRouteRunner } from '../commands/analysis/run-analysis-route';

export interface Runtime {
  settings: Settings;
  logger: Logger;
  /** The service's one clock (fixed in tests). */
  clock: Clock;
  db: Database;
  store: EventStore;
  bus: MessageBus;
  projections: ProjectionRunner;
  processors: readonly Processor[];
  /** Analysis modules that run as jobs. */
  modules: ModuleRegistry;
  /** Disease modules of the Workspace, loaded once at start. */
  diseases: DiseaseRegistry;
  /**
   * Runs the analysis modules' GET routes: in a bounded pool of worker threads (ANALYSIS_THREADS, on
   * PostgreSQL) or in this thread, with the same parts (source binding, shared provider rate) as their jobs.
   */
  analysisRuns: AnalysisRouteRunner;
  /** Runs /api/kg/centrality and /api/kg/communities: in the same thread pool as analysisRuns, or in this thread. */
  kgHeavyReads: KgHeavyReadRunner;
  /** Has every analysis thread build its knowledge graph (serve calls it once the start-up preloads end). */
  warmAnalysisThreads(): Promise<number[]>;
  /**
   * `serve`: registers the `knowledge_graph` preload (/api/ready waits for it, spec §4: readiness covers the
   * knowledge-graph preload): once the other preloads (the seed import) end, the serving thread's store graph and
   * claim graph and every analysis thread's graph are built, so no request builds one. Issue 23: with the workers
   * in their own thread, nothing warmed the serving thread's graph any more, and the first /api/v1 subgraph
   * requests under bench:fuzz waited seconds for its build.
   */
  registerGraphPreload(): void;
  /** Start-up work (abandoned imports, the biomed seed) that /api/ready reports on. */
  preloads: Preloads;
  /** Starts projections and processors in this process (the `worker` role). */
  startWorkers(): Promise<void>;
  /** Runs the singletons (Kafka relay) once this process holds the scheduler lease. */
  startScheduler(): Promise<void>;
  /**
   * `serve` with WORKERS_IN_PROCESS=true: startWorkers and startScheduler in the workers thread on PostgreSQL
   * (off the serving event loop: app/workers-thread.compose.ts), on this thread on PGlite. Stopped by close().
   */
  startInProcessWorkers(): Promise<InProcessWorkers>;
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  clock?: Clock;
  projectors?: readonly Projector[];
  processors?: readonly Processor[];
  /** Replaces the shipped modules (tests); a function receives the runtime's parts to build them. */
  modules?: readonly ModuleDefinition[] | ((parts: ModuleParts) => readonly ModuleDefinition[]);
  diseases?: DiseaseRegistry;
  /** Where the analysis modules' jobs compute (the workers thread: the serving thread's analysis pool, over a message port). */
  analysisJobRuns?: AnalysisRouteRunner;
}

export async function openRuntime(settings: Settings, logger: Logger, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const db = await openDatabase({ url: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, 'pglite') });
  // The thread too: the workers thread of `serve` (app/workers-thread.ts) holds its leases under its own name.
  const owner = `${hostname()}:${process.pid}${threadId ? `:t${threadId}` : ''}`;
  const clock = overrides.clock ?? systemClock;
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const applied = await migrateToLatest(db.knex);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    const store: EventStore = openEventStore(settings, db, logger);
    const bus: MessageBus = settings.kafkaBrokers
      ? new KafkaBus({ brokers: settings.kafkaBrokers, clientId: `evidence-${owner}`, topicPrefix: settings.kafkaTopicPrefix, db: db.knex, store, logger, leaseMs: settings.busLeaseMs })
      : new EmbeddedBus(db.knex, store, { logger, leaseMs: settings.busLeaseMs });
    const projections = new ProjectionRunner(db.knex, store, overrides.projectors ?? allProjectors, { logger, owner, leaseMs: settings.busLeaseMs });
    // The curated modules, then those `evidence disease discover` wrote under DATA_DIR (when any).
    const diseases = overrides.diseases ?? serviceDiseaseRegistry(settings, logger);
    const sharedRate = providerRateLimit(settings, logger, cleanups);
    const parts: ModuleParts = { settings, logger, clock, db, store, diseases, ...(sharedRate ? { sharedRate } : {}) };
    const { analysisJobRuns: ownJobRuns, ...analysisRunners } = analysisRunnersFor(parts, { inThreadOnly: overrides.diseases !== undefined }, cleanups);
    // The workers thread's jobs compute in the serving thread's pool (one pool per process, as before the thread).
    const analysisJobRuns = overrides.analysisJobRuns ?? ownJobRuns;
    const moduleList = typeof overrides.modules === 'function' ? overrides.modules(parts) : overrides.modules ?? shippedModules(parts, analysisJobRuns);
    // The monitor's snapshot job is the monitor route's, whichever analysis modules this runtime runs.
    const modules = new ModuleRegistry([...moduleList, monitorSnapshotModule(monitorDeps(parts))]);
    const processors = [
      ...jobRunnerProcessors(modules, {
        concurrency: settings.workerConcurrency,
        softTimeLimitMs: settings.jobSoftTimeLimitSeconds * 1000,
        hardTimeLimitMs: settings.jobHardTimeLimitSeconds * 1000,
        maxAttempts: settings.jobMaxAttempts,
        reportsDir: path.join(settings.dataDir, 'reports'),
      }),
      ...(overrides.processors ?? allProcessors),
    ];
    logger.info({
      database: db.describe,
      eventStore: settings.eventStoreUrl ? 'eventstoredb' : 'postgres',
      bus: bus.kind,
    }, 'runtime ready');

    let consumers: Consumer[] = [];
    const preloads = new Preloads();
    preloads.register('abandoned_imports', abandonedImportsPreload({ settings, db, store, clock, logger }));
    // The knowledge graph is the store graph of the active snapshots, built on first use per active set
    // (infra/kg/store-graph-cache.ts), not preloaded: a start-up build waits for the seed and costs every start.
    if (settings.biomedSeed) preloads.register(SEED_PRELOAD, biomedSeedPreload({ settings, db, store, clock, logger }));
    const runtime: Runtime = {
      settings, logger, clock, db, store, bus, projections, processors, modules, diseases, preloads,
      ...analysisRunners,
      async startWorkers() {
        await projections.start();
        cleanups.push(() => projections.stop());
        consumers = await startProcessors(bus, processors, { store, knex: db.knex, logger, clock });
        cleanups.push(async () => { await Promise.all(consumers.map((c) => c.stop())); });
      },
      async startScheduler() {
        const lease = new HeldLease(db.knex, 'scheduler', owner);
        cleanups.push(() => lease.release());
        logger.info('waiting for the scheduler lease (exactly one scheduler runs)');
        await lease.acquire(() => {
          logger.fatal('scheduler lease lost: another scheduler took over; exiting');
          process.exit(1);
        });
        logger.info('scheduler lease held');
        cleanups.push(startDigestDispatcher(runtime)); // the weekly digest's 60-second duty
        cleanups.push(startOrphanSweep(runtime)); // runs a crash left without their job get it
        cleanups.push(startCorpusStatusDuty(runtime)); // readiness tiers of every registry disease
        cleanups.push(startMonitorDuty(runtime)); // daily evidence snapshots (MONITOR_DISEASES)
        if (settings.kafkaBrokers) {
          const relay = new KafkaRelay({ brokers: settings.kafkaBrokers, clientId: `evidence-relay-${owner}`, topicPrefix: settings.kafkaTopicPrefix, db: db.knex, store, logger });
          await relay.start();
          cleanups.push(() => relay.stop());
        }
      },
      registerGraphPreload() {
        preloads.register(GRAPH_PRELOAD, async () => {
          const warmServingThread = async () => {
            const served = await storeGraphCache(db.knex).current();
            await served.claimGraph(db.knex);
          };
          // A failed build is logged, never a reason to stay unready: the graph is then built on first use.
          await Promise.all([warmServingThread(), analysisRunners.warmAnalysisThreads()])
            .catch((err) => logger.warn({ err }, 'building the knowledge graphs ahead failed; each is built on first use'));
        }, { afterOthers: true });
      },
      async startInProcessWorkers() {
        if (db.kind === 'postgres' && settings.databaseUrl) {
          const workers = await startWorkersThread(settings, logger, analysisJobRuns ? { analysisJobRuns } : {});
          cleanups.push(() => workers.stop());
          return workers;
        }
        await runtime.startWorkers();
        runtime.startScheduler().catch((err) => logger.error({ err }, 'scheduler failed'));
        return { where: 'event-loop', stop: async () => undefined };
      },
      async close() {
        for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => logger.warn({ err }, 'shutdown step failed'));
        await bus.close();
        await store.close();
        await db.close();
      },
    };
    return runtime;
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await db.close();
    throw error;
  }
}
