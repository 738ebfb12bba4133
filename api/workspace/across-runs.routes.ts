// Across runs (spec §4.5): compare two runs, trends over many, one candidate's history, a run's
// evidence graph, and (review-bundle.routes.ts) the review bundle. Every route acts for the researcher
// principal and reads only the caller's own runs and reviews: another researcher's run answers like a
// missing one (404). A run that has no dossier yet (still running, or failed) answers 409, as saving a
// review of it does.
import type { Response } from 'express';
import type { Dossier } from '../../domain/workspace/dossier-types';
import { buildEvidenceGraph, CandidateDecision } from '../../domain/workspace/evidence-graph';
import {
  CandidateKind, candidateEvidenceChanges, candidateEvidenceIds, compareEvidence, compareRankings, diffIds, evidenceRef, findRanking, rankingsOf,
} from '../../domain/workspace/run-comparison';
import type { Runtime } from '../../app/runtime';
import { BlobStore } from '../../infra/blobs/blob-store';
import type { RouteDefinition } from '../http/registry';
import { RequestValidationError } from '../../domain/shared/schema-validation';
import { detailSchema } from '../jobs/job.schemas';
import {
  candidateHistoryQuery, candidateHistoryResponse, compareQuery, compareResponse, graphResponse, runIdParams, trendsQuery, trendsResponse,
} from './across-runs.schemas';
import { reviewBundleRoutes } from './review-bundle.routes';
import {
  byTime, CurrentReview, currentReviews, DossierReader, listCompletedRuns, loadOwnedRun, OwnedRun, reviewEventViews, reviewHistory,
} from './workspace-reads';

/** How many completed runs a candidate history considers (the latest ones). */
export const CANDIDATE_HISTORY_RUNS = 100;

const notFound = { description: 'No such run for this researcher (missing, deleted, or another researcher\'s)', schema: detailSchema };
const noDossier = { description: 'The run has no dossier yet: it is still running, or it failed', schema: detailSchema };

