// Table name of the snapshot lifecycle read model: only its projector and its .queries.ts file (this
// folder) use it. It is the store's own `biomed.snapshots` (the content tables' SQL joins on its active
// flag, through infra/biomed/store/tables.ts, which names the store's schema).
import { T } from '../../infra/biomed/store/tables';

export const SNAPSHOTS_TABLE = T.snapshots;
