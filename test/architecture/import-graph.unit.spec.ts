// The import-graph reader behind the layer check, on a small tree written here: it must see every
// import form, resolve index files, find cycles and upward edges, so a passing layer check means something.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { importCycles, readImportGraph, routeInfraValueImports, upwardEdges } from './import-graph';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the import-graph reader', function () {
  it('sees static, type-only, re-export, side-effect and dynamic imports, and index files', function () {
    const root = tree({
      'domain/a.ts': "import { b } from './b';\nimport type { C } from './c';\nexport * from './d';\nimport './e';\nconst f = () => import('./f');\n// import { g } from './g';\n",
      'domain/b.ts': '', 'domain/c.ts': '', 'domain/d.ts': '', 'domain/e.ts': '', 'domain/f/index.ts': '', 'domain/g.ts': '',
    });
    const graph = readImportGraph(root);
    const targets = graph.edges.filter((e) => e.from === 'domain/a.ts').map((e) => `${e.to}${e.typeOnly ? ' (type)' : ''}`).sort();
    expect(targets).to.deep.equal(['domain/b.ts', 'domain/c.ts (type)', 'domain/d.ts', 'domain/e.ts', 'domain/f/index.ts']);
  });

  it('reports a cycle and an upward import', function () {
    const root = tree({
      'domain/x.ts': "import { api } from '../api/y';\n",
      'api/y.ts': "import { z } from './z';\n",
      'api/z.ts': "import { y } from './y';\n",
    });
    const graph = readImportGraph(root);
    expect(importCycles(graph)).to.deep.equal([['api/y.ts', 'api/z.ts']]);
    expect(upwardEdges(graph).map((e) => `${e.from}->${e.to}`)).to.deep.equal(['domain/x.ts->api/y.ts']);
  });

  it('counts a route\'s import of an infra value, but not one whose every named specifier is a type', function () {
    const root = tree({
      'api/r.routes.ts': "import { value } from '../infra/v';\nimport { type T, type U } from '../infra/t';\nimport type { W } from '../infra/w';\nimport {\n  type M,\n  mixed,\n} from '../infra/m';\n",
      'infra/v.ts': '', 'infra/t.ts': '', 'infra/w.ts': '', 'infra/m.ts': '',
    });
    const found = routeInfraValueImports(readImportGraph(root)).map((e) => e.to).sort();
    expect(found).to.deep.equal(['infra/m.ts', 'infra/v.ts']);
  });

  it('a // comment holding /* (like "/api/v1/analytics/*") no longer hides every import below it from the checks', function () {
    const root = tree({
      'api/a.ts': "// /api/v1/analytics/*: routes\nimport { b } from './b';\nconst url = 'http://x/*';\nimport { c } from './c';\n/* a // b */\nimport { d } from './d';\n",
      'api/b.ts': '', 'api/c.ts': '', 'api/d.ts': '',
    });
    expect(readImportGraph(root).edges.map((e) => e.to).sort()).to.deep.equal(['api/b.ts', 'api/c.ts', 'api/d.ts']);
  });
});
