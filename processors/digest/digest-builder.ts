// Gathers one researcher's weekly digest from the read models and the blob store, then hands the
// pure assembly to domain/digest/digest-content.ts.
import type { Knex } from 'knex';
import type { TriggerReason } from '../../domain/alerts/alert-rules';
import { assembleDigest, Digest, DigestRunInput } from '../../domain/digest/digest-content';
import type { DigestWindow } from '../../domain/digest/digest-window';
import type { Dossier } from '../../domain/workspace/dossier-types';
import { BlobStore } from '../../infra/blobs/blob-store';
import { ALERTS_TABLE } from '../../projections/alerts/alerts.tables';
import { REVIEW_EVENTS_TABLE } from '../../projections/reviews/reviews.tables';
import { RUNS_TABLE } from '../../projections/workspace/runs.tables';

/** Earlier runs whose evidence counts as "already seen" (the newest ones; older runs rarely matter). */
const EARLIER_RUNS_LIMIT = 200;

export async function buildDigest(knex: Knex, researcherId: string, window: DigestWindow): Promise<Digest> {
  const blobs = new BlobStore(knex);
  const completed = () => knex(RUNS_TABLE).where({ researcher_id: researcherId, status: 'completed' });
  const inWindow = await completed().andWhere('finished_at', '>=', window.start).andWhere('finished_at', '<', window.end)
    .orderBy([{ column: 'finished_at' }, { column: 'run_id' }]).select('run_id', 'disease_id', 'finished_at', 'dossier_hash');
  const earlier = await completed().andWhere('finished_at', '<', window.start)
    .orderBy('finished_at', 'desc').limit(EARLIER_RUNS_LIMIT).select('dossier_hash');

  const earlierIds = new Set<string>();
  for (const row of earlier) {
    for (const e of (await blobs.getJson<Dossier>(row.dossier_hash))?.evidence ?? []) earlierIds.add(e.evidence_id);
  }
  const runs: DigestRunInput[] = [];
  for (const row of inWindow) {
    const dossier = await blobs.getJson<Dossier>(row.dossier_hash);
    runs.push({
      run_id: row.run_id, disease_id: row.disease_id, finished_at: new Date(row.finished_at).toISOString(),
      evidence: (dossier?.evidence ?? []).map((e) => ({ evidence_id: e.evidence_id, title: e.title, source: e.source, url: e.url, quality_tier: e.quality_tier })),
    });
  }
  const alerts = await knex(ALERTS_TABLE).where({ researcher_id: researcherId, status: 'unread' })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'alert_id' }]).limit(1000)
    .select('alert_id', 'run_id', 'candidate_id', 'candidate_type', 'label', 'reasons', 'created_at');
  const saves = await knex(REVIEW_EVENTS_TABLE).where({ researcher_id: researcherId })
    .andWhere('saved_at', '>=', window.start).andWhere('saved_at', '<', window.end)
    .orderBy([{ column: 'saved_at' }, { column: 'revision' }])
    .select('run_id', 'candidate_id', 'candidate_type', 'previous_decision', 'decision', 'changed_mind', 'saved_at');
  return assembleDigest({
    window,
    earlierEvidenceIds: earlierIds,
    runs,
    reminders: alerts.map((a) => ({
      alert_id: a.alert_id, run_id: a.run_id, candidate_id: a.candidate_id, candidate_type: a.candidate_type, label: a.label,
      reasons: (a.reasons as TriggerReason[]).map((r) => r.type), created_at: new Date(a.created_at).toISOString(),
    })),
    decisionSaves: saves.map((s) => ({ ...s, saved_at: new Date(s.saved_at).toISOString() })),
  });
}
