// Table name of this read model: only its projector and its .queries.ts files (this folder) use it.
export const STREAM_CATALOG_TABLE = 'stream_catalog';
