// How deeply a JSON text nests, measured on the raw text in one linear pass, before anything parses it.
// A body of 100,000 `[` is 200 KB, well under the size limit, yet everything that walks the parsed value
// (validation, the unstorable-text check) pays per level; refusing it here keeps every later step cheap.

/**
 * True when the JSON text (UTF-8 bytes) opens more than `maxDepth` arrays/objects inside each other;
 * brackets inside strings do not count. Every structural character is ASCII and no byte of a multi-byte
 * UTF-8 sequence is below 0x80, so the bytes can be scanned without decoding them.
 */
export function jsonNestsDeeperThan(utf8: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < utf8.length; i++) {
    const c = utf8[i]!;
    if (inString) {
      if (c === 0x5c /* \ */) i++; // the escaped character cannot end the string
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
