// Streams a text file line by line (never the whole file as one string). Gzip is detected by its magic
// bytes, not the name, and inflated through zlib on the way.
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

/** Called by a parser for a row it skips (malformed), with the 1-based line and the reason; the importer counts and warns. */
export type SkipHandler = (line: number, reason: string) => void;

export class ParseError extends Error {
  override name = 'ParseError';
  constructor(readonly file: string, readonly line: number, message: string) {
    super(`${file} line ${line}: ${message}`);
  }
}

function isGzip(path: string): boolean {
  const fd = fs.openSync(path, 'r');
  try {
    const magic = Buffer.alloc(2);
    return fs.readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes of each file read so far by openText (the file's own bytes, before any gunzip), for import progress. */
const bytesReadByPath = new Map<string, () => number>();

export function bytesReadFrom(path: string): number | undefined {
  return bytesReadByPath.get(path)?.();
}

export function openText(path: string): Readable {
  const raw = fs.createReadStream(path, { highWaterMark: 1 << 20 });
  bytesReadByPath.set(path, () => raw.bytesRead);
  if (!isGzip(path)) return raw;
  const gunzip = zlib.createGunzip({ chunkSize: 1 << 18 });
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/**
 * Lines of the file without their line ends (a trailing "\r" of CRLF files removed too), a chunk's worth
 * at a time: splitting decoded chunks ourselves is several times cheaper than readline's per-line events.
 */
export async function* readLineBatches(path: string): AsyncGenerator<string[]> {
  const input = openText(path);
  input.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      const text = rest + chunk;
      const lines = text.split('\n');
      rest = lines.pop()!;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
      }
      if (lines.length > 0) yield lines;
    }
    if (rest.length > 0) yield [rest.charCodeAt(rest.length - 1) === 13 ? rest.slice(0, -1) : rest];
  } finally {
    input.destroy();
  }
}
