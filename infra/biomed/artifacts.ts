// Artifact verification: every file is hashed (SHA-256 of its bytes as distributed, streamed) and
// checked against fixtures/biomed/pinned-checksums.json BEFORE anything is written. A file matching no
// pinned value of its resource is refused unless the operator explicitly allows it; the snapshot then
// records forced = true and the artifact's pinned = null.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ArtifactRef } from '../../domain/biomed/snapshot-lifecycle';

/** fixtures/biomed/pinned-checksums.json at the project root (this file runs from dist/infra/biomed/). */
export const DEFAULT_PINNED_FILE = path.resolve(__dirname, '../../../fixtures/biomed/pinned-checksums.json');

export interface PinnedEntry { sha256: string; form: 'fixture' | 'full' | 'seed'; description: string; file?: string }
export type PinnedChecksums = Record<string, PinnedEntry[]>;

export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
  constructor(
    readonly code: 'unknown_resource' | 'not_implemented' | 'bad_input' | 'unpinned' | 'in_progress',
    message: string,
  ) {
    super(message);
  }
}

export function loadPinnedChecksums(file = process.env.BIOMED_PINNED_CHECKSUMS ?? DEFAULT_PINNED_FILE): PinnedChecksums {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const pins: PinnedChecksums = {};
  for (const [resource, entries] of Object.entries(parsed)) {
    if (resource.startsWith('$')) continue;
    if (!Array.isArray(entries)) throw new Error(`${file}: ${resource} must list pinned entries`);
    pins[resource] = entries.map((entry: PinnedEntry) => {
      if (!/^[0-9a-f]{64}$/.test(entry.sha256) || !['fixture', 'full', 'seed'].includes(entry.form)) {
        throw new Error(`${file}: ${resource} has an entry without a valid sha256 and form (fixture|full|seed)`);
      }
      return entry;
    });
  }
  return pins;
}

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export interface ArtifactInput { path: string; role: ArtifactRef['role'] }

export interface VerifiedArtifacts {
  artifacts: (ArtifactRef & { path: string })[];
  /** The file's sha256, or for several files the sha256 of their sorted "role sha256" lines. */
  sha256: string;
  bytes: number;
  forced: boolean;
}

export async function verifyArtifacts(
  resource: string,
  inputs: readonly ArtifactInput[],
  options: { allowUnpinned: boolean; pins?: PinnedChecksums },
): Promise<VerifiedArtifacts> {
  const pinned = (options.pins ?? loadPinnedChecksums())[resource] ?? [];
  const artifacts: VerifiedArtifacts['artifacts'] = [];
  for (const input of inputs) {
    const { sha256, bytes } = await sha256File(input.path);
    const match = pinned.find((p) => p.sha256 === sha256);
    artifacts.push({
      path: input.path, file: path.basename(input.path), sha256, bytes, role: input.role,
      pinned: match ? { form: match.form, description: match.description } : null,
    });
  }
  const unpinned = artifacts.filter((a) => a.pinned === null);
  if (unpinned.length > 0 && !options.allowUnpinned) {
    const list = unpinned.map((a) => `${a.file} (sha256 ${a.sha256})`).join(', ');
    throw new ImportRefusedError('unpinned', `refused: ${list} matches no pinned checksum for resource '${resource}' `
      + '(fixtures/biomed/pinned-checksums.json); nothing was written. Check the download, pin its checksum, or pass '
      + '--allow-unpinned to import it anyway (the report will record the import as forced).');
  }
  const sha256 = artifacts.length === 1 ? artifacts[0]!.sha256
    : createHash('sha256').update(artifacts.map((a) => `${a.role} ${a.sha256}`).sort().join('\n')).digest('hex');
  return { artifacts, sha256, bytes: artifacts.reduce((n, a) => n + a.bytes, 0), forced: unpinned.length > 0 };
}
