// fast-check arbitraries from the JSON Schemas of the route registry: values that mostly satisfy the
// schema (so a request gets past validation to the handler and the database), with the given text
// arbitrary in every free-text string, where NUL bytes and lone surrogates can hide.
import fc from 'fast-check';

type Schema = Record<string, unknown>;

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000', email: 'fuzz@example.org', date: '2026-01-05',
  'date-time': '2026-01-05T10:00:00Z', uri: 'https://example.org/hook', hostname: 'example.org',
};

export function arbitraryFor(schema: unknown, text: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Schema;
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const variants = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) return fc.oneof(...variants.map((v) => arbitraryFor(v, text, depth + 1)));
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : ['string'];
  return fc.oneof(...types.map((type) => arbitraryOfType(type, s, text, depth)));
}

function arbitraryOfType(type: string, s: Schema, text: fc.Arbitrary<string>, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null': return fc.constant(null);
    case 'boolean': return fc.boolean();
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : min + 100;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3);
      const min = Math.min(typeof s.minItems === 'number' ? s.minItems : 0, max);
      return fc.array(arbitraryFor(s.items, text, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = arbitraryFor(value, text, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
    default: {
      if (typeof s.format === 'string' && FORMAT_SAMPLES[s.format]) return fc.oneof(fc.constant(FORMAT_SAMPLES[s.format]!), text);
      const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      return text.map((t) => t.padEnd(min, 'x').slice(0, Math.max(max, 1)));
    }
  }
}
