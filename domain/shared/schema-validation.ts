// Request validation with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1, so the same schemas
// validate requests and describe them in /api/openapi.json). Failures become the spec's 422 body:
// {"detail": [{"loc": ["body", "question"], "msg": "...", "type": "..."}]}.
import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export type JsonSchema = Record<string, unknown>;

export interface ValidationDetail {
  /** Where: "body", "query", "path" or "header", then the property path. */
  loc: (string | number)[];
  /** What is wrong, for a person. */
  msg: string;
  /** What kind of rule failed (the JSON Schema keyword). */
  type: string;
}

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  constructor(readonly details: ValidationDetail[]) {
    super(details.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; '));
  }
}

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, coerceTypes: coerce ? 'array' : false, strict: false });
  addFormats(ajv);
  return ajv;
}

// Query strings and path segments are text: coerce them to the schema's types. Bodies are JSON: never.
const textAjv = makeAjv(true);
const bodyAjv = makeAjv(false);
// One cache per instance: a schema object validating a body and a query string alike gets each its own function.
const textCache = new WeakMap<JsonSchema, ValidateFunction>();
const bodyCache = new WeakMap<JsonSchema, ValidateFunction>();

export function compile(schema: JsonSchema, where: 'body' | 'query' | 'path' | 'header'): ValidateFunction {
  const cache = where === 'body' ? bodyCache : textCache;
  let validate = cache.get(schema);
  if (!validate) {
    validate = (where === 'body' ? bodyAjv : textAjv).compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Validates (and fills defaults/coerces in place); returns the details of every violation. */
export function validate(schema: JsonSchema, value: unknown, where: 'body' | 'query' | 'path' | 'header'): ValidationDetail[] {
  const check = compile(schema, where);
  if (check(value)) return [];
  return (check.errors ?? []).map((error) => toDetail(error, where));
}

/**
 * A use case's input with the schema's defaults filled in (a copy; the schema is the one place a default is
 * written), for callers that reach a use case without the HTTP layer (CLI, unit specs). Throws
 * RequestValidationError when the value breaks the schema.
 */
export function withSchemaDefaults<T>(schema: JsonSchema, value: Record<string, unknown>, where: 'body' | 'query' = 'query'): T {
  const filled = structuredClone(value);
  const details = validate(schema, filled, where);
  if (details.length > 0) throw new RequestValidationError(details);
  return filled as T;
}

function toDetail(error: ErrorObject, where: string): ValidationDetail {
  const loc: (string | number)[] = [where];
  for (const part of error.instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    loc.push(/^\d+$/.test(key) ? Number(key) : key);
  }
  if (error.keyword === 'required') loc.push((error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties') loc.push((error.params as { additionalProperty: string }).additionalProperty);
  const msg = error.keyword === 'additionalProperties' ? 'is not an accepted field'
    : error.keyword === 'required' ? 'is required'
    : error.message ?? 'is invalid';
  return { loc, msg, type: error.keyword };
}

// NUL and unpaired UTF-16 surrogates are valid in a JS string and in JSON, but PostgreSQL's text and
// jsonb refuse them (22021, 22P05): rejected here, for every input, so no handler ever sees them.
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(text: string): boolean {
  return NUL_OR_LONE_SURROGATE.test(text);
}

/** A location as a chain to its parent: one node per step, so a deep value costs linear, not quadratic, work. */
interface LocNode { key: string | number; parent: LocNode | undefined }

function locOf(where: string, node: LocNode | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = node; at; at = at.parent) path.push(at.key);
  return [where, ...path.reverse()];
}

/** Every string (and object key) in a value that holds a NUL byte or a lone surrogate, by location. */
export function unstorableTextDetails(value: unknown, where: 'body' | 'query' | 'path' | 'header'): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  // An explicit stack, not recursion: a deeply nested JSON body must not overflow the call stack. Each
  // entry links to its parent's location instead of copying it (copying made depth d cost d²/2 steps).
  const pending: { value: unknown; loc: LocNode | undefined }[] = [{ value, loc: undefined }];
  while (pending.length > 0 && details.length < 20) {
    const { value: current, loc } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasUnstorableText(current)) details.push({ loc: locOf(where, loc), msg: 'must not contain NUL bytes or unpaired UTF-16 surrogates', type: 'text' });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, loc: { key: index, parent: loc } }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (hasUnstorableText(key)) {
          details.push({ loc: locOf(where, { key, parent: loc }), msg: 'field names must not contain NUL bytes or unpaired UTF-16 surrogates', type: 'text' });
        } else {
          pending.push({ value: item, loc: { key, parent: loc } });
        }
      }
    }
  }
  return details;
}
