// A tiny ZIP reader for tests (no dependency): finds the end-of-central-directory record, walks the
// central directory, and inflates each entry from its local header with node:zlib, checking sizes and
// CRC-32. Enough for what archiver writes (stored or deflated entries, no ZIP64, no encryption).
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function readZip(zip: Buffer): Map<string, ZipEntry> {
  // The EOCD record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory record');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== CENTRAL) throw new Error(`bad central directory entry at ${offset}`);
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString((flags & 0x800) !== 0 ? 'utf8' : 'latin1');
    offset += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== LOCAL) throw new Error(`bad local header for ${name}`);
    const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? zlib.inflateRawSync(raw) : undefined;
    if (!data) throw new Error(`${name}: unsupported compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (zlib.crc32(data) !== crc) throw new Error(`${name}: CRC-32 mismatch`);
    if (entries.has(name)) throw new Error(`${name} appears twice`);
    entries.set(name, { name, method, data });
  }
  return entries;
}
