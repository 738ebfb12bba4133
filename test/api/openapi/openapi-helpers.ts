// Checks an OpenAPI document two ways: against the official OpenAPI 3.1 schema (the validator package),
// and every schema in it against JSON Schema 2020-12 with its $refs resolved inside the document
// (the OpenAPI 3.1 schema leaves schema objects unchecked, so broken refs would pass it).
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

export async function validateOpenApi(doc: object): Promise<{ version: string; errors: unknown[] }> {
  // The validator is an ES module: import() it from this CommonJS build.
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc) as Json);
  const errors: unknown[] = result.valid ? [] : [result.errors];
  if (validator.version !== '3.1') errors.push(`validated as OpenAPI ${validator.version}, not 3.1`);

  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(structuredClone(doc), 'https://evidence.invalid/openapi.json');
  for (const [pointer, schema] of schemaLocations(doc as Json)) {
    if (!ajv.validateSchema(schema)) errors.push({ pointer, metaSchema: ajv.errors });
    try {
      const compiled = ajv.getSchema(`https://evidence.invalid/openapi.json#${pointer.split('/').map(encodeURIComponent).join('/')}`);
      if (!compiled) errors.push({ pointer, compile: 'not found' });
    } catch (error) {
      errors.push({ pointer, compile: (error as Error).message });
    }
  }
  return { version: validator.version, errors };
}

/** JSON pointer (unencoded for URIs) and value of every schema object the document holds. */
export function schemaLocations(doc: Json): [string, object][] {
  const found: [string, object][] = [];
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  const visit = (value: unknown, pointer: string, path: string[]): void => {
    if (!value || typeof value !== 'object') return;
    const [head, ...rest] = path;
    if (head === undefined) {
      found.push([pointer, value]);
      return;
    }
    const keys = head === '*' ? Object.keys(value) : [head];
    for (const key of keys) visit((value as Json)[key], `${pointer}/${escape(key)}`, rest);
  };
  const shapes = [
    ['components', 'schemas', '*'],
    ['paths', '*', '*', 'parameters', '*', 'schema'],
    ['paths', '*', '*', 'requestBody', 'content', '*', 'schema'],
    ['paths', '*', '*', 'responses', '*', 'content', '*', 'schema'],
    ['paths', '*', '*', 'responses', '*', 'headers', '*', 'schema'],
    ['paths', '*', '*', 'x-websocket-message-schema'],
  ];
  for (const shape of shapes) visit(doc, '', shape);
  return found;
}
