// Dossiers by content hash, each read once per request (a comparison or trend may name the same
// dossier more than once).
import type { Dossier } from '../../domain/workspace/dossier-types';
import type { BlobStore } from '../../infra/blobs/blob-store';

export class DossierReader {
  private readonly cache = new Map<string, Promise<{ text: string; dossier: Dossier } | undefined>>();

  constructor(private readonly blobs: BlobStore) {}

  /** The exact stored text and its parsed dossier. */
  load(hash: string): Promise<{ text: string; dossier: Dossier } | undefined> {
    let loaded = this.cache.get(hash);
    if (!loaded) {
      loaded = this.blobs.getText(hash).then((text) => (text === undefined ? undefined : { text, dossier: JSON.parse(text) as Dossier }));
      this.cache.set(hash, loaded);
    }
    return loaded;
  }

  async dossier(hash: string): Promise<Dossier> {
    const loaded = await this.load(hash);
    if (!loaded) throw new Error(`dossier blob ${hash} is missing`);
    return loaded.dossier;
  }

  /** Many dossiers, a few reads at a time. */
  async many(hashes: readonly string[], concurrency = 8): Promise<Dossier[]> {
    const out: Dossier[] = new Array(hashes.length);
    for (let i = 0; i < hashes.length; i += concurrency) {
      const batch = await Promise.all(hashes.slice(i, i + concurrency).map((h) => this.dossier(h)));
      batch.forEach((d, j) => (out[i + j] = d));
    }
    return out;
  }
}
