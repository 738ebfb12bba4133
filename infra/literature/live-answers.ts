// Write-through of live provider answers into a local layer of the mirror (opt-in: EVIDENCE_LIVE_MIRROR_DIR),
// so what was fetched live answers offline next time. A layer of its own, never mixed into a pinned bulk
// snapshot: each live answer is one immutable file
//   <dir>/<source>/<disease_id>/<terms hash>/<retrieved_at>.json
//   { "kind": "live_answer", "version": 1, "source", "disease_id", "query_terms", "retrieved_at", "records" }
// written once (exclusive create, then rename into place: never half-written, never overwritten), and read
// back as the snapshot `live-answer:<source>:<disease_id>:<retrieved_at>`, which is what the dossier's
// provenance names (mode "mirror", synthetic false): it says the records came from a live answer and when,
// and a newer answer changes the fingerprint. An answer is keyed by the query terms the adapter asked with,
// so another use of the same provider (a drug's labels, FAERS counts) never answers a disease's search.
// Secrets never reach the file: every string is scrubbed of the request's extra parameters (API keys,
// e-mail) and of credential-looking query parameters.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';
import type { EvidenceMirror, LiveAnswerSink, MirrorAnswer } from '../sources/evidence-mirror';

export const LIVE_ANSWER_PREFIX = 'live-answer';
const ID = /^[a-z0-9_]{1,64}$/;

interface LiveAnswerFile { kind: 'live_answer'; version: 1; source: SourceName; disease_id: string; query_terms: string[]; retrieved_at: string; records: SourceRecord[] }

const termsKey = (terms: readonly string[]) => crypto.createHash('sha256').update(JSON.stringify([...terms])).digest('hex').slice(0, 16);
const CREDENTIAL_PARAM = /([?&;](?:api[_-]?key|key|token|access_token|secret|password|email|tool)=)[^&#\s"]*/gi;

/** Deep copy of value with each secret and each credential-looking query parameter value replaced by ***. */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  const known = secrets.filter((s) => s.length >= 4);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      let out = v.replace(CREDENTIAL_PARAM, '$1***');
      for (const s of known) out = out.split(s).join('***');
      return out;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

export class LiveAnswerLayer implements EvidenceMirror, LiveAnswerSink {
  constructor(readonly dir: string) {}

  private folder(source: SourceName, diseaseId: string, terms: readonly string[]): string {
    if (!ID.test(source) || !ID.test(diseaseId)) throw new Error('invalid source or disease id for the live-answer layer');
    return path.join(this.dir, source, diseaseId, termsKey(terms));
  }

  async write(source: SourceName, disease: DiseaseModule, terms: readonly string[], records: readonly SourceRecord[], retrievedAt: Date, secrets: readonly string[]): Promise<string> {
    const folder = this.folder(source, disease.id, terms);
    await fs.promises.mkdir(folder, { recursive: true });
    const stamp = retrievedAt.toISOString();
    const body: LiveAnswerFile = { kind: 'live_answer', version: 1, source, disease_id: disease.id, query_terms: [...terms], retrieved_at: stamp, records: records.map((r) => ({ ...r, synthetic: false })) };
    const final = path.join(folder, `${stamp.replace(/:/g, '')}.json`);
    const tmp = `${final}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, JSON.stringify(scrubSecrets(body, secrets)), { flag: 'wx' });
    // an answer already written for the same instant is kept (answers are immutable)
    if (fs.existsSync(final)) { await fs.promises.rm(tmp); return final; }
    await fs.promises.rename(tmp, final);
    return final;
  }

  /** The layer serves a source once it holds any answer of it. */
  snapshotId(source: SourceName): string | undefined {
    return ID.test(source) && fs.existsSync(path.join(this.dir, source)) ? `${LIVE_ANSWER_PREFIX}:${source}` : undefined;
  }

  /** The newest live answer for exactly these query terms, or undefined when none was written. */
  search(source: SourceName, disease: DiseaseModule, terms: readonly string[] = []): MirrorAnswer | undefined {
    let folder: string;
    try { folder = this.folder(source, disease.id, terms); } catch { return undefined; }
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.json')).sort() : [];
    const newest = files[files.length - 1];
    if (!newest) return undefined;
    const answer = JSON.parse(fs.readFileSync(path.join(folder, newest), 'utf8')) as LiveAnswerFile;
    return { snapshotId: `${LIVE_ANSWER_PREFIX}:${source}:${disease.id}:${answer.retrieved_at}`, records: answer.records };
  }
}

/**
 * The bulk mirror (pinned snapshots) with the live-answer layer over it: per query, the newest live answer
 * for exactly its terms answers when there is one, else the bulk snapshot; never a mix of the two, and the
 * snapshot id says which answered.
 */
export class LayeredMirror implements EvidenceMirror {
  constructor(private readonly live: LiveAnswerLayer, private readonly bulk: EvidenceMirror | null) {}

  async snapshotId(source: SourceName): Promise<string | undefined> {
    return (this.bulk ? await this.bulk.snapshotId(source) : undefined) ?? this.live.snapshotId(source);
  }

  async search(source: SourceName, disease: DiseaseModule, terms: readonly string[] = []): Promise<MirrorAnswer | undefined> {
    const live = this.live.search(source, disease, terms);
    if (live) return live;
    const bulk = this.bulk && (await this.bulk.snapshotId(source)) !== undefined ? await this.bulk.search(source, disease, terms) : undefined;
    return bulk ?? { snapshotId: `${LIVE_ANSWER_PREFIX}:${source}`, records: [] };
  }
}
