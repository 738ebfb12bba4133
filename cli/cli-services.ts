// What the `evidence` commands need from the composition root, as ports: the CLI sits below app/ and
// never picks an adapter itself. The entry point (cli/main.ts, part of the composition root) hands the
// real services over once, before the command line is parsed.
import type { Server } from 'node:http';
import type { Clock } from '../infra/clock/clock';
import type { Preloads } from '../infra/app/preloads';
import type { MessageBus } from '../infra/bus/message-bus';
import type { Settings } from '../infra/config/settings';
import type { Database } from '../infra/db/database';
import type { EventStore } from '../infra/event-store/event-store';
import type { Logger } from '../infra/logging/logger';
import type { ProjectionRunner } from '../projections/runner/projection-runner';
import type { Processor } from '../processors/processor';
import type { ModuleRegistry } from '../commands/jobs/module-registry';
import type { DiseaseRegistry } from '../infra/diseases/disease-registry';

/** The HTTP application over a runtime: something that listens, and closes its own resources. */
export interface CliHttpApp {
  listen(port: number, host: string, callback: () => void): Server;
  close(): Promise<void>;
  /** Compiles the routes' request schemas one per event-loop turn (`serve`, once listening). */
  compileSchemasInBackground(): Promise<number>;
}

/** The parts of the service runtime that commands use. */
export interface CliRuntime {
  settings: Settings;
  logger: Logger;
  clock: Clock;
  db: Database;
  store: EventStore;
  bus: MessageBus;
  projections: ProjectionRunner;
  processors: readonly Processor[];
  preloads: Preloads;
  /** The analysis modules (run-all) and the disease registry (corpus status). */
  modules: ModuleRegistry;
  diseases: DiseaseRegistry;
  startWorkers(): Promise<void>;
  startScheduler(): Promise<void>;
  /** Workers and scheduler of `serve` (WORKERS_IN_PROCESS=true): off the serving event loop where the database allows. */
  startInProcessWorkers(): Promise<{ where: 'thread' | 'event-loop' }>;
  /** Has the analysis threads build their knowledge graphs (`serve`, once the start-up preloads end). */
  warmAnalysisThreads(): Promise<unknown>;
  /** `serve`: the knowledge_graph preload (/api/ready waits for it) builds the serving process's graphs after the seed. */
  registerGraphPreload(): void;
  /** The HTTP application (routes, middleware) over this runtime. */
  httpApp(): CliHttpApp;
  close(): Promise<void>;
}

export interface CliServices {
  openRuntime(settings: Settings, logger: Logger): Promise<CliRuntime>;
}

let services: CliServices | undefined;

export function useCliServices(injected: CliServices): void {
  services = injected;
}

export function cliServices(): CliServices {
  if (!services) throw new Error('the command line was started without its services (start it through cli/main.ts)');
  return services;
}
