// Deterministic hashing for stable ids and the provenance fingerprint. SHA-256 is a pure function of
// its input (no I/O, no randomness), so ids derived from it are identical on every replay.
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `${prefix}` + the first 16 hex characters of SHA-256(text): "ev_…", "cl_…", "gx_…". */
export function stableId(prefix: string, text: string): string {
  return prefix + sha256Hex(text).slice(0, 16);
}
