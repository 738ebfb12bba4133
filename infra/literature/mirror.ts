// The local mirror of the literature, trial and label providers: versioned snapshots of their bulk
// releases (MEDLINE/PubMed baseline files, PubMedQA, PMC articles, ClinicalTrials.gov study JSON, openFDA
// labels), described by a manifest, answering the Workspace in offline mode (and in auto mode when the
// provider is unreachable) with real ids and canonical URLs. The bundled one is the seed slice
// fixtures/seed/literature/ (scripts/derive-literature-seed.ts); EVIDENCE_MIRROR_DIR names a larger one.
//
// manifest.json: { "synthetic": false, "snapshots": [ { "source", "snapshot_id", "files": [ { "path",
//   "format", "sha256", "licence", ... } ] } ] }. Every file is checked against its SHA-256 when loaded: a
// snapshot with a changed file is refused (never served), and the others still answer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import { findProjectRoot } from '../sources/offline-reader';
import type { EvidenceMirror, MirrorAnswer } from '../sources/evidence-mirror';
import { diseaseTerms, termMatcher } from './disease-match';
import { FORMAT_SOURCE, MIRROR_FORMATS, readMirrorFile, type MirrorEntry, type MirrorFormat } from './mirror-files';
import { TextIndex } from './text-index';

export type { EvidenceMirror, MirrorAnswer };

interface ManifestFile { path: string; format: MirrorFormat; sha256: string }
interface ManifestSnapshot { source: SourceName; snapshot_id: string; files: ManifestFile[] }
interface Manifest { synthetic?: boolean; snapshots: ManifestSnapshot[] }

class Snapshot {
  readonly index = new TextIndex();
  readonly entries: MirrorEntry[] = [];
  constructor(readonly source: SourceName, readonly snapshotId: string) {}

  add(entries: MirrorEntry[], deleted: string[]): void {
    // a later file replaces an earlier version of a record; an update file's deletions remove it
    const gone = new Set([...deleted, ...entries.map((e) => e.id)]);
    if (gone.size > 0 && this.entries.some((e) => gone.has(e.id))) {
      const kept = this.entries.filter((e) => !gone.has(e.id));
      this.entries.length = 0;
      this.entries.push(...kept);
    }
    this.entries.push(...entries);
  }

  build(): void {
    for (const entry of this.entries) this.index.add(entry.searchText);
  }
}

export class FileMirror implements EvidenceMirror {
  private readonly snapshots = new Map<SourceName, Snapshot>();
  /** Snapshots refused at load (a file missing, changed, or of an unknown format), with the reason. */
  readonly refused: { source: string; snapshot_id: string; reason: string }[] = [];

  private constructor(readonly dir: string) {}

  /** A mirror whose manifest could not be read: no snapshot, the reason in `refused`. */
  static unusable(dir: string, reason: string): FileMirror {
    const mirror = new FileMirror(dir);
    mirror.refused.push({ source: '*', snapshot_id: '*', reason: `manifest.json: ${reason}` });
    return mirror;
  }

  /** Loads and checks every snapshot of dir/manifest.json; throws only when the manifest cannot be read. */
  static load(dir: string): FileMirror {
    const mirror = new FileMirror(dir);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.synthetic !== false) throw new Error(`${dir}/manifest.json does not declare "synthetic": false: a mirror holds real records only`);
    for (const spec of manifest.snapshots ?? []) {
      try {
        const snapshot = new Snapshot(spec.source, spec.snapshot_id);
        for (const file of spec.files) {
          if (!(MIRROR_FORMATS as readonly string[]).includes(file.format) || FORMAT_SOURCE[file.format] !== spec.source) throw new Error(`${file.path}: format ${file.format} is not one of ${spec.source}'s`);
          const full = path.resolve(dir, file.path);
          if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error(`${file.path}: outside the mirror`);
          const bytes = fs.readFileSync(full);
          const sha = crypto.createHash('sha256').update(bytes).digest('hex');
          if (sha !== file.sha256) throw new Error(`${file.path}: SHA-256 ${sha} is not the pinned ${file.sha256}`);
          const { entries, deleted } = readMirrorFile(file.format, full, bytes);
          snapshot.add(entries, deleted);
        }
        snapshot.build();
        mirror.snapshots.set(spec.source, snapshot);
      } catch (error) {
        mirror.refused.push({ source: spec.source, snapshot_id: spec.snapshot_id, reason: (error as Error).message });
      }
    }
    return mirror;
  }

  snapshotId(source: SourceName): string | undefined {
    return this.snapshots.get(source)?.snapshotId;
  }

  /** Records of the disease held by the snapshot, newest first (undated last), then by id. */
  search(source: SourceName, disease: DiseaseModule): MirrorAnswer | undefined {
    const snapshot = this.snapshots.get(source);
    if (!snapshot) return undefined;
    const terms = diseaseTerms(source, disease);
    const ids = snapshot.index.search(terms, (id, matcher) => matcher(snapshot.entries[id]!.searchText), (phrase) => termMatcher([phrase]));
    const records = ids.map((id) => snapshot.entries[id]!.record(disease));
    records.sort((a, b) => (b.published ?? '').localeCompare(a.published ?? '') || a.nativeId.localeCompare(b.nativeId));
    return { snapshotId: snapshot.snapshotId, records };
  }

  /** Record counts per source (for the CLI and the docs). */
  counts(): Record<string, number> {
    return Object.fromEntries([...this.snapshots].map(([source, s]) => [source, s.entries.length]));
  }
}

export const defaultMirrorDir = () => path.join(findProjectRoot(), 'fixtures', 'seed', 'literature');

const loaded = new Map<string, FileMirror | null>();

/**
 * The mirror of dir, loaded once per process; null when dir holds no manifest. A manifest that cannot be
 * read gives a mirror that serves nothing and says why (`refused`), so offline sources are skipped with a
 * warning instead of failing the run or falling back to made-up records.
 */
export function mirrorAt(dir: string = defaultMirrorDir()): FileMirror | null {
  const key = path.resolve(dir);
  if (!loaded.has(key)) {
    let mirror: FileMirror | null = null;
    if (fs.existsSync(path.join(key, 'manifest.json'))) {
      try {
        mirror = FileMirror.load(key);
      } catch (error) {
        mirror = FileMirror.unusable(key, (error as Error).message);
      }
    }
    loaded.set(key, mirror);
  }
  return loaded.get(key)!;
}
