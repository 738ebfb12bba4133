// The offline reader of source-runner.ts: what answers a source without its provider.
// - The local mirror of the providers' bulk releases (EvidenceMirror, infra/literature/mirror.ts): every
//   record of the snapshot that names the disease, with the snapshot id and a note when it holds few.
// - The bundled synthetic corpus: fixtures/corpus/<source>/<disease_id>.<ext>, parsed by adapter.parseCorpus;
//   corpus.json says whether its records are synthetic.
import fs from 'node:fs';
import path from 'node:path';
import { DISEASE_MODULE_ID } from '../../domain/diseases/disease-id-patterns';
import type { SourceRecord } from '../../domain/workspace/sources';
import { ProviderError, type SourceAdapter, type SourceQuery } from './source-adapter';
import type { EvidenceMirror } from './evidence-mirror';

const DEFAULT_MIRROR_FEW_RECORDS = 20;

export interface MirrorRecords {
  records: SourceRecord[];
  snapshotId: string;
  /** Set when the snapshot holds fewer than `fewRecords` records for the disease: says so and how to get more. */
  scarcity: string | null;
}

/** The mirror snapshot's records for the query's disease (the mirror must hold the source). */
export async function readMirror(adapter: SourceAdapter, query: SourceQuery, mirror: EvidenceMirror, fewRecords = DEFAULT_MIRROR_FEW_RECORDS): Promise<MirrorRecords> {
  const answer = (await mirror.search(adapter.name, query.disease, query.terms))!;
  const scarcity = answer.records.length < fewRecords
    ? `the local mirror (snapshot ${answer.snapshotId}) holds ${answer.records.length} ${adapter.name} record${answer.records.length === 1 ? '' : 's'} for ${query.disease.name}; more come with a larger mirror (EVIDENCE_MIRROR_DIR) or live mode`
    : null;
  return { records: answer.records, snapshotId: answer.snapshotId, scarcity };
}

let projectRoot: string | undefined;

/** The service's root (where package.json is), from this file in the sources or under dist/. */
export function findProjectRoot(): string {
  if (projectRoot !== undefined) return projectRoot;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      try {
        if ((JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'evidence-research-service') return (projectRoot = dir);
      } catch {
        // not ours; keep walking
      }
    }
    if (path.dirname(dir) === dir) return (projectRoot = process.cwd());
  }
}

export function defaultCorpusDir(): string {
  return path.join(findProjectRoot(), 'fixtures', 'corpus');
}

/** fixtures/corpus/<source>/<disease_id>.<ext> */
export function corpusPath(adapter: Pick<SourceAdapter, 'name' | 'corpusExtension'>, diseaseId: string, corpusDir = defaultCorpusDir()): string {
  if (!DISEASE_MODULE_ID.test(diseaseId)) throw new ProviderError(`invalid disease id for the offline corpus`, false);
  return path.join(corpusDir, adapter.name, `${diseaseId}.${adapter.corpusExtension}`);
}

/** The corpus's records for the query's disease (each marked synthetic unless the corpus says otherwise), in file order. */
export function readCorpus(adapter: SourceAdapter, query: SourceQuery, corpusDir: string | undefined): SourceRecord[] {
  const file = corpusPath(adapter, query.disease.id, corpusDir);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch {
    throw new ProviderError(`no offline corpus file for disease ${query.disease.id}`, false);
  }
  const synthetic = corpusIsSynthetic(corpusDir ?? defaultCorpusDir());
  return adapter.parseCorpus(content, query).map((record) => ({ ...record, synthetic }));
}

/**
 * Whether a corpus holds made-up example records: its corpus.json says so ("synthetic": true, as the
 * bundled fixtures/corpus does). A corpus that does not declare itself real ("synthetic": false) counts as
 * synthetic: a record is never shown as a real citation unless someone vouched for it.
 */
export function corpusIsSynthetic(corpusDir: string): boolean {
  try {
    return (JSON.parse(fs.readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8')) as { synthetic?: unknown }).synthetic !== false;
  } catch {
    return true;
  }
}
