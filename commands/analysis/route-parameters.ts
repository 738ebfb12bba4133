// A module route's parameters as its query schema gives them (issue 24 item 5): types coerced as from a query
// string, the schema's defaults filled in (ajv useDefaults, domain/shared/schema-validation.ts), so the
// schema is the one source of every default; a value it refuses is the spec's 422 detail list. Applied where
// a route is entered (the GET route's use case, the job), so a caller that gives only some parameters
// (run-all, the CLI) gets the same defaults as the HTTP route. Checked against the properties and required
// list only: the job's own parameters (export_html) and body ride along.
import { JsonSchema, RequestValidationError, validate } from '../../domain/shared/schema-validation';

const propertiesOnly = new WeakMap<JsonSchema, JsonSchema>();

export function routeParameters(schema: JsonSchema, input: Record<string, unknown>): Record<string, unknown> {
  let checked = propertiesOnly.get(schema);
  if (!checked) {
    checked = { type: 'object', properties: schema.properties ?? {}, ...(schema.required ? { required: schema.required } : {}) };
    propertiesOnly.set(schema, checked);
  }
  const filled = { ...input };
  const details = validate(checked, filled, 'query');
  if (details.length > 0) throw new RequestValidationError(details);
  // In the schema's order, whatever order the caller gave them in: a result that echoes its parameters reads
  // the same from the GET route and from the job.
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys((schema.properties as object | undefined) ?? {})) if (key in filled) ordered[key] = filled[key];
  return Object.assign(ordered, filled);
}
