#!/usr/bin/env node
// The `evidence` command line.
// It is also the composition root's front door: it hands the CLI the services app/ builds (the CLI
// itself never picks an adapter), so docs/architecture.md counts this one file as part of app/.
import { Command } from 'commander';
import { biomedCliServices } from '../app/biomed.compose';
import { cliServices as runtimeCliServices } from '../app/cli.compose';
import { SettingsError } from '../infra/config/settings';
import { useCliServices } from './cli-services';
import { serve } from './commands/serve';
import { diseaseDiscover, diseaseValidate } from './commands/disease';
import { corpusStatusCli, live, runAllCli } from './commands/ops-cli';
import { workspace } from './commands/workspace';
import { auditReplay } from './commands/audit';
import { biomedAnalyticsStats, biomedCompare, biomedImport, biomedInit, biomedMigrate, biomedSnapshots, useBiomedCliServices } from './commands/biomed';
import { registerMlCommands } from './commands/ml';
import { effectRead } from './commands/effect';
import { biomedAnalyticsPathways, biomedAnalyticsSharedMechanisms, biomedAnalyticsSubgraph, biomedAnalyticsTargetPrioritization, biomedAnalyticsTargets } from './commands/biomed-analytics';
import {
  busDeadLetters, busRedeliver, busStatus, migrate, projectionsRebuild, projectionsStatus, scheduler, worker,
} from './commands/operations';

useCliServices(runtimeCliServices);
useBiomedCliServices(biomedCliServices);

const program = new Command('evidence').description('Evidence Research Service (research use only)');

program.command('serve').description('run the HTTP service (and, in single-process mode, the workers)')
  .option('--host <host>', 'bind address (default HOST or 0.0.0.0)')
  .option('--port <port>', 'bind port (default PORT or 8000)')
  .option('--generate-api-key-if-unset', 'with DEBUG=false and no API_KEY, use a key generated into DATA_DIR/api-key')
  .option('--create-local-account-if-none', 'AUTH_MODE=local without LOCAL_AUTH_USERS: create one dashboard account, password in DATA_DIR/local-account')
  .option('--reload', 'restart when the compiled code changes (DEBUG=true only)')
  .action(serve);
program.command('worker').description('run projections and processors').action(worker);
program.command('scheduler').description('run the singleton duties (exactly one process holds the lease)').action(scheduler);

const db = program.command('db').description('database administration');
db.command('migrate').description('apply pending migrations').action(migrate);

const projections = program.command('projections').description('read models');
projections.command('status').description('checkpoint, lag and rebuild state of each read model')
  .option('--json', 'print JSON').action(projectionsStatus);
projections.command('rebuild [name]').description('rebuild one read model (or all) from the log, blue/green')
  .action(projectionsRebuild);

program.command('workspace').description('run one research question (in-process) and write its dossier as JSON and HTML')
  .requiredOption('--question <text>', 'the research question')
  .option('--disease <id>', 'disease module id', 'sle')
  .option('--sources <list>', 'comma-separated sources (default pubmed,clinical_trials)')
  .option('--date-from <date>', 'earliest source date (YYYY-MM-DD)')
  .option('--date-to <date>', 'latest source date (YYYY-MM-DD)')
  .option('--candidate-type <type>', 'drugs, targets or both')
  .option('--max-evidence <n>', 'evidence records kept (1-200)')
  .option('--no-llm', 'skip LLM enrichment')
  .option('--out <dir>', 'output directory', '.')
  .action(workspace);

const effect = program.command('effect').description('what trials found (the effect reader; no database)');
effect.command('read').description('JSON Lines on stdin ({evidence, intervention?, comparator?, outcome?}); one JSON line per input on stdout with label and explanation')
  .action(effectRead);

const audit = program.command('audit').description('auditors\' tools');
audit.command('replay').description('a run\'s review state as of any moment, replayed from its events and checked against the read model')
  .requiredOption('--run <id>', 'run id')
  .option('--at <timestamp>', 'replay up to this moment (ISO 8601)')
  .option('--json', 'print JSON')
  .action(auditReplay);

const disease = program.command('disease').description('Workspace disease modules');
disease.command('validate').description('check every module in fixtures/diseases (exit 1 when any is incomplete)')
  .option('--dir <dir>', 'another modules directory')
  .option('--json', 'print JSON')
  .action(diseaseValidate);