export function acrossRunsRoutes(runtime: Runtime): RouteDefinition[] {
  const blobs = new BlobStore(runtime.db.knex);
  const { store } = runtime;

  /** The caller's completed runs, or undefined with the answer already sent: 404 if any is not the caller's, else 409 if any has no dossier. */
  async function completedRuns(res: Response, runIds: readonly string[], researcherId: string): Promise<OwnedRun[] | undefined> {
    const runs = await Promise.all(runIds.map((id) => loadOwnedRun(store, id, researcherId)));
    const missing = runIds.filter((_, i) => !runs[i]);
    if (missing.length > 0) {
      res.status(404).json({ detail: `no such run: ${[...new Set(missing)].join(', ')}` });
      return undefined;
    }
    const pending = (runs as OwnedRun[]).find((run) => run.status !== 'completed' || !run.dossierHash);
    if (pending) {
      res.status(409).json({ detail: `run ${pending.runId} ${pending.status === 'running' ? 'is still running' : 'failed'}: it has no dossier` });
      return undefined;
    }
    return runs as OwnedRun[];
  }

  async function decisionsOf(runId: string, researcherId: string): Promise<CurrentReview[]> {
    return currentReviews((await reviewHistory(store, runId, researcherId)).events);
  }

  return [
    {
      method: 'get',
      path: '/api/workspace/compare',
      operationId: 'compareRuns',
      summary: 'Compare two of the caller\'s runs: ranking, evidence and review changes',
      description: 'Ranking changes per candidate (left/right score, rank and confidence band; score_delta = right − left; '
        + 'rank_delta = left rank − right rank, positive when the candidate moved up; appeared/disappeared), evidence added '
        + '(right only) and removed (left only) with counts per source, the caller\'s decisions on the same candidates in each run, '
        + 'and both provenance fingerprints. 404 when either run is unknown or not the caller\'s; 409 when either has no dossier yet.',
      tags: ['workspace'],
      principal: 'required',
      query: compareQuery,
      responses: { 200: { description: 'The comparison', schema: compareResponse }, 404: notFound, 409: noDossier },
      handler: async ({ principal, query, res }) => {
        const researcher = principal!.id;
        const runs = await completedRuns(res, [query.left, query.right], researcher);
        if (!runs) return;
        const [left, right] = runs as [OwnedRun, OwnedRun];
        const reader = new DossierReader(blobs);
        const [l, r] = await Promise.all([reader.dossier(left.dossierHash!), reader.dossier(right.dossierHash!)]);
        const [leftReviews, rightReviews] = await Promise.all([decisionsOf(left.runId, researcher), decisionsOf(right.runId, researcher)]);
        const evidence = compareEvidence(l.evidence, r.evidence);
        res.json({
          left: runRef(left, l),
          right: runRef(right, r),
          same_disease: left.diseaseId === right.diseaseId,
          fingerprints: {
            left: l.manifest.provenance.fingerprint,
            right: r.manifest.provenance.fingerprint,
            equal: l.manifest.provenance.fingerprint === r.manifest.provenance.fingerprint,
          },
          rankings: {
            drugs: compareRankings(l.drug_rankings, r.drug_rankings, 'drug'),
            targets: compareRankings(l.target_rankings, r.target_rankings, 'target'),
          },
          evidence: {
            ...evidence,
            added_ids: evidence.added.map((e) => e.evidence_id),
            removed_ids: evidence.removed.map((e) => e.evidence_id),
          },
          reviews: compareReviews(leftReviews, rightReviews),
        });
      },
    },
    {
      method: 'get',
      path: '/api/workspace/trends',
      operationId: 'runTrends',
      summary: 'Trends across the caller\'s runs: run summaries, drug and target score series, evidence changes',
      description: 'Runs are the given run_ids (repeat the parameter; each must be the caller\'s, else 404), or by default the caller\'s '
        + 'latest completed runs (optionally of one disease_id, which cannot be combined with run_ids). At most `limit` runs (1–100, '
        + 'default 20): the latest ones, in time order. A given run without a dossier is listed but has no points. Series map each '
        + 'candidate_id to its points; evidence_changes compare each pair of consecutive completed runs.',
      tags: ['workspace'],
      principal: 'required',
      query: trendsQuery,
      responses: { 200: { description: 'Trends, oldest run first', schema: trendsResponse }, 404: notFound },
      handler: async ({ principal, query, res }) => {
        const researcher = principal!.id;
        const limit = query.limit as number;
        let runs: OwnedRun[];
        let truncated = false;
        if (query.run_ids) {
          if (query.disease_id !== undefined) {
            throw new RequestValidationError([{ loc: ['query', 'disease_id'], msg: 'cannot be combined with run_ids', type: 'exclusive' }]);
          }
          const ids = [...new Set(query.run_ids as string[])];
          const loaded = await Promise.all(ids.map((id) => loadOwnedRun(store, id, researcher)));
          const missing = ids.filter((_, i) => !loaded[i]);
          if (missing.length > 0) {
            res.status(404).json({ detail: `no such run: ${missing.join(', ')}` });
            return;
          }
          runs = (loaded as OwnedRun[]).sort(byTime);
          truncated = runs.length > limit;
          runs = runs.slice(-limit);
        } else {
          const listed = await listCompletedRuns(runtime.db.knex, researcher, { limit, ...(query.disease_id ? { diseaseId: query.disease_id } : {}) });
          runs = listed.runs.sort(byTime);
          truncated = listed.more;
        }
        const reader = new DossierReader(blobs);
        const completed = runs.filter((r) => r.status === 'completed' && r.dossierHash);
        const dossiers = await reader.many(completed.map((r) => r.dossierHash!));

        const series: Record<CandidateKind, Record<string, unknown[]>> = { drug: {}, target: {} };
        const labels: Record<string, string> = {};
        completed.forEach((run, i) => {
          for (const kind of ['drug', 'target'] as const) {
            for (const ranking of rankingsOf(dossiers[i]!, kind)) {
              labels[ranking.candidate_id] = ranking.label;
              (series[kind][ranking.candidate_id] ??= []).push({
                run_id: run.runId, finished_at: run.finishedAt, score: ranking.score, rank: ranking.rank, confidence_band: ranking.confidence_band,
              });
            }
          }
        });
        const evidenceChanges = completed.slice(1).map((run, i) => {
          const before = dossiers[i]!;
          const after = dossiers[i + 1]!;
          const diff = diffIds(before.evidence.map((e) => e.evidence_id), after.evidence.map((e) => e.evidence_id));
          return {
            from_run_id: completed[i]!.runId, to_run_id: run.runId, same_disease: completed[i]!.diseaseId === run.diseaseId,
            added_ids: diff.added, removed_ids: diff.removed, candidates: candidateEvidenceChanges(before, after),
          };
        });
        const dossierOf = new Map(completed.map((run, i) => [run.runId, dossiers[i]!]));
        res.json({
          runs: runs.map((run) => {
            const dossier = dossierOf.get(run.runId);
            return {
              ...runRef(run, dossier),
              top_drugs: run.summary?.top_drugs ?? [],
              top_targets: run.summary?.top_targets ?? [],
              warning_count: run.summary?.warning_count ?? null,
            };
          }),
          drug_series: series.drug,
          target_series: series.target,
          labels,
          evidence_changes: evidenceChanges,
          limit,
          truncated,
        });
      },
    },
    {
      method: 'get',
      path: '/api/workspace/candidate-history',
      operationId: 'candidateHistory',
      summary: 'One candidate across the caller\'s runs: scores, ranks, evidence added and removed, reviews',
      description: `Considers the caller's latest ${CANDIDATE_HISTORY_RUNS} completed runs (of disease_id when given). Lists, oldest first, `
        + 'every run that ranks the candidate and the other runs of the same diseases (present: false, so a disappearance shows); '
        + 'evidence the candidate rests on added and removed between consecutive runs of the same disease; and every save of the '
        + 'caller\'s review of it. A candidate never ranked gives empty lists.',
      tags: ['workspace'],
      principal: 'required',
      query: candidateHistoryQuery,
      responses: { 200: { description: 'The candidate\'s history', schema: candidateHistoryResponse } },
      handler: async ({ principal, query, res }) => {
        const researcher = principal!.id;
        const candidateId = query.candidate_id as string;
        const kind = query.candidate_type as CandidateKind;
        const listed = await listCompletedRuns(runtime.db.knex, researcher, {
          limit: CANDIDATE_HISTORY_RUNS, ...(query.disease_id ? { diseaseId: query.disease_id } : {}),
        });
        const all = listed.runs.sort(byTime);
        const reader = new DossierReader(blobs);
        const dossiers = await reader.many(all.map((r) => r.dossierHash!));
        const rankedIn = new Set(all.filter((_, i) => findRanking(dossiers[i]!, kind, candidateId)).map((r) => r.diseaseId));
        const entries = all.map((run, i) => ({ run, dossier: dossiers[i]! })).filter((e) => rankedIn.has(e.run.diseaseId));

        const histories = await Promise.all(entries.map((e) => reviewHistory(store, e.run.runId, researcher)));
        let label: string | null = null;
        const runs = entries.map(({ run, dossier }, i) => {
          const ranking = findRanking(dossier, kind, candidateId);
          if (ranking) label = ranking.label;
          const review = currentReviews(histories[i]!.events).find((r) => r.candidate_id === candidateId);
          return {
            run_id: run.runId, disease_id: run.diseaseId, question: run.question, requested_at: run.requestedAt, finished_at: run.finishedAt,
            present: ranking !== undefined, score: ranking?.score ?? null, rank: ranking?.rank ?? null, confidence_band: ranking?.confidence_band ?? null,
            evidence_ids: candidateEvidenceIds(dossier, candidateId, kind),
            decision: review ? { decision: review.decision, updated_at: review.updated_at, changed_mind: review.changed_mind } : null,
          };
        });

        const evidenceChanges: unknown[] = [];
        const previous = new Map<string, number>();
        entries.forEach(({ run, dossier }, i) => {
          const j = previous.get(run.diseaseId);
          previous.set(run.diseaseId, i);
          if (j === undefined) return;
          const before = entries[j]!.dossier;
          const diff = diffIds(runs[j]!.evidence_ids, runs[i]!.evidence_ids);
          const item = (d: Dossier, id: string) => d.evidence.find((e) => e.evidence_id === id);
          evidenceChanges.push({
            from_run_id: entries[j]!.run.runId, to_run_id: run.runId,
            added: diff.added.map((id) => item(dossier, id)).filter((e) => e !== undefined).map(evidenceRef),
            removed: diff.removed.map((id) => item(before, id)).filter((e) => e !== undefined).map(evidenceRef),
          });
        });

        const reviews = entries.flatMap(({ run }, i) => reviewEventViews(histories[i]!.events)
          .filter((e) => e.candidate_id === candidateId)
          .map((e) => ({
            run_id: run.runId, event_id: e.event_id, saved_at: e.saved_at, decision: e.decision, previous_decision: e.previous_decision,
            rationale: e.rationale, notes: e.notes, tags: e.tags, changed_mind: e.changed_mind,
          })))
          .sort((a, b) => a.saved_at.localeCompare(b.saved_at) || a.event_id.localeCompare(b.event_id));

        res.json({
          candidate_id: candidateId, candidate_type: kind, disease_id: query.disease_id ?? null, label,
          runs, evidence_changes: evidenceChanges, reviews, truncated: listed.more,
        });
      },
    },
    {
      method: 'get',
      path: '/api/workspace/runs/{run_id}/graph',
      operationId: 'runEvidenceGraph',
      summary: 'The evidence graph of a run: candidates, claims, citations, pathways, knowledge-graph paths, the caller\'s decisions',
      description: 'Nodes (id, kind, label; candidates carry rank, score, band and decision; evidence records carry their citation '
        + 'fields) and edges (source, target, relation, kind) whose endpoints are always nodes: claim relations (subject → object), '
        + 'claim → subject/object, evidence → claim, and knowledge-graph path hops with their provenance.',
      tags: ['workspace'],
      principal: 'required',
      params: runIdParams,
      responses: { 200: { description: 'The graph', schema: graphResponse }, 404: notFound, 409: noDossier },
      handler: async ({ principal, params, res }) => {
        const [run] = (await completedRuns(res, [params.run_id], principal!.id)) ?? [];
        if (!run) return;
        const dossier = await new DossierReader(blobs).dossier(run.dossierHash!);
        const decisions: Record<string, CandidateDecision> = {};
        for (const review of await decisionsOf(run.runId, principal!.id)) {
          decisions[review.candidate_id] = { candidate_type: review.candidate_type, decision: review.decision, updated_at: review.updated_at };
        }
        res.json({ run_id: run.runId, disease_id: run.diseaseId, ...buildEvidenceGraph(dossier, decisions) });
      },
    },
    ...reviewBundleRoutes(runtime),
  ];
}

function runRef(run: OwnedRun, dossier: Dossier | undefined) {
  return {
    run_id: run.runId, disease_id: run.diseaseId, question: run.question, status: run.status,
    requested_at: run.requestedAt, finished_at: run.finishedAt,
    fingerprint: dossier?.manifest.provenance.fingerprint ?? run.summary?.fingerprint ?? null,
    evidence_count: dossier?.evidence.length ?? run.summary?.evidence_count ?? null,
    claim_count: dossier?.claims.length ?? run.summary?.claim_count ?? null,
  };
}

function compareReviews(left: readonly CurrentReview[], right: readonly CurrentReview[]) {
  const before = new Map(left.map((r) => [r.candidate_id, r]));
  const after = new Map(right.map((r) => [r.candidate_id, r]));
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const side = (r: CurrentReview | undefined) => (r ? { decision: r.decision, updated_at: r.updated_at, changed_mind: r.changed_mind } : null);
  return ids.map((id) => {
    const l = before.get(id);
    const r = after.get(id);
    return {
      candidate_id: id, candidate_type: (l ?? r)!.candidate_type, left: side(l), right: side(r),
      change: !l ? 'only_right' : !r ? 'only_left' : l.decision === r.decision ? 'same' : 'changed',
    };
  });
}
