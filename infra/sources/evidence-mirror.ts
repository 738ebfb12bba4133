// The port the source runner asks a local mirror through (implemented by infra/literature/mirror.ts): the
// snapshot serving a source, and the records of a disease in it.
import type { DiseaseModule } from '../../domain/diseases/disease-module';
import type { SourceName, SourceRecord } from '../../domain/workspace/sources';

export interface MirrorAnswer {
  snapshotId: string;
  /** Every record of the snapshot that names the disease (the runner ranks and limits them). */
  records: SourceRecord[];
}

export interface EvidenceMirror {
  /** The snapshot serving this source, or undefined when the mirror holds none (or refused it). */
  snapshotId(source: SourceName): string | undefined;
  search(source: SourceName, disease: DiseaseModule): MirrorAnswer | undefined;
}
