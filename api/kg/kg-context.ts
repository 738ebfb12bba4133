// What every /api/kg route needs: the parts its query reads (the store, the disease registry) and the one
// mapping of a query's outcome to the answer: 200 with the body and the disclaimer, or 404 with the detail.
import type { Response } from 'express';
import type { KgReadDeps, KgReadOutcome } from '../../commands/kg-reads/kg-read-context';
import { KG_DISCLAIMER } from './kg.schemas';

export type KgRouteDeps = KgReadDeps;

export function sendKgRead(res: Response, outcome: KgReadOutcome): void {
  if (outcome.kind === 'ok') res.json({ ...outcome.body, disclaimer: KG_DISCLAIMER });
  else res.status(404).json({ detail: outcome.detail, disclaimer: KG_DISCLAIMER });
}
