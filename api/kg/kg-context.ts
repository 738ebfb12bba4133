// What every /api/kg route needs: the parts its query reads (the store, the disease registry), where the
// heavy reads (centrality, communities) compute (this thread or the analysis thread pool), and the one
// mapping of a query's outcome to the answer: 200 with the body and the disclaimer, 404 with the detail, or
// 503 with Retry-After when every analysis thread is busy and its queue is full.
import type { Response } from 'express';
import type { KgHeavyAnswer, KgHeavyReadRunner } from '../../commands/kg-reads/kg-heavy-reads';
import type { KgReadDeps } from '../../commands/kg-reads/kg-read-context';
import { KG_DISCLAIMER } from './kg.schemas';

export type KgRouteDeps = KgReadDeps & { heavyReads: KgHeavyReadRunner };

export function sendKgRead(res: Response, outcome: KgHeavyAnswer): void {
  if (outcome.kind === 'ok') res.json({ ...outcome.body, disclaimer: KG_DISCLAIMER });
  else if (outcome.kind === 'busy') res.status(503).set('Retry-After', String(outcome.retryAfterSeconds)).json({ detail: outcome.detail, disclaimer: KG_DISCLAIMER });
  else res.status(404).json({ detail: outcome.detail, disclaimer: KG_DISCLAIMER });
}
