// JSON.stringify of a large answer in slices (issue 23: a hub's /api/v1 claim subgraph is 1.8–3.2 MB of JSON,
// serialised in one piece on the serving event loop). The generator pauses (yields) after about every
// `sliceItems` array elements, so a caller on an event loop can let other tasks run between slices; it
// returns exactly the text JSON.stringify(value) gives (elements and small values go through JSON.stringify
// itself; only the arrays and objects around them are written here; a toJSON method is called with the key ""
// rather than its index or property name, which no value of this service reads).

/** Array elements serialised between two pauses. */
export const JSON_SLICE_ITEMS = 2000;

/** Arrays shorter than this (and everything inside them) go to JSON.stringify in one call. */
const SPLIT_ARRAYS_FROM = 256;

export function* jsonInSlices(value: unknown, sliceItems = JSON_SLICE_ITEMS): Generator<void, string, void> {
  const counter = { since: 0 };
  const out = yield* write(value, sliceItems, counter);
  return out ?? 'undefined';
}

/** JSON text of `value`, or undefined where JSON.stringify leaves it out (undefined, functions, symbols). */
function* write(value: unknown, sliceItems: number, counter: { since: number }): Generator<void, string | undefined, void> {
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function'
    || value instanceof Number || value instanceof String || value instanceof Boolean) {
    return JSON.stringify(value) as string | undefined;
  }
  if (Array.isArray(value)) {
    if (value.length < SPLIT_ARRAYS_FROM) return JSON.stringify(value);
    const parts: string[] = [];
    for (const item of value) {
      if (counter.since >= sliceItems) { counter.since = 0; yield; }
      counter.since += 1;
      // An element goes to JSON.stringify whole (objects too: walking their keys here costs more than it saves)
      // unless it is itself a long array.
      const text = Array.isArray(item) && item.length >= SPLIT_ARRAYS_FROM ? yield* write(item, sliceItems, counter) : JSON.stringify(item) as string | undefined;
      parts.push(text ?? 'null');
    }
    return `[${parts.join(',')}]`;
  }
  const parts: string[] = [];
  for (const key of Object.keys(value)) {
    const text = yield* write((value as Record<string, unknown>)[key], sliceItems, counter);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
