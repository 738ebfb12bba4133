// Streams a JSON file (gzip detected like the line reader does) through stream-json's tokenizer and
// hands out only the values found at the paths a caller selects, each assembled on its own. So a file
// such as openFDA's {"meta":..., "results":[...]} or an OBO Graphs document is never one string and
// never one object: at most one selected value (one result, one node) is in memory at a time.
// stream-json is an ES module; this CommonJS project loads it with import() (kept as a real import()
// under module Node16).
import { openText } from './line-reader';

export type JsonPathSegment = string | number;
export type JsonPath = readonly JsonPathSegment[];

export class JsonFormatError extends Error {
  override name = 'JsonFormatError';
  constructor(readonly file: string, message: string) {
    super(`${file}: ${message}`);
  }
}

type Token = { name: string; value?: unknown };
interface AssemblerLike { consume(token: Token): unknown; done: boolean; current: unknown }
interface StreamJson {
  parser: { asStream(options: Record<string, unknown>): NodeJS.ReadWriteStream };
  Assembler: new () => AssemblerLike;
}

let loaded: Promise<StreamJson> | null = null;
function streamJson(): Promise<StreamJson> {
  loaded ??= (async () => {
    const core = await import('stream-json');
    const assembler = await import('stream-json/assembler.js');
    return { parser: core.parser as unknown as StreamJson['parser'], Assembler: assembler.default as unknown as StreamJson['Assembler'] };
  })();
  return loaded;
}

type Frame = { array: true; index: number } | { array: false; key: string };

const VALUE_TOKENS = new Set(['startObject', 'startArray', 'stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

/**
 * Every value whose path `select` accepts (a selected value's insides are not offered again), in file
 * order, with its path ('results', 3 for the fourth result). The path array is the walker's own: copy it
 * to keep it. Invalid or truncated JSON throws JsonFormatError.
 */
export async function* jsonValuesAt(file: string, select: (path: JsonPath) => boolean): AsyncGenerator<{ path: JsonPath; value: unknown }> {
  const { parser, Assembler } = await streamJson();
  const input = openText(file);
  const tokens = input.pipe(parser.asStream({ packValues: true, streamValues: false }));
  input.on('error', (error) => (tokens as unknown as { destroy(e: Error): void }).destroy(error));
  const frames: Frame[] = [];
  const path: JsonPathSegment[] = [];
  let assembler: AssemblerLike | null = null;
  let sawValue = false;
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (assembler) {
        assembler.consume(token);
        if (assembler.done) { const value = assembler.current; assembler = null; yield { path, value }; path.pop(); }
        continue;
      }
      const name = token.name;
      if (name === 'keyValue') { (frames[frames.length - 1] as { key: string }).key = token.value as string; continue; }
      if (name === 'endObject' || name === 'endArray') { frames.pop(); path.pop(); continue; }
      if (!VALUE_TOKENS.has(name)) continue;
      sawValue = true;
      // The value's own segment (none for the root value; popping an empty path is harmless).
      const parent = frames[frames.length - 1];
      if (parent) path.push(parent.array ? parent.index++ : parent.key);
      if (select(path)) {
        assembler = new Assembler();
        assembler.consume(token);
        if (assembler.done) { const value = assembler.current; assembler = null; yield { path, value }; path.pop(); }
        continue;
      }
      if (name === 'startObject') frames.push({ array: false, key: '' });
      else if (name === 'startArray') frames.push({ array: true, index: 0 });
      else path.pop();
    }
  } catch (error) {
    if (error instanceof JsonFormatError) throw error;
    throw new JsonFormatError(file, `not valid JSON (${error instanceof Error ? error.message : String(error)}); nothing was read from it`);
  } finally {
    (tokens as unknown as { destroy(): void }).destroy();
    input.destroy();
  }
  if (!sawValue) throw new JsonFormatError(file, 'no JSON value in the file');
}
