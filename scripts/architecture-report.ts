// Prints the shape figures of docs/architecture.md: files and lines per layer folder, the longest
// functions, import cycles, upward imports between layers, and `new Date()` outside the adapters and the
// composition root. Run: npm run arch:report (from the project root), or node dist/scripts/architecture-report.js <other checkout>.
import fs from 'node:fs';
import path from 'node:path';
import { importCycles, layerOf, readImportGraph, routeInfraValueImports, SOURCE_FOLDERS, upwardEdges } from '../test/architecture/import-graph';
import { longestFunctions } from '../test/architecture/function-lengths';

const root = path.resolve(process.argv[2] ?? path.resolve(__dirname, '..', '..'));
const graph = readImportGraph(root);
const lines = (file: string): number => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length;

console.log('folder        files   lines');
for (const folder of SOURCE_FOLDERS) {
  const files = graph.files.filter((file) => file.startsWith(`${folder}/`));
  const total = files.reduce((sum, file) => sum + lines(file), 0);
  console.log(`${folder.padEnd(12)} ${String(files.length).padStart(6)} ${String(total).padStart(7)}`);
}

console.log('\nlongest functions (lines):');
for (const fn of longestFunctions(root, graph.files).slice(0, 5)) console.log(`  ${fn.lines}  ${fn.file}:${fn.line} ${fn.name}`);

const cycles = importCycles(graph);
console.log(`\nimport cycles: ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);

const upward = upwardEdges(graph);
console.log(`upward imports: ${upward.length}`);
for (const edge of upward) console.log(`  ${edge.from} (${layerOf(edge.from)?.name}) -> ${edge.to} (${layerOf(edge.to)?.name})${edge.typeOnly ? ' [type]' : ''}`);

const routeInfra = routeInfraValueImports(graph);
const routeInfraFiles = [...new Set(routeInfra.map((edge) => edge.from))];
console.log(`route files importing infra/ values: ${routeInfraFiles.length} (${routeInfra.length} imports)`);
for (const file of routeInfraFiles) console.log(`  ${file} -> ${routeInfra.filter((e) => e.from === file).map((e) => e.to).join(', ')}`);

const dateCalls = graph.files
  .filter((file) => /^(commands|processors|api)\//.test(file))
  .flatMap((file) => fs.readFileSync(path.join(root, file), 'utf8').split('\n')
    .map((text, i) => ({ file, line: i + 1, text }))
    .filter((l) => /new Date\(\)/.test(l.text)));
console.log(`new Date() in commands/processors/api: ${dateCalls.length}`);
for (const call of dateCalls) console.log(`  ${call.file}:${call.line}`);
