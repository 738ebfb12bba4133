// Computed output (a module's result) made storable: PostgreSQL's text and jsonb refuse NUL and unpaired
// UTF-16 surrogates, and UTF-8 cannot encode a lone surrogate at all. Each such code unit becomes U+FFFD,
// as the WHATWG UTF-8 encoder writes it. Inputs are never repaired this way: they are rejected with 422
// (schema-validation.ts); this is for data a module read from a file or a provider.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storableString(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function repair(value: unknown): unknown {
  if (typeof value === 'string') return storableString(value);
  if (Array.isArray(value)) return value.map(repair);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableString(key), repair(item)]));
  }
  return value;
}

/** A JSON value with every string and key made storable; the value itself when nothing needed it. */
export function storableJson<T>(value: T): T {
  const json = JSON.stringify(value);
  // JSON.stringify writes NUL as \u0000 and a lone surrogate as \udXXX: nothing to repair without them.
  if (json === undefined || !/\\u0000|\\ud[89a-f]/i.test(json)) return value;
  return repair(JSON.parse(json)) as T;
}
