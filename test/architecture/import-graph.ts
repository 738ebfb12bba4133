// Reads the project's TypeScript sources and builds their import graph (static, type-only, re-export and
// dynamic imports of relative paths), so the layer rules of docs/architecture.md can be checked and counted.
import fs from 'node:fs';
import path from 'node:path';

/** Source folders in layer order: a file may import its own layer or a lower one, never a higher one. */
export const LAYERS: readonly { name: string; rank: number; folders: readonly string[] }[] = [
  { name: 'domain', rank: 0, folders: ['domain'] },
  { name: 'adapters', rank: 1, folders: ['infra'] },
  { name: 'commands/projections', rank: 2, folders: ['commands', 'projections'] },
  { name: 'processors', rank: 3, folders: ['processors'] },
  { name: 'api/cli', rank: 4, folders: ['api', 'cli'] },
  { name: 'composition root', rank: 5, folders: ['app'] },
];

/** Files that belong to a layer other than their folder's: the CLI's entry point is the composition root's front door. */
export const FILE_LAYERS: Readonly<Record<string, string>> = { 'cli/main.ts': 'composition root' };

export const SOURCE_FOLDERS = LAYERS.flatMap((layer) => layer.folders);

export interface ImportEdge { from: string; to: string; typeOnly: boolean }

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

function listTs(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return listTs(root, rel);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

const IMPORT_PATTERNS = [
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'"`;]*?)\sfrom\s+['"]([^'"]+)['"]/g,
  /(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

// One left-to-right pass over strings and comments, so a `//` comment holding `/*` (a path like /api/v1/x/*)
// or a string holding `//` (a URL) is read as what it is; two separate passes once hid every import below such a line.
const STRING_OR_COMMENT = /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

function stripComments(source: string): string {
  return source.replace(STRING_OR_COMMENT, (whole, literal: string | undefined) => literal ?? '');
}

function resolveRelative(root: string, fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), spec)).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) {
    if (fs.existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}

/** `{ type A, type B }`: every named specifier carries `type`, so the import brings in no value. */
function onlyTypeSpecifiers(clause: string): boolean {
  const braces = /^\s*\{([\s\S]*)\}\s*$/.exec(clause);
  if (!braces) return false;
  const names = (braces[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s/.test(name));
}

export function readImportGraph(root: string, folders: readonly string[] = SOURCE_FOLDERS): ImportGraph {
  const files = folders.flatMap((dir) => listTs(root, dir)).sort();
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = stripComments(fs.readFileSync(path.join(root, file), 'utf8'));
    const seen = new Set<string>();
    for (const [index, pattern] of IMPORT_PATTERNS.entries()) {
      for (const match of source.matchAll(pattern)) {
        const spec = index === 0 ? match[3] : match[1];
        const typeOnly = index === 0 && (Boolean(match[1]) || onlyTypeSpecifiers(match[2] ?? ''));
        const to = spec ? resolveRelative(root, file, spec) : undefined;
        if (!to || to === file) continue;
        const key = `${to}|${typeOnly}`;
        if (seen.has(key)) continue;
        seen.add(key);
        edges.push({ from: file, to, typeOnly });
      }
    }
  }
  return { files, edges };
}

export function layerOf(file: string): { name: string; rank: number } | undefined {
  const pinned = FILE_LAYERS[file];
  if (pinned) return LAYERS.find((layer) => layer.name === pinned);
  const top = file.split('/')[0];
  return LAYERS.find((layer) => layer.folders.includes(top ?? ''));
}

/** Edges from a lower layer to a higher one. */
export function upwardEdges(graph: ImportGraph): ImportEdge[] {
  return graph.edges.filter((edge) => {
    const from = layerOf(edge.from);
    const to = layerOf(edge.to);
    return from !== undefined && to !== undefined && to.rank > from.rank;
  });
}

/** Strongly connected components of more than one file (Tarjan), each sorted: the import cycles. */
export function importCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return cycles;
}

/** Value (non type-only) imports from a route file (api/**) into the adapters (infra/**): docs/architecture.md
 * wants a route to parse, call one use case or query, and map, so it should never need an adapter's value. */
export function routeInfraValueImports(graph: ImportGraph): ImportEdge[] {
  return graph.edges.filter((edge) => edge.from.startsWith('api/') && edge.to.startsWith('infra/') && !edge.typeOnly);
}
