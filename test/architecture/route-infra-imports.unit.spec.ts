// Issue 24 item 1: a route file (api/**) parses, calls one use case or query, and maps the result, so it
// imports no value from infra/ (type-only imports are fine). The files that still do are listed below and
// may only shrink: a new file or a new infra value import fails here, and so does a listed file that no
// longer needs its entry (delete the entry when you move its reads behind commands/ or a projection query).
import path from 'node:path';
import { expect } from 'chai';
import { readImportGraph, routeInfraValueImports } from './import-graph';

const root = path.resolve(__dirname, '..', '..', '..');

/** Not yet moved behind commands/ (see docs/architecture.md, "Routes call use cases"). */
const NOT_YET_MOVED: readonly string[] = [
  'api/auth/principal-resolver.ts',
  'api/limits/limits.ts',
  'api/middleware/errors.ts',
];

describe('route files and infra/', function () {
  const offenders = [...new Set(routeInfraValueImports(readImportGraph(root)).map((edge) => edge.from))].sort();

  it('no route file outside the shrinking not-yet-moved list imports a value from infra/', function () {
    expect(offenders.filter((file) => !NOT_YET_MOVED.includes(file))).to.deep.equal([]);
  });

  it('the not-yet-moved list names only files that still import an infra value (a moved file leaves it)', function () {
    expect(NOT_YET_MOVED.filter((file) => !offenders.includes(file))).to.deep.equal([]);
  });
});
