// The JSON body parser for routes that take a body (api/http/registry.ts runs it only there): at most
// MAX_REQUEST_BODY_BYTES, and nested at most MAX_REQUEST_JSON_DEPTH levels, checked on the raw bytes
// before JSON.parse, so a 200 KB body of 100,000 `[` is refused in a millisecond instead of holding the
// event loop while every later step walks it. Too deep: 422 {detail: [{loc: ["body"], type: "depth"}]}.
import express, { RequestHandler } from 'express';
import { jsonNestsDeeperThan } from '../../domain/shared/json-depth';

export const TOO_DEEP = 'entity.too.deep';

export class JsonTooDeepError extends Error {
  override name = 'JsonTooDeepError';
  readonly status = 422;
  readonly type = TOO_DEEP;
  constructor(readonly maxDepth: number) {
    super(`JSON body nests deeper than ${maxDepth} levels`);
  }
}

export function jsonBodyParser(options: { maxBytes: number; maxDepth: number }): RequestHandler {
  return express.json({
    limit: options.maxBytes,
    verify: (_req, _res, raw) => {
      if (jsonNestsDeeperThan(raw, options.maxDepth)) throw new JsonTooDeepError(options.maxDepth);
    },
  });
}
