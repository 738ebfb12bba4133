// Across runs through a real server (offline corpus): two completed lupus runs for alice that differ in
// question and max_evidence (so rankings and evidence differ) and one rheumatoid arthritis run, reviewed
// through the API; then compare, trends, candidate history and the evidence graph, each only ever
// showing the caller's own runs and reviews.
import { systemClock } from '../../../infra/clock/clock';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { newCommandContext } from '../../../commands/shared/command-context';
import { changeRun } from '../../../commands/workspace/run-commands';
import type { Dossier } from '../../../domain/workspace/dossier-types';
import { candidateEvidenceIds } from '../../../domain/workspace/run-comparison';
import { validateOpenApi } from '../openapi/openapi-helpers';
import { AcrossRunsWorld, corpusAvailable, Json, startAcrossRunsWorld } from './across-runs-fixture';

const ALICE = 'alice.across-runs';
const BOB = 'bob.across-runs';
const UNKNOWN = '6b1c7f1e-0000-4000-8000-00000000abcd';

const ids = (items: { evidence_id: string }[]) => items.map((e) => e.evidence_id);
const round2 = (n: number) => Math.round(n * 100) / 100;

describe('Across runs: compare, trends, candidate history, evidence graph', function () {
  this.timeout(180_000);
  let world: AcrossRunsWorld;
  let a: { runId: string; dossier: Dossier };
  let b: { runId: string; dossier: Dossier };
  let c: { runId: string; dossier: Dossier };
  let running: string;
  /** A drug ranked in both lupus runs: pinned in A, rejected in B. */
  let drug: string;
  /** A target pinned in B only. */
  let target: string;

  const json = async (researcher: string | null, url: string, status = 200): Promise<Json> => {
    const response = await world.get(researcher, url);
    const body = await response.text();
    expect(response.status, `${url}: ${body}`).to.equal(status);
    return JSON.parse(body) as Json;
  };

  before(async function () {
    if (!corpusAvailable()) this.skip();
    world = await startAcrossRunsWorld({ BIOMED_SEED: 'true' }); // the seed slice's knowledge graph explains the candidates
    a = await world.completeRun(ALICE, { disease_id: 'sle', question: 'Which drugs and targets are most promising?', max_evidence: 6 });
    b = await world.completeRun(ALICE, { disease_id: 'sle', question: 'What has changed for lupus since the last review?', max_evidence: 50 });
    c = await world.completeRun(ALICE, { disease_id: 'ra', question: 'Which JAK inhibitors matter?' });

    drug = a.dossier.drug_rankings.find((r) => b.dossier.drug_rankings.some((x) => x.candidate_id === r.candidate_id))!.candidate_id;
    target = b.dossier.target_rankings[0]!.candidate_id;
    await world.review(ALICE, a.runId, { candidate_id: drug, candidate_type: 'drug', decision: 'pin', rationale: 'Strong phase 3 data', tags: ['shortlist'] });
    await world.review(ALICE, b.runId, {
      candidate_id: drug, candidate_type: 'drug', decision: 'reject', rationale: 'Superseded', changed_mind: 'Newer trials disappointed',
    });
    await world.review(ALICE, b.runId, { candidate_id: target, candidate_type: 'target', decision: 'pin' });

    // A run that is requested but has no dossier (no job computes it).
    running = randomUUID();
    await changeRun(world.server.runtime.store, running, {
      type: 'RequestRun', runId: running, researcherId: ALICE, request: { ...a.dossier.request, question: 'Still running?' }, at: new Date().toISOString(),
    }, newCommandContext(systemClock, { kind: 'researcher', id: ALICE }));
  });
  after(async function () {
    await world?.close();
  });

  it('sets the scene: the two lupus runs differ in evidence and fingerprint', function () {
    expect(b.dossier.evidence.length).to.be.greaterThan(a.dossier.evidence.length);
    expect(a.dossier.manifest.provenance.fingerprint).to.not.equal(b.dossier.manifest.provenance.fingerprint);
  });

  describe('GET /api/workspace/compare', function () {
    it('gives ranking, evidence and review changes and both fingerprints', async function () {
      const body = await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=${b.runId}`);
      expect(body.left).to.include({ run_id: a.runId, disease_id: 'sle', status: 'completed', fingerprint: a.dossier.manifest.provenance.fingerprint });
      expect(body.right).to.include({ run_id: b.runId, evidence_count: b.dossier.evidence.length, claim_count: b.dossier.claims.length });
      expect(body.same_disease).to.equal(true);
      expect(body.fingerprints).to.deep.equal({
        left: a.dossier.manifest.provenance.fingerprint, right: b.dossier.manifest.provenance.fingerprint, equal: false,
      });

      for (const [kind, key] of [['drugs', 'drug_rankings'], ['targets', 'target_rankings']] as const) {
        const changes = body.rankings[kind] as Json[];
        const left = new Map(a.dossier[key].map((r) => [r.candidate_id, r]));
        const right = new Map(b.dossier[key].map((r) => [r.candidate_id, r]));
        expect(new Set(changes.map((c) => c.candidate_id))).to.deep.equal(new Set([...left.keys(), ...right.keys()]));
        for (const change of changes) {
          const l = left.get(change.candidate_id);
          const r = right.get(change.candidate_id);
          if (l && r) {
            expect(change.left).to.deep.equal({ score: l.score, rank: l.rank, confidence_band: l.confidence_band });
            expect(change.right).to.deep.equal({ score: r.score, rank: r.rank, confidence_band: r.confidence_band });
            expect(change.score_delta).to.equal(round2(r.score - l.score));
            expect(change.rank_delta).to.equal(l.rank - r.rank);
            expect(change.change).to.equal(l.rank > r.rank ? 'moved_up' : l.rank < r.rank ? 'moved_down' : 'same_rank');
          } else {
            expect(change.change).to.equal(l ? 'disappeared' : 'appeared');
            expect(l ? change.right : change.left).to.equal(null);
            expect(change.score_delta).to.equal(null);
          }
        }
      }

      const leftIds = new Set(ids(a.dossier.evidence));
      const rightIds = new Set(ids(b.dossier.evidence));
      expect(body.evidence.added_ids).to.deep.equal(ids(b.dossier.evidence).filter((id) => !leftIds.has(id)));
      expect(body.evidence.removed_ids).to.deep.equal(ids(a.dossier.evidence).filter((id) => !rightIds.has(id)));
      expect(body.evidence.added_ids.length).to.be.greaterThan(0);
      expect(ids(body.evidence.added)).to.deep.equal(body.evidence.added_ids);
      expect(body.evidence.unchanged_count).to.equal([...rightIds].filter((id) => leftIds.has(id)).length);
      for (const count of body.evidence.by_source as Json[]) {
        expect(count.left).to.equal(a.dossier.evidence.filter((e) => e.source === count.source).length);
        expect(count.right).to.equal(b.dossier.evidence.filter((e) => e.source === count.source).length);
        expect(count.delta).to.equal(count.right - count.left);
      }

      const reviews = new Map((body.reviews as Json[]).map((r) => [r.candidate_id, r]));
      expect(reviews.get(drug)).to.deep.include({ candidate_type: 'drug', change: 'changed' });
      expect(reviews.get(drug)!.left).to.include({ decision: 'pin' });
      expect(reviews.get(drug)!.right).to.include({ decision: 'reject', changed_mind: 'Newer trials disappointed' });
      expect(reviews.get(target)).to.deep.include({ candidate_type: 'target', left: null, change: 'only_right' });
    });

    it('mirrors when the sides are swapped, and is empty of changes for a run against itself', async function () {
      const forward = await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=${b.runId}`);
      const back = await json(ALICE, `/api/workspace/compare?left=${b.runId}&right=${a.runId}`);
      expect(back.evidence.added_ids).to.deep.equal(forward.evidence.removed_ids);
      expect(back.evidence.removed_ids).to.deep.equal(forward.evidence.added_ids);
      const appeared = (body: Json) => (body.rankings.drugs as Json[]).filter((c) => c.change === 'appeared').map((c) => c.candidate_id).sort();
      const disappeared = (body: Json) => (body.rankings.drugs as Json[]).filter((c) => c.change === 'disappeared').map((c) => c.candidate_id).sort();
      expect(appeared(back)).to.deep.equal(disappeared(forward));
      const same = await json(ALICE, `/api/workspace/compare?left=${b.runId}&right=${b.runId}`);
      expect(same.fingerprints.equal).to.equal(true);
      expect(same.evidence.added_ids).to.deep.equal([]);
      expect((same.rankings.drugs as Json[]).every((c) => c.change === 'same_rank' && c.score_delta === 0)).to.equal(true);
      expect((same.reviews as Json[]).every((r) => r.change === 'same')).to.equal(true);
    });

    it('answers 404 for another researcher\'s runs and unknown ids, 409 without a dossier, 422 and 401 for bad requests', async function () {
      await json(BOB, `/api/workspace/compare?left=${a.runId}&right=${b.runId}`, 404);
      await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=${UNKNOWN}`, 404);
      await json(ALICE, `/api/workspace/compare?left=${UNKNOWN}&right=${b.runId}`, 404);
      const conflict = await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=${running}`, 409);
      expect(conflict.detail).to.match(/still running/);
      // Not the caller's comes first: a missing run answers 404 even beside one without a dossier.
      await json(ALICE, `/api/workspace/compare?left=${running}&right=${UNKNOWN}`, 404);
      const missing = await json(ALICE, `/api/workspace/compare?left=${a.runId}`, 422);
      expect(missing.detail.map((d: Json) => d.loc.join('.'))).to.include('query.right');
      await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=not-a-uuid`, 404);
      expect((await world.get(null, `/api/workspace/compare?left=${a.runId}&right=${b.runId}`)).status).to.equal(401);
    });
  });

  describe('GET /api/workspace/trends', function () {
    it('validates limit (1-100)', async function () {
      for (const limit of ['0', '101', '-1', 'many']) {
        const body = await json(ALICE, `/api/workspace/trends?limit=${limit}`, 422);
        expect(body.detail[0].loc).to.deep.equal(['query', 'limit']);
      }
    });

    it('defaults to the caller\'s latest completed runs, in time order, with score series', async function () {
      const body = await json(ALICE, '/api/workspace/trends');
      expect(body.runs.map((r: Json) => r.run_id)).to.deep.equal([a.runId, b.runId, c.runId]);
      expect(body).to.include({ limit: 20, truncated: false });
      expect(body.runs[0]).to.include({ question: a.dossier.request.question, status: 'completed', fingerprint: a.dossier.manifest.provenance.fingerprint });
      expect(body.runs[0].top_drugs[0].id).to.equal(a.dossier.drug_rankings[0]!.candidate_id);
      const times = body.runs.map((r: Json) => r.requested_at);
      expect([...times].sort()).to.deep.equal(times);

      const points = body.drug_series[drug] as Json[];
      expect(points.map((p) => p.run_id).slice(0, 2)).to.deep.equal([a.runId, b.runId]);
      const inA = a.dossier.drug_rankings.find((r) => r.candidate_id === drug)!;
      const inB = b.dossier.drug_rankings.find((r) => r.candidate_id === drug)!;
      expect(points[0]).to.include({ score: inA.score, rank: inA.rank });
      expect(points[1]).to.include({ score: inB.score, rank: inB.rank });
      expect(points[0]!.finished_at).to.be.a('string');
      expect(body.labels[drug]).to.equal(inA.label);
      for (const r of b.dossier.target_rankings) {
        expect((body.target_series[r.candidate_id] as Json[]).some((p) => p.run_id === b.runId && p.score === r.score)).to.equal(true);
      }
      expect(body.evidence_changes.map((e: Json) => [e.from_run_id, e.to_run_id])).to.deep.equal([[a.runId, b.runId], [b.runId, c.runId]]);
      expect(body.evidence_changes[1].same_disease).to.equal(false);
    });

    it('takes repeated run_ids, with candidate evidence changes between consecutive runs', async function () {
      const compare = await json(ALICE, `/api/workspace/compare?left=${a.runId}&right=${b.runId}`);
      // Given newest first: still reported oldest first.
      const body = await json(ALICE, `/api/workspace/trends?run_ids=${b.runId}&run_ids=${a.runId}`);
      expect(body.runs.map((r: Json) => r.run_id)).to.deep.equal([a.runId, b.runId]);
      expect(body.evidence_changes).to.have.length(1);
      const change = body.evidence_changes[0];
      expect(change).to.include({ from_run_id: a.runId, to_run_id: b.runId, same_disease: true });
      expect(change.added_ids).to.deep.equal(compare.evidence.added_ids);
      expect(change.removed_ids).to.deep.equal(compare.evidence.removed_ids);
      expect(change.candidates.length).to.be.greaterThan(0);
      for (const candidate of change.candidates as Json[]) {
        const before = candidateEvidenceIds(a.dossier, candidate.candidate_id, candidate.kind);
        const after = candidateEvidenceIds(b.dossier, candidate.candidate_id, candidate.kind);
        expect(candidate.added).to.deep.equal(after.filter((id) => !before.includes(id)));
        expect(candidate.removed).to.deep.equal(before.filter((id) => !after.includes(id)));
      }
      // One run_ids value is a list of one.
      const single = await json(ALICE, `/api/workspace/trends?run_ids=${a.runId}`);
      expect(single.runs.map((r: Json) => r.run_id)).to.deep.equal([a.runId]);
      expect(single.evidence_changes).to.deep.equal([]);
    });

    it('filters by disease, keeps the latest `limit` runs, lists a run without dossier without points', async function () {
      const lupus = await json(ALICE, '/api/workspace/trends?disease_id=sle');
      expect(lupus.runs.map((r: Json) => r.run_id)).to.deep.equal([a.runId, b.runId]);
      const latest = await json(ALICE, '/api/workspace/trends?limit=1');
      expect(latest.runs.map((r: Json) => r.run_id)).to.deep.equal([c.runId]);
      expect(latest.truncated).to.equal(true);
      const withRunning = await json(ALICE, `/api/workspace/trends?run_ids=${a.runId}&run_ids=${running}`);
      expect(withRunning.runs.map((r: Json) => [r.run_id, r.status])).to.deep.equal([[a.runId, 'completed'], [running, 'running']]);
      expect(Object.values(withRunning.drug_series).flat().every((p) => (p as Json).run_id === a.runId)).to.equal(true);
    });

    it('never shows another researcher\'s runs', async function () {
      const bobs = await json(BOB, '/api/workspace/trends');
      expect(bobs.runs).to.deep.equal([]);
      expect(bobs.drug_series).to.deep.equal({});
      await json(BOB, `/api/workspace/trends?run_ids=${a.runId}`, 404);
      await json(ALICE, `/api/workspace/trends?run_ids=${a.runId}&run_ids=${UNKNOWN}`, 404);
      await json(ALICE, `/api/workspace/trends?run_ids=${a.runId}&disease_id=sle`, 422);
      await json(ALICE, '/api/workspace/trends?run_ids=nope', 404);
    });
  });

  describe('GET /api/workspace/candidate-history', function () {
    it('follows one drug across the caller\'s lupus runs: scores, ranks, bands, evidence changes, reviews', async function () {
      const body = await json(ALICE, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}&candidate_type=drug&disease_id=sle`);
      const inA = a.dossier.drug_rankings.find((r) => r.candidate_id === drug)!;
      const inB = b.dossier.drug_rankings.find((r) => r.candidate_id === drug)!;
      expect(body).to.include({ candidate_id: drug, candidate_type: 'drug', disease_id: 'sle', label: inB.label, truncated: false });
      expect(body.runs.map((r: Json) => r.run_id)).to.deep.equal([a.runId, b.runId]);
      expect(body.runs[0]).to.include({ present: true, score: inA.score, rank: inA.rank, confidence_band: inA.confidence_band });
      expect(body.runs[1]).to.include({ present: true, score: inB.score, rank: inB.rank, confidence_band: inB.confidence_band });
      expect(body.runs[0].decision).to.include({ decision: 'pin' });
      expect(body.runs[1].decision).to.include({ decision: 'reject', changed_mind: 'Newer trials disappointed' });
      expect(body.runs[0].evidence_ids).to.deep.equal(candidateEvidenceIds(a.dossier, drug, 'drug'));
      expect(body.runs[1].evidence_ids).to.deep.equal(candidateEvidenceIds(b.dossier, drug, 'drug'));

      expect(body.evidence_changes).to.have.length(1);
      const change = body.evidence_changes[0];
      expect(change).to.include({ from_run_id: a.runId, to_run_id: b.runId });
      const [before, after] = [body.runs[0].evidence_ids as string[], body.runs[1].evidence_ids as string[]];
      expect(ids(change.added)).to.deep.equal(after.filter((id) => !before.includes(id)));
      expect(ids(change.removed)).to.deep.equal(before.filter((id) => !after.includes(id)));

      expect(body.reviews.map((r: Json) => [r.run_id, r.decision])).to.deep.equal([[a.runId, 'pin'], [b.runId, 'reject']]);
      expect(body.reviews[0]).to.include({ rationale: 'Strong phase 3 data' });
      expect(body.reviews[0].tags).to.deep.equal(['shortlist']);
      expect(body.reviews[1]).to.include({ previous_decision: null, changed_mind: 'Newer trials disappointed' });
    });

    it('without disease_id keeps only the diseases the candidate is ranked in', async function () {
      const body = await json(ALICE, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}&candidate_type=drug`);
      const runIds = body.runs.map((r: Json) => r.run_id);
      expect(runIds).to.include.members([a.runId, b.runId]);
      const ranked = new Set((body.runs as Json[]).filter((r) => r.present).map((r) => r.disease_id));
      expect((body.runs as Json[]).every((r) => ranked.has(r.disease_id))).to.equal(true);
      expect(runIds.includes(c.runId)).to.equal(c.dossier.drug_rankings.some((r) => r.candidate_id === drug));
    });

    it('is empty for another researcher, an unknown candidate, or the wrong candidate type; validates its parameters', async function () {
      const bobs = await json(BOB, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}&candidate_type=drug`);
      expect(bobs).to.deep.include({ runs: [], reviews: [], evidence_changes: [], label: null });
      const unknown = await json(ALICE, '/api/workspace/candidate-history?candidate_id=drug:nothing&candidate_type=drug');
      expect(unknown.runs).to.deep.equal([]);
      const wrongType = await json(ALICE, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}&candidate_type=target`);
      expect(wrongType.runs).to.deep.equal([]);
      const missing = await json(ALICE, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}`, 422);
      expect(missing.detail[0].loc).to.deep.equal(['query', 'candidate_type']);
      await json(ALICE, `/api/workspace/candidate-history?candidate_id=${encodeURIComponent(drug)}&candidate_type=gene`, 422);
      expect((await world.get(null, `/api/workspace/candidate-history?candidate_id=x&candidate_type=drug`)).status).to.equal(401);
    });
  });

  describe('GET /api/workspace/runs/{run_id}/graph', function () {
    it('is a drawable graph: every edge endpoint is a node, with candidates, claims, evidence, pathways and KG paths', async function () {
      const body = await json(ALICE, `/api/workspace/runs/${b.runId}/graph`);
      expect(body).to.include({ run_id: b.runId, disease_id: 'sle' });
      const nodes = body.nodes as Json[];
      const nodeIds = new Set(nodes.map((n) => n.id));
      expect(nodeIds.size, 'node ids are unique').to.equal(nodes.length);
      for (const edge of body.edges as Json[]) {
        expect(nodeIds.has(edge.source), `edge source ${edge.source}`).to.equal(true);
        expect(nodeIds.has(edge.target), `edge target ${edge.target}`).to.equal(true);
        expect(edge.relation).to.be.a('string');
      }
      expect(new Set((body.edges as Json[]).map((e) => e.id)).size).to.equal(body.edges.length);
      const byKind = (kind: string) => nodes.filter((n) => n.kind === kind);
      expect(byKind('evidence')).to.have.length(b.dossier.evidence.length);
      expect(byKind('claim')).to.have.length(b.dossier.claims.length);
      expect(byKind('disease').map((n) => n.id)).to.include('disease:sle');
      for (const r of [...b.dossier.drug_rankings, ...b.dossier.target_rankings]) {
        expect(nodes.find((n) => n.id === r.candidate_id)?.candidate).to.include({ rank: r.rank, score: r.score });
      }
      const kgEdges = (body.edges as Json[]).filter((e) => e.kind === 'kg_path');
      const hops = b.dossier.graph_explanations.reduce((n, g) => n + (g.path?.relationships.length ?? 0), 0);
      expect(hops).to.be.greaterThan(0);
      expect(kgEdges.length).to.be.greaterThan(0);
      expect(kgEdges.every((e) => typeof e.provenance === 'string' && e.provenance.length > 0 && e.explanation_ids.length > 0)).to.equal(true);
      const pathways = b.dossier.graph_explanations.flatMap((g) => g.path?.nodes ?? []).filter((n) => n.kind === 'pathway');
      for (const p of pathways) expect(nodeIds.has(p.id)).to.equal(true);
      for (const claim of b.dossier.claims) {
        for (const ev of claim.evidence_ids) {
          expect((body.edges as Json[]).some((e) => e.kind === 'evidence' && e.source === ev && e.target === claim.claim_id)).to.equal(true);
        }
        expect((body.edges as Json[]).some((e) => e.kind === 'claim_relation' && e.claim_id === claim.claim_id
          && e.source === claim.subject.id && e.target === claim.object.id && e.relation === claim.relationship)).to.equal(true);
      }
      expect(body.paths).to.have.length(b.dossier.graph_explanations.length);
      for (const p of body.paths as Json[]) for (const id of p.node_ids) expect(nodeIds.has(id)).to.equal(true);
    });

    it('carries the caller\'s decisions as saved by PUT …/reviews', async function () {
      const body = await json(ALICE, `/api/workspace/runs/${b.runId}/graph`);
      expect(Object.keys(body.decisions).sort()).to.deep.equal([drug, target].sort());
      expect(body.decisions[drug]).to.include({ candidate_type: 'drug', decision: 'reject' });
      expect(body.decisions[target]).to.include({ candidate_type: 'target', decision: 'pin' });
      const node = (id: string) => (body.nodes as Json[]).find((n) => n.id === id)!;
      expect(node(drug).candidate.decision).to.equal('reject');
      expect(node(target).candidate.decision).to.equal('pin');
      const other = b.dossier.drug_rankings.find((r) => r.candidate_id !== drug)!;
      expect(node(other.candidate_id).candidate.decision).to.equal(null);
      // A later save shows at once.
      await world.review(ALICE, b.runId, { candidate_id: drug, candidate_type: 'drug', decision: 'pin', changed_mind: 'Re-read the long-term data' });
      const after = await json(ALICE, `/api/workspace/runs/${b.runId}/graph`);
      expect(after.decisions[drug].decision).to.equal('pin');
      await world.review(ALICE, b.runId, { candidate_id: drug, candidate_type: 'drug', decision: 'reject', changed_mind: 'Newer trials disappointed' });
    });

    it('answers 404 for another researcher\'s run and unknown ids, 409 without a dossier', async function () {
      await json(BOB, `/api/workspace/runs/${b.runId}/graph`, 404);
      await json(ALICE, `/api/workspace/runs/${UNKNOWN}/graph`, 404);
      await json(ALICE, `/api/workspace/runs/${running}/graph`, 409);
      await json(ALICE, '/api/workspace/runs/not-a-uuid/graph', 404);
    });
  });

  it('documents the routes in a valid OpenAPI 3.1 document', async function () {
    const doc = await json(null, '/api/openapi.json');
    const result = await validateOpenApi(doc);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
    for (const path of ['/api/workspace/compare', '/api/workspace/trends', '/api/workspace/candidate-history',
      '/api/workspace/runs/{run_id}/graph', '/api/workspace/runs/{run_id}/review-bundle']) {
      expect(doc.paths[path]?.get, path).to.not.equal(undefined);
      expect(doc.paths[path].get.security, path).to.deep.equal([{ researcherSession: [] }]);
    }
    expect(doc.paths['/api/workspace/runs/{run_id}/review-bundle'].get.responses['200'].content).to.have.property('application/zip');
    const trendsLimit = (doc.paths['/api/workspace/trends'].get.parameters as Json[]).find((p) => p.name === 'limit');
    expect(trendsLimit!.schema).to.include({ minimum: 1, maximum: 100, default: 20 });
  });
});
