// Job submissions are routed on the decoded module id. Express matches routes on the raw path but
// decodes parameters, so POST /api/jobs/%77orkspace would skip the Workspace's own route (which needs a
// signed-in researcher) and reach the generic POST /api/jobs/{module_id} as module "workspace". A
// percent-encoded module segment is therefore decoded before routing; what it decodes to must still be
// a plain module name, anything else is left for the routes to refuse.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Case-insensitive, as Express matches routes.
const JOB_SUBMISSION = /^\/api\/jobs\/([^/?#]*%[^/?#]*)(\/?(?:\?.*)?)$/i;
const MODULE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function canonicalJobPath(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const match = JOB_SUBMISSION.exec(req.url);
    if (!match) return next();
    let name: string;
    try {
      name = decodeURIComponent(match[1]!);
    } catch {
      return next(); // malformed escapes: the router's own decoding refuses them
    }
    if (MODULE_NAME.test(name)) req.url = `/api/jobs/${name}${match[2] ?? ''}`;
    next();
  };
}
