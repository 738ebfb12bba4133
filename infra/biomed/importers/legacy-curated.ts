// legacy_curated: the Workspace's curated knowledge-graph files (fixtures/kg/*.json) as one snapshot of
// claims in the canonical vocabulary (domain/biomed/legacy-curated.ts), each with an evidence link to
// its file and edge. It exists only for the BIOMED_LEGACY_PROJECTION diagnostics: it writes no terms,
// and canonical reads leave this resource out (infra/biomed/read/snapshots.ts activeSnapshots), because
// curated fixtures written for this project are not public canonical evidence.
// Files are streamed with stream-json (nodes of every file first, then edges: an edge may name a node
// another file defines); only one node or edge is assembled at a time.
import fs from 'node:fs';
import path from 'node:path';
import {
  canonicalEntity, LegacyEdge, LegacyGraphError, legacyClaim, LegacyNode, LEGACY_RESOURCE, storedId,
} from '../../../domain/biomed/legacy-curated';
import { ImportRefusedError } from '../artifacts';
import { SnapshotWriters } from '../store/snapshot-writers';
import { ImportContext, PROGRESS_EVERY, ResourceImporter } from './importer';

type Item = { kind: 'disease_id'; value: string } | { kind: 'node'; value: LegacyNode } | { kind: 'edge'; value: LegacyEdge };

interface StreamJsonParts {
  parser: { asStream(options?: Record<string, unknown>): NodeJS.ReadWriteStream };
  pick: { asStream(options: Record<string, unknown>): NodeJS.ReadWriteStream };
  streamValues: { asStream(): NodeJS.ReadWriteStream };
}

let loaded: Promise<StreamJsonParts> | null = null;
/** stream-json is an ES module; this CommonJS build loads it with import(). */
function streamJson(): Promise<StreamJsonParts> {
  loaded ??= (async () => ({
    parser: (await import('stream-json')).parser as unknown as StreamJsonParts['parser'],
    pick: (await import('stream-json/filters/pick.js')).default as unknown as StreamJsonParts['pick'],
    streamValues: (await import('stream-json/streamers/stream-values.js')).default as unknown as StreamJsonParts['streamValues'],
  }))();
  return loaded;
}

const PICKED = /^(?:disease_id|nodes\.\d+|edges\.\d+)$/;

/** The top-level disease_id, each node and each edge of one file, in file order. */
async function* readGraphFile(file: string): AsyncGenerator<Item> {
  const { parser, pick, streamValues } = await streamJson();
  const source = fs.createReadStream(file);
  const tokens = source.pipe(parser.asStream());
  const picked = tokens.pipe(pick.asStream({ filter: PICKED }));
  const values = picked.pipe(streamValues.asStream());
  for (const stage of [source, tokens, picked] as NodeJS.EventEmitter[]) stage.on('error', (error: Error) => (values as unknown as { destroy(e: Error): void }).destroy(error));
  const name = path.basename(file);
  try {
    for await (const { value } of values as AsyncIterable<{ value: unknown }>) {
      if (typeof value === 'string') { yield { kind: 'disease_id', value }; continue; }
      const v = value as Record<string, unknown> | null;
      if (v && typeof v.id === 'string' && typeof v.kind === 'string') yield { kind: 'node', value: v as unknown as LegacyNode };
      else if (v && typeof v.source === 'string' && typeof v.target === 'string' && typeof v.relation === 'string') yield { kind: 'edge', value: v as unknown as LegacyEdge };
      else throw new LegacyGraphError(`${name}: a node needs id and kind, an edge source, target and relation`);
    }
  } catch (error) {
    if (error instanceof LegacyGraphError) throw error;
    throw new LegacyGraphError(`${name}: not a readable knowledge-graph file: ${(error as Error).message}`);
  }
}

export const legacyCuratedImporter: ResourceImporter = {
  resource: LEGACY_RESOURCE,
  classify(paths) {
    if (paths.length === 0 || paths.some((p) => !/\.json$/i.test(p))) {
      throw new ImportRefusedError('bad_input', 'legacy_curated takes one or more curated knowledge-graph .json files (fixtures/kg/*.json)');
    }
    return paths.map((p) => ({ path: p, role: 'annotations' as const }));
  },
  async load(context: ImportContext) {
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    // Sorted by file name so the claim numbers do not depend on the order the shell listed the files in.
    const files = [...context.artifacts].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const nodes = new Map<string, LegacyNode>();
    const diseaseOf = new Map<string, string | null>();
    let duplicateNodes = 0;
    for (const artifact of files) {
      diseaseOf.set(artifact.file, null);
      for await (const item of readGraphFile(artifact.path)) {
        if (item.kind === 'disease_id') diseaseOf.set(artifact.file, item.value);
        else if (item.kind === 'node') {
          if (nodes.has(item.value.id)) duplicateNodes++;
          else nodes.set(item.value.id, item.value);
        }
      }
    }
    const unmappedNodes = [...nodes.values()].filter((n) => canonicalEntity(n) === null).map((n) => n.id).sort();

    const relations: Record<string, number> = {};
    const perFile: { file: string; disease_id: string | null; edges: number }[] = [];
    for (const artifact of files) {
      let edges = 0;
      for await (const item of readGraphFile(artifact.path)) {
        if (item.kind !== 'edge') continue;
        edges++;
        let claim;
        try {
          claim = legacyClaim(item.value, nodes);
        } catch (error) {
          throw new LegacyGraphError(`${artifact.file}: edge ${edges}: ${(error as Error).message}`);
        }
        relations[claim.relation] = (relations[claim.relation] ?? 0) + 1;
        const subject = storedId(claim.subject);
        await writers.claim({
          subject, predicate: claim.predicate, object: storedId(claim.object), direction: 'supports',
          mondoCurie: subject.startsWith('MONDO:') ? subject : null,
          qualifiers: {
            // The edge as the curators wrote it, and the legacy ids of the claim's ends (swapped for flipped relations).
            legacy_source: item.value.source, legacy_relation: claim.relation, legacy_target: item.value.target,
            legacy_subject: claim.subject.legacy_id, legacy_object: claim.object.legacy_id,
            subject_label: claim.subject.label, object_label: claim.object.label, disease_id: diseaseOf.get(artifact.file) ?? null,
          },
          // line: the edge's position (1-based) in the file's `edges` array; the provenance the curators wrote.
          evidence: { file: artifact.file, line: edges, reference: claim.provenance, evidenceCode: null },
        });
        if (edges % PROGRESS_EVERY === 0) context.progress(artifact.file, edges);
      }
      context.progress(artifact.file, edges);
      perFile.push({ file: artifact.file, disease_id: diseaseOf.get(artifact.file) ?? null, edges });
    }
    await writers.flush();
    if (duplicateNodes > 0) context.warn(`${duplicateNodes} node definition(s) repeat an id defined in an earlier file; the first definition is used`);
    if (unmappedNodes.length > 0) context.warn(`${unmappedNodes.length} node(s) carry no canonical identifier in xrefs and stay unmapped (LEGACY:<id>)`);
    return {
      version: null,
      counts: {
        files: files.length, nodes: nodes.size, mapped_nodes: nodes.size - unmappedNodes.length, unmapped_nodes: unmappedNodes.length,
        edges: perFile.reduce((n, f) => n + f.edges, 0), ...writers.counts(),
      },
      details: { relations, files: perFile, unmapped_nodes: unmappedNodes.slice(0, 100), duplicate_node_definitions: duplicateNodes },
    };
  },
};
