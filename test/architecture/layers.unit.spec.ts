// The shape of docs/architecture.md, checked on every run: no import cycles, and no file imports a
// higher layer (domain < adapters < commands/projections < processors < api/cli < composition root).
import path from 'node:path';
import { expect } from 'chai';
import { importCycles, layerOf, readImportGraph, upwardEdges } from './import-graph';

const root = path.resolve(__dirname, '..', '..', '..');

describe('the layers of the code base', function () {
  const graph = readImportGraph(root);

  it('finds the source files to check', function () {
    expect(graph.files.length).to.be.greaterThan(100);
    expect(graph.edges.length).to.be.greaterThan(200);
  });

  it('has no import cycles', function () {
    expect(importCycles(graph).map((cycle) => cycle.join(' <-> '))).to.deep.equal([]);
  });

  it('has no import from a lower layer into a higher one', function () {
    const upward = upwardEdges(graph).map((e) => `${e.from} -> ${e.to}`).sort();
    expect(upward, `layers: ${upwardEdges(graph).map((e) => `${layerOf(e.from)?.name}->${layerOf(e.to)?.name}`).join(', ')}`).to.deep.equal([]);
  });

  it('lets only a read model\'s own folder (its projector and .queries.ts files) use its table names', function () {
    const readers = graph.edges
      .filter((e) => /^projections\/[^/]+\/[^/]+\.tables\.ts$/.test(e.to) && path.posix.dirname(e.from) !== path.posix.dirname(e.to))
      .map((e) => `${e.from} -> ${e.to}`);
    expect([...new Set(readers)].sort()).to.deep.equal([]);
  });

  it('keeps domain/ free of imports from outside domain/', function () {
    const outside = graph.edges.filter((e) => e.from.startsWith('domain/') && !e.to.startsWith('domain/'));
    expect(outside.map((e) => `${e.from} -> ${e.to}`)).to.deep.equal([]);
  });
});