disease.command('discover').description('write a module file per MONDO condition of the active mondo snapshot that exact mappings make complete (research use only)')
  .option('--out <dir>', 'output directory (default DATA_DIR/disease-modules)')
  .option('--limit <n>', 'at most n modules, in MONDO id order')
  .option('--curie <id>', 'only this MONDO id (repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
  .option('--dry-run', 'print what would be written; write nothing')
  .option('--force', 'overwrite module files that exist with other content')
  .option('--json', 'print the summary as JSON')
  .action(diseaseDiscover);

disease.command('corpus-status').description('readiness tier (L0-L3) of every registry disease from the active snapshots; records the batch report GET /api/system/corpus-status serves')
  .option('--details', 'also list every disease with its tier')
  .option('--json', 'print JSON')
  .action(corpusStatusCli);

program.command('live').description('check each evidence source\'s live endpoint: reachable, HTTP status, latency, rate-limit headers (exit 1 when any is unreachable)')
  .option('--source <name>', 'only this source (repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
  .option('--timeout-ms <ms>', 'per source (100-120000, default 5000)')
  .option('--json', 'print JSON')
  .action(live);

program.command('run-all').description('run the default analysis module set in-process (as POST /api/jobs/run-all); results are recorded for export (exit 1 when none completed)')
  .option('--disease <id>', 'disease module id', 'sle')
  .option('--full', 'also the slow modules (link prediction, virtual screening)')
  .option('--parallel', 'run modules concurrently')
  .option('--max-parallel <n>', 'with --parallel: modules at once (1-8, default 2)')
  .option('--skip-ml', 'leave out the machine-learning modules')
  .option('--export-html', 'write an HTML report per module')
  .option('--no-cache', 'bypass source caches')
  .option('--out <dir>', 'reports directory (default DATA_DIR/reports)')
  .option('--json', 'print JSON')
  .action(runAllCli);

const biomed = program.command('biomed').description('canonical biomedical store: versioned snapshot imports (research use only)');
biomed.command('init').description('create or upgrade the biomed schema (migrations) and list the import resources').action(biomedInit);
biomed.command('import <resource> <files...>').description('verify the artifact against the pinned checksums, import it as a new snapshot and activate it')
  .option('--allow-unpinned', 'import an artifact that matches no pinned checksum (the report records the import as forced)')
  .action(biomedImport);
biomed.command('snapshots').description('list snapshots with their status and active flags')
  .option('--resource <name>', 'only this resource')
  .option('--json', 'print JSON')
  .action(biomedSnapshots);
biomed.command('migrate').description('apply the pending database migrations (the biomed schema included)').action(biomedMigrate);
biomed.command('compare <left_curie> <right_curie>').description('compare two conditions over the active snapshots and record it as a research run (as POST /api/v1/comparisons)')
  .option('--json', 'print JSON')
  .action(biomedCompare);
const biomedAnalytics = biomed.command('analytics').description('analytics over the active snapshots');
biomedAnalytics.command('stats').description('row counts per active snapshot, term kinds and claim predicates')
  .option('--json', 'print JSON')
  .action(biomedAnalyticsStats);
biomedAnalytics.command('targets <curie>').description('genes of a condition ranked by their evidence (as GET /api/v1/analytics/targets/{curie}); JSON')
  .option('--top-k <n>', 'number of targets (1-100, default 20)')
  .action(biomedAnalyticsTargets);
biomedAnalytics.command('shared-mechanisms <left_curie> <right_curie>').description('shared pathways and genes of two conditions, with Jaccard similarity; JSON')
  .action(biomedAnalyticsSharedMechanisms);
biomedAnalytics.command('subgraph <curie>').description('multi-hop neighbourhood of an entity over the claims; JSON')
  .option('--max-hops <n>', 'breadth-first claim steps (1-4, default 2)')
  .option('--limit <n>', 'maximum nodes, the centre included (1-500, default 100)')
  .action(biomedAnalyticsSubgraph);
biomedAnalytics.command('pathways <start_curie> <target_curie>').description('claim paths between two entities (as GET /api/v1/biomed/pathways); JSON')
  .option('--max-depth <n>', 'maximum claims per path (1-5, default 3)')
  .option('--limit <n>', 'maximum paths (1-50, default 10)')
  .action(biomedAnalyticsPathways);
biomedAnalytics.command('target-prioritization <disease_curie>').description('targets ranked by supporting vs contradictory evidence and centrality; JSON')
  .option('--top-k <n>', 'number of targets (1-50, default 10)')
  .action(biomedAnalyticsTargetPrioritization);

registerMlCommands(program);

const bus = program.command('bus').description('message bus');
bus.command('status').description('consumer groups with lag and dead-letter counts').action(busStatus);
bus.command('dead-letters').description('events parked after failing their handler')
  .option('--group <group>', 'only this consumer group')
  .option('--all', 'include resolved ones')
  .option('--json', 'print JSON')
  .action(busDeadLetters);
bus.command('redeliver <id>').description('run a parked event through its processor again').action(busRedeliver);

program.parseAsync(process.argv).catch((error: unknown) => {
  if (error instanceof SettingsError) {
    console.error(`configuration error: ${error.message}`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
