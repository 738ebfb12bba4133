// Content-addressed storage: put() returns the SHA-256 of the content; the same content is stored
// once; get() by hash. Content never changes, so a hash in an event always means the same bytes.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export class BlobStore {
  constructor(private readonly knex: Knex) {}

  async putText(content: string, mediaType: string): Promise<string> {
    const hash = createHash('sha256').update(content).digest('hex');
    await this.knex('content_blobs')
      .insert({ hash, media_type: mediaType, content, bytes: Buffer.byteLength(content) })
      .onConflict('hash')
      .ignore();
    return hash;
  }

  putJson(value: unknown): Promise<string> {
    return this.putText(JSON.stringify(value), 'application/json');
  }

  async getText(hash: string): Promise<string | undefined> {
    const row = await this.knex('content_blobs').where({ hash }).first('content');
    return row?.content;
  }

  async getJson<T = unknown>(hash: string): Promise<T | undefined> {
    const text = await this.getText(hash);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
}

/** How a job result that was too large for its event is referenced there. */
export interface BlobRef {
  $blob: string;
}

export function isBlobRef(value: unknown): value is BlobRef {
  return typeof value === 'object' && value !== null && typeof (value as BlobRef).$blob === 'string' && Object.keys(value).length === 1;
}
