// The import-graph reader behind the layer check, on a small tree written here: it must see every
// import form, resolve index files, find cycles and upward edges, so a passing layer check means something.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { importCycles, readImportGraph, upwardEdges } from './import-graph';

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
});
