// Issue 24 item 1: a route file (api/**) parses, calls one use case or query, and maps the result, so it
// imports no value from infra/ (type-only imports are fine). What a route needs from infra/ (a store, a
// clock, how an event-store error reads) is handed to it by the composition root (app/).
import path from 'node:path';
import { expect } from 'chai';
import { readImportGraph, routeInfraValueImports } from './import-graph';

const root = path.resolve(__dirname, '..', '..', '..');

describe('route files and infra/', function () {
  it('no route file imports a value from infra/', function () {
    const offenders = routeInfraValueImports(readImportGraph(root)).map((edge) => `${edge.from} -> ${edge.to}`);
    expect(offenders).to.deep.equal([]);
  });
});
