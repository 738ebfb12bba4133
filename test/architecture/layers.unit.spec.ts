// The shape of docs/architecture.md, checked on every run: no import cycles, and no file imports a
// higher layer (domain < adapters < commands/projections < processors < api/cli < composition root).
import path from 'node:path';
import { expect } from 'chai';
import { importCycles, layerOf, readImportGraph, upwardEdges } from './import-graph';

const root = path.resolve(__dirname, '..', '..', '..');

// Edges still being moved out (each names the work that removes it). The check fails on any edge not
// listed here and on any listed edge that is gone, so the list only ever shrinks to empty.
const KNOWN_CYCLES: string[] = [
  'app/runtime.ts <-> processors/digest/digest-dispatcher.ts',
  'api/workspace/reviews.routes.ts <-> api/workspace/workspace-reads.ts',
];
const KNOWN_UPWARD: string[] = [
  'api/alerts/alerts.routes.ts -> app/runtime.ts',
  'api/biomed/analytics.routes.ts -> app/runtime.ts',
  'api/biomed/biomed.routes.ts -> app/runtime.ts',
  'api/biomed/comparisons.routes.ts -> app/runtime.ts',
  'api/biomed/conditions.routes.ts -> app/runtime.ts',
  'api/biomed/diagnostics.routes.ts -> app/runtime.ts',
  'api/biomed/snapshots.routes.ts -> app/runtime.ts',
  'api/digest/digest.routes.ts -> app/runtime.ts',
  'api/notifications/notifications.routes.ts -> app/runtime.ts',
  'api/workspace/across-runs.routes.ts -> app/runtime.ts',
  'api/workspace/review-bundle.routes.ts -> app/runtime.ts',
  'api/workspace/reviews.routes.ts -> app/runtime.ts',
  'api/workspace/runs.routes.ts -> app/runtime.ts',
  'cli/commands/lifecycle.ts -> app/runtime.ts',
  'cli/commands/serve.ts -> app/http-app.ts',
  'infra/biomed/biomed-deps.ts -> commands/biomed/snapshot-events.ts',
  'processors/digest/digest-dispatcher.ts -> app/runtime.ts',
];

// Files outside a read model's own folder that still import its table names (each is replaced by a
// query object in projections/<capability>/<name>.queries.ts).
const KNOWN_TABLE_READERS: string[] = [
  'api/alerts/alerts.routes.ts -> projections/alerts/alerts.tables.ts',
  'api/digest/digest.routes.ts -> projections/digest/digest-deliveries.tables.ts',
  'api/notifications/notifications.routes.ts -> projections/alerts/alerts.tables.ts',
  'api/workspace/runs.routes.ts -> projections/workspace/runs.tables.ts',
  'api/workspace/workspace-reads.ts -> projections/workspace/runs.tables.ts',
  'commands/reviews/replay-reviews.ts -> projections/reviews/reviews.tables.ts',
  'processors/alerts/review-reminders.processor.ts -> projections/reviews/reviews.tables.ts',
  'processors/alerts/review-reminders.processor.ts -> projections/workspace/runs.tables.ts',
  'processors/digest/digest-builder.ts -> projections/alerts/alerts.tables.ts',
  'processors/digest/digest-builder.ts -> projections/reviews/reviews.tables.ts',
  'processors/digest/digest-builder.ts -> projections/workspace/runs.tables.ts',
  'processors/digest/digest-dispatcher.ts -> projections/digest/digest-deliveries.tables.ts',
  'processors/digest/digest-dispatcher.ts -> projections/notifications/notification-settings.tables.ts',
  'processors/notifications/alert-dispatcher.ts -> projections/alerts/alerts.tables.ts',
];

describe('the layers of the code base', function () {
  const graph = readImportGraph(root);

  it('finds the source files to check', function () {
    expect(graph.files.length).to.be.greaterThan(100);
    expect(graph.edges.length).to.be.greaterThan(200);
  });

  it('has no import cycles', function () {
    expect(importCycles(graph).map((cycle) => cycle.join(' <-> ')).sort()).to.deep.equal([...KNOWN_CYCLES].sort());
  });

  it('has no import from a lower layer into a higher one', function () {
    const upward = upwardEdges(graph).map((e) => `${e.from} -> ${e.to}`).sort();
    expect(upward, `layers: ${upwardEdges(graph).map((e) => `${layerOf(e.from)?.name}->${layerOf(e.to)?.name}`).join(', ')}`).to.deep.equal([...KNOWN_UPWARD].sort());
  });

  it('lets only a read model\'s own folder (its projector and .queries.ts files) use its table names', function () {
    const readers = graph.edges
      .filter((e) => /^projections\/[^/]+\/[^/]+\.tables\.ts$/.test(e.to) && path.posix.dirname(e.from) !== path.posix.dirname(e.to))
      .map((e) => `${e.from} -> ${e.to}`);
    expect([...new Set(readers)].sort()).to.deep.equal([...KNOWN_TABLE_READERS].sort());
  });

  it('keeps domain/ free of imports from outside domain/', function () {
    const outside = graph.edges.filter((e) => e.from.startsWith('domain/') && !e.to.startsWith('domain/'));
    expect(outside.map((e) => `${e.from} -> ${e.to}`)).to.deep.equal([]);
  });
});
