// MAX_REQUEST_BODY_BYTES for POST, PUT and PATCH, whatever the content type (spec §8): 413 {detail}.
// A declared Content-Length over the limit is refused before a byte of the body is read. A chunked
// body has no declared size, so it is counted as it arrives and held back from the rest of the chain
// until it is complete: an oversized one is refused without any route (or parser) having seen it.
// Holding costs at most maxBytes of memory per request, which the JSON parser would buffer anyway.
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const LIMITED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export function bodyLimit(maxBytes: number): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!LIMITED_METHODS.has(req.method)) return next();
    const declared = req.headers['content-length'];
    if (declared !== undefined) {
      // Node's parser guarantees a well-formed Content-Length and stops the body at that many bytes.
      if (Number(declared) > maxBytes) return tooLarge(req, res, maxBytes);
      return next();
    }
    if (req.headers['transfer-encoding'] === undefined) return next(); // no body at all
    holdUntilComplete(req, res, maxBytes, next);
  };
}

function holdUntilComplete(req: IncomingMessage, res: Response, maxBytes: number, next: NextFunction): void {
  let received = req.readableLength; // anything the parser already delivered
  if (req.complete) {
    if (received > maxBytes) tooLarge(req, res, maxBytes);
    else next();
    return;
  }
  if (received > maxBytes) {
    discardRest(req);
    tooLarge(req, res, maxBytes);
    return;
  }
  // Node's HTTP parser hands each body chunk to req.push(); counting there sees every byte without
  // consuming the stream, so the parser downstream still reads the body untouched.
  const push = req.push;
  req.push = function countingPush(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) {
      delete (req as Partial<IncomingMessage>).push; // back to the prototype's push
      const result = push.call(req, null);
      next();
      return result;
    }
    received += Buffer.isBuffer(chunk) || typeof chunk === 'string' ? Buffer.byteLength(chunk as Buffer) : 0;
    if (received > maxBytes) {
      discardRest(req);
      tooLarge(req, res, maxBytes);
      return true;
    }
    push.call(req, chunk, encoding);
    return true; // keep reading while held: memory is bounded by maxBytes
  };
}

/** Drops the rest of an oversized body as it arrives; its end still ends the request (see closeAfterBody). */
function discardRest(req: IncomingMessage): void {
  const push = Object.getPrototypeOf(req).push as IncomingMessage['push'];
  req.push = (chunk: unknown) => (chunk === null ? push.call(req, null) : true);
}

function tooLarge(req: IncomingMessage, res: Response, maxBytes: number): void {
  if (res.headersSent) return;
  // Close instead of keep-alive: otherwise Node would read the whole oversized body to reuse the socket.
  res.setHeader('Connection', 'close');
  closeAfterBody(req);
  res.status(413).json({ detail: `request body exceeds the limit of ${maxBytes} bytes` });
}

// How long a refused body may keep arriving (read and dropped) before the socket is cut anyway.
const DRAIN_MS = 5_000;

/**
 * The 413 goes out at once, but the socket closes only once the client has finished sending (or after
 * DRAIN_MS): closing while the client still writes resets the connection, and clients saw EPIPE instead
 * of the 413. Node closes a `Connection: close` socket with destroySoon() when the response ends; this
 * socket's destroySoon first lets the rest of the body arrive (read and dropped).
 */
function closeAfterBody(req: IncomingMessage): void {
  const socket = req.socket as IncomingMessage['socket'] & { destroySoon?: () => void };
  const destroySoon = socket.destroySoon?.bind(socket);
  if (!destroySoon) return;
  socket.destroySoon = () => {
    if (req.complete || req.destroyed) return destroySoon();
    const timer = setTimeout(destroySoon, DRAIN_MS);
    const done = () => { clearTimeout(timer); destroySoon(); };
    req.once('end', done);
    req.once('close', done);
    req.resume();
  };
}
