// The import resources are defined once (domain/biomed/resources.ts); the CLI, the importer registry and the
// API schema read that list, and docs/biomed-store.md's "What is built" table is checked against it here
// (before this test the table had no `disease_ontology` row).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { BIOMED_RESOURCES } from '../../../domain/biomed/resources';

const DOC = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'biomed-store.md');

describe('biomed resources: one list', function () {
  it('docs/biomed-store.md\'s "What is built" table names every resource exactly once, and no other', function () {
    const text = fs.readFileSync(DOC, 'utf8');
    const section = text.slice(text.indexOf('## What is built'), text.indexOf('\n## ', text.indexOf('## What is built') + 1));
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect([...rows].sort()).to.deep.equal([...BIOMED_RESOURCES].sort());
  });
});
