// Issue 23: a route's first request compiled its request schemas on the serving event loop (up to 180 ms
// under bench:fuzz). `serve` now compiles them once listening, one schema per event-loop turn
// (ApiRegistry.compileSchemasInBackground). Compiled ahead, a schema must validate as it would have on first
// use: the compile cache is kept per validator (a body is never coerced, a query string is), since a schema
// object shared by a query and a body used to get whichever validator compiled it first.
import { expect } from 'chai';
import { ApiRegistry, type HttpGuards, type RouteDefinition } from '../../../api/http/registry';
import { validate } from '../../../domain/shared/schema-validation';

const guards: HttpGuards = { requireApiKey: () => undefined, resolvePrincipal: async () => undefined };
const handler = async () => undefined;

describe('request schemas compiled ahead of the first request', () => {
  it('compiles every path, query and body schema of the registry, one per event-loop turn', async () => {
    const shared = { type: 'object', properties: { n: { type: 'integer' } } };
    const routes: RouteDefinition[] = [
      { method: 'get', path: '/a/{id}', operationId: 'a', summary: 'a', params: { type: 'object', properties: { id: { type: 'string' } } }, query: shared, responses: {}, handler },
      { method: 'post', path: '/b', operationId: 'b', summary: 'b', body: shared, responses: {}, handler },
      { method: 'post', path: '/c', operationId: 'c', summary: 'c', body: { type: 'object' }, bodyValidation: 'handler', responses: {}, handler },
    ] as unknown as RouteDefinition[];
    const registry = new ApiRegistry(guards).add(...routes);
    let turns = 0;
    // By hand: /a has a path and a query schema, /b a body schema, /c validates its body itself: 3 schemas, 3 turns.
    expect(await registry.compileSchemasInBackground(async () => { turns += 1; })).to.equal(3);
    expect(turns).to.equal(3);
    // The shared schema, compiled ahead as a query and as a body: the query string is coerced, the body is not.
    const query = { n: '7' };
    expect(validate(shared, query, 'query')).to.deep.equal([]);
    expect(query.n).to.equal(7);
    const body = { n: '7' };
    expect(validate(shared, body, 'body').map((d) => d.loc)).to.deep.equal([['body', 'n']]);
    expect(body.n).to.equal('7');
  });

  it('never coerces a body with the query validator of a schema object compiled first for a query', () => {
    const schema = { type: 'object', properties: { flag: { type: 'boolean' } } };
    expect(validate(schema, { flag: 'true' }, 'query')).to.deep.equal([]);
    // Before: the cache held the coercing validator for this object, and the body's "true" passed as true.
    const body = { flag: 'true' };
    expect(validate(schema, body, 'body')).to.have.length(1);
    expect(body.flag).to.equal('true');
  });
});
