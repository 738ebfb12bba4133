// Test and bench support only (issue 24 item 2: no production path reads fixtures/kg; the Workspace runs on the
// store graph). Reads the knowledge-graph fixtures (every *.json GraphFixture of fixtures/kg/, in file-name order),
// checks their shape and merges them into one KnowledgeGraph. Bad data stops the load with the file
// name: a graph with a dangling or unsourced edge would explain candidates with edges nobody stated.
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { DISEASE_MODULE_ID_PATTERN } from '../../../domain/diseases/disease-id-patterns';
import type { GraphFixture } from '../../../domain/kg/graph-data';
import { EDGE_RELATIONS, KnowledgeGraph, NODE_KINDS } from './knowledge-graph';

/** fixtures/kg at the project root (this file runs from dist/test/support/curated-graph/). */
export const DEFAULT_KG_DIR = path.resolve(__dirname, '../../../../fixtures/kg');

const nonEmpty = { type: 'string', minLength: 1, pattern: '\\S' };

export const graphFixtureSchema = {
  type: 'object',
  properties: {
    disease_id: { type: 'string', pattern: DISEASE_MODULE_ID_PATTERN },
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: nonEmpty,
          kind: { enum: [...NODE_KINDS] },
          label: nonEmpty,
          synonyms: { type: 'array', items: nonEmpty },
          xrefs: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['id', 'kind', 'label'],
        additionalProperties: false,
      },
    },
    edges: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          source: nonEmpty,
          target: nonEmpty,
          relation: { enum: [...EDGE_RELATIONS] },
          provenance: nonEmpty,
        },
        required: ['source', 'target', 'relation', 'provenance'],
        additionalProperties: false,
      },
    },
  },
  required: ['disease_id', 'nodes', 'edges'],
  additionalProperties: false,
} as const;

export class GraphFixtureError extends Error {
  override name = 'GraphFixtureError';
  constructor(readonly file: string, readonly problems: readonly string[]) {
    super(`knowledge-graph fixture ${file}: ${problems.join('; ')}`);
  }
}

let validator: ValidateFunction | undefined;

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'fixture';
  if (error.keyword === 'required') return `${where}.${(error.params as { missingProperty: string }).missingProperty} is required`;
  if (error.keyword === 'additionalProperties') return `${where}.${(error.params as { additionalProperty: string }).additionalProperty} is not an accepted field`;
  if (error.keyword === 'enum') return `${where} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  if (error.keyword === 'pattern' && error.instancePath.endsWith('/provenance')) return `${where} must not be empty`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/** Parses and shape-checks one fixture file's text; throws GraphFixtureError naming the file. */
export function parseGraphFixture(text: string, file: string): GraphFixture {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GraphFixtureError(file, [`not valid JSON: ${(error as Error).message}`]);
  }
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(graphFixtureSchema as unknown as object);
  if (!validator(value)) {
    const problems = [...new Set((validator.errors ?? []).map(describe))];
    throw new GraphFixtureError(file, problems.length > 10 ? [...problems.slice(0, 10), `and ${problems.length - 10} more`] : problems);
  }
  return value as GraphFixture;
}

/**
 * Cross-file checks over fixtures already shape-checked: every edge's endpoints exist (in any file, as
 * the graph is one), a node id keeps one kind everywhere, no edge joins a node to itself.
 */
export function checkGraphFixtures(fixtures: readonly { file: string; fixture: GraphFixture }[]): void {
  const kinds = new Map<string, { kind: string; file: string }>();
  for (const { file, fixture } of fixtures) {
    for (const node of fixture.nodes) {
      const known = kinds.get(node.id);
      if (known && known.kind !== node.kind) {
        throw new GraphFixtureError(file, [`node ${node.id} is a ${node.kind} here but a ${known.kind} in ${known.file}`]);
      }
      if (!known) kinds.set(node.id, { kind: node.kind, file });
    }
  }
  for (const { file, fixture } of fixtures) {
    const problems: string[] = [];
    fixture.edges.forEach((edge, i) => {
      for (const end of ['source', 'target'] as const) {
        if (!kinds.has(edge[end])) problems.push(`edges.${i} (${edge.source} -${edge.relation}-> ${edge.target}): ${end} ${edge[end]} is not a node of any fixture`);
      }
      if (edge.source === edge.target) problems.push(`edges.${i}: joins ${edge.source} to itself`);
    });
    if (problems.length > 0) throw new GraphFixtureError(file, problems.length > 10 ? [...problems.slice(0, 10), `and ${problems.length - 10} more`] : problems);
  }
}

/** Every *.json fixture of `dir`, parsed and checked, in file-name order. */
export function readGraphFixtures(dir: string = DEFAULT_KG_DIR): { file: string; fixture: GraphFixture }[] {
  const resolved = path.resolve(dir);
  let names: string[];
  try {
    names = fs.readdirSync(resolved).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new Error(`knowledge-graph directory ${resolved} cannot be read: ${(error as Error).message}`);
  }
  if (names.length === 0) throw new Error(`knowledge-graph directory ${resolved} holds no *.json fixture`);
  const fixtures = names.map((file) => {
    let text: string;
    try {
      text = fs.readFileSync(path.join(resolved, file), 'utf8');
    } catch (error) {
      throw new GraphFixtureError(file, [`cannot be read: ${(error as Error).message}`]);
    }
    return { file, fixture: parseGraphFixture(text, file) };
  });
  checkGraphFixtures(fixtures);
  return fixtures;
}

/** The default knowledge graph: every fixture of `dir` (default fixtures/kg) merged into one. */
export function loadDefaultGraph(dir: string = DEFAULT_KG_DIR): KnowledgeGraph {
  return KnowledgeGraph.fromFixtures(readGraphFixtures(dir).map((f) => f.fixture));
}
