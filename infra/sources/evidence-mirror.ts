// The port the source runner asks a local mirror through: the snapshot serving a source, and the records of
// a disease in it. Implemented by the file mirror (infra/literature/mirror.ts, answers at once) and the
// biomedical store's literature snapshots (infra/literature/store-mirror.ts, answers from the database).
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';

export interface MirrorAnswer {
  snapshotId: string;
  /** Every record of the snapshot that names the disease (the runner ranks and limits them). */
  records: SourceRecord[];
}

export interface EvidenceMirror {
  /** The snapshot serving this source, or undefined when the mirror holds none (or refused it). */
  snapshotId(source: SourceName): string | undefined | Promise<string | undefined>;
  /** terms: the query terms the adapter would ask the provider with (the live-answer layer is keyed by them). */
  search(source: SourceName, disease: DiseaseModule, terms?: readonly string[]): MirrorAnswer | undefined | Promise<MirrorAnswer | undefined>;
}

/** Where live answers are written through (infra/literature/live-answers.ts); secrets are scrubbed from what is written. */
export interface LiveAnswerSink {
  write(source: SourceName, disease: DiseaseModule, terms: readonly string[], records: readonly SourceRecord[], retrievedAt: Date, secrets: readonly string[]): Promise<unknown>;
}
