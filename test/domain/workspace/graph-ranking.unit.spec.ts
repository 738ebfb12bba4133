import { expect } from 'chai';
import { explainCandidate, EXPLANATION_RELATIONS } from '../../../domain/workspace/graph-explanations';
import { collectCandidates, DEFAULT_SCORING, rankCandidates, resolveScoring } from '../../../domain/workspace/ranking';
import { diseaseEntity, extractClaims } from '../../../domain/workspace/claims';
import { normalizeEvidence } from '../../../domain/workspace/normalize';
import type { GraphExplanation } from '../../../domain/workspace/dossier-types';
import type { SourceName, SourceRecord } from '../../../domain/workspace/sources';
import { InMemoryGraph, record, run, SLE, sleGraph } from './workspace-fixtures';

const graph = sleGraph();

describe('Graph explanations', function () {
  it('reports a found path with real labels, relations and provenance', function () {
    const e = explainCandidate(graph, { id: 'drug:hydroxychloroquine', label: 'Hydroxychloroquine', kind: 'drug' }, 'disease:sle');
    expect(e.status).to.equal('found');
    expect(e.reason).to.equal(null);
    expect(e.path!.nodes.map((n) => n.label)).to.deep.equal(['Hydroxychloroquine', 'TLR7', 'Toll Like Receptor 7/8 (TLR7/8) Cascade', 'Systemic lupus erythematosus']);
    expect(e.path!.relationships).to.deep.equal([
      { relation: 'targets', provenance: 'ChEMBL mechanism CHEMBL1535' },
      { relation: 'participates_in', provenance: 'Reactome R-HSA-168181' },
      { relation: 'implicated_in', provenance: 'Reactome disease annotation' },
    ]);
    expect(e.explanation_id).to.match(/^gx_[0-9a-f]{16}$/);
  });

  it('says no_path_found with the scope searched when the graph has no route', function () {
    const e = explainCandidate(graph, { id: 'drug:rituximab', label: 'Rituximab', kind: 'drug' }, 'disease:sle');
    expect(e).to.deep.include({ status: 'no_path_found', path: null });
    expect(e.reason).to.equal(`no path within 4 hops over relations ${EXPLANATION_RELATIONS.join(', ')} in a graph of 13 nodes and 11 edges`);
  });

  it('says the candidate is not in the knowledge graph', function () {
    const e = explainCandidate(graph, { id: 'drug:tabalumab', label: 'Tabalumab', kind: 'drug' }, 'disease:sle');
    expect(e.status).to.equal('no_path_found');
    expect(e.reason).to.match(/^candidate not in the knowledge graph/);
  });

  it('respects the hop limit', function () {
    const chain = new InMemoryGraph(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id: `n:${id}`, kind: 'target' as const, label: id })),
      [['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e'], ['e', 'f']].map(([s, t]) => ({ source: `n:${s}`, target: `n:${t}`, relation: 'associated_with' as const, provenance: 'test' })),
    );
    expect(explainCandidate(chain, { id: 'n:a', label: 'a', kind: 'target' }, 'n:e').status).to.equal('found');
    expect(explainCandidate(chain, { id: 'n:a', label: 'a', kind: 'target' }, 'n:f').status).to.equal('no_path_found');
  });

  it('rejects a path whose edges do not join its nodes (never invents edges)', function () {
    const lying = Object.assign(Object.create(graph) as typeof graph, {
      findPath: () => ({ nodes: [graph.node('drug:rituximab')!, graph.node('disease:sle')!], edges: [{ source: 'drug:belimumab', target: 'disease:sle', relation: 'treats', provenance: 'x' }] }),
    });
    expect(explainCandidate(lying, { id: 'drug:rituximab', label: 'Rituximab', kind: 'drug' }, 'disease:sle').status).to.equal('no_path_found');
  });
});

function pipeline(records: SourceRecord[], candidateType: 'drugs' | 'targets' | 'both' = 'both') {
  const bySource = new Map<SourceName, SourceRecord[]>();
  for (const r of records) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  const { evidence } = normalizeEvidence([...bySource.entries()].map(([s, rs]) => run(s, rs)), { dateFrom: null, dateTo: null, maxEvidence: 200, citation: { efoId: SLE.efo_id } }, graph);
  const claims = extractClaims(evidence, { disease: diseaseEntity(SLE), graph });
  const candidates = collectCandidates(claims, candidateType);
  const explanations = new Map<string, GraphExplanation>([...candidates.drugs, ...candidates.targets].map((c) => [c.id, explainCandidate(graph, c, 'disease:sle')]));
  return { evidence, claims, candidates, explanations, rankings: rankCandidates({ candidates, claims, evidence, explanations }) };
}

const trial = (nativeId: string, drug: string, attributes: SourceRecord['attributes']) =>
  record({ source: 'clinical_trials', nativeId, recordType: 'clinical_trial', structured: { drugs: [drug], targets: [], pathways: [] }, attributes });

describe('Candidate ranking', function () {
  it('scores components 0–100 and weights them into the score', function () {
    const { rankings } = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true }),
      record({ source: 'fda_labels', nativeId: 'set-1', recordType: 'drug_label', structured: { drugs: ['Benlysta'], targets: [], pathways: [] }, attributes: { indicationMatch: true } }),
    ], 'drugs');
    const [belimumab] = rankings.drugs;
    // By hand (docs/scoring.md), H = π²/6 = 1.644934: the trial scores phase 3 (0.7) × unknown size (0.75) = 0.525,
    // the label its quality 0.9; one record per source: D_trials = 0.525 / H = 0.319163, D_labels = 0.9 / H = 0.547137;
    // over sources (weights 1): (0.547137 + 0.319163 / 4) / H = 0.381126 → strength 38.1. Quality: both 0.9 → 90;
    // label → maturity 100; belimumab —treats→ SLE is 1 hop → 100.
    expect(belimumab!.component_scores).to.deep.equal({ evidence_strength: 38.1, evidence_quality: 90, clinical_maturity: 100, graph_support: 100, contradiction_penalty: 0 });
    expect(belimumab!.score).to.equal(Math.round((0.35 * 38.1 + 0.2 * 90 + 0.25 * 100 + 0.2 * 100) * 100) / 100);
    expect(belimumab!.confidence_band).to.equal('medium');
    expect(belimumab!.citation_ids).to.have.members(['NCT00000001', 'openFDA:set-1']);
    expect(belimumab!.graph_explanation_ids).to.have.length(1);
    expect(belimumab!.explanation).to.contain('Strongest evidence:').and.contain('approved label for this indication').and.contain('No contradicting evidence');
    expect(rankings.targets).to.deep.equal([]);
  });

  it('penalises contradictions and names them in the explanation', function () {
    const { rankings, claims } = pipeline([
      trial('NCT00000001', 'Rituximab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false }),
      trial('NCT00000002', 'Rituximab', { phase: 'PHASE2', status: 'COMPLETED' }),
      trial('NCT00000003', 'Belimumab', { phase: 'PHASE2', status: 'COMPLETED' }),
    ], 'drugs');
    const rituximab = rankings.drugs.find((r) => r.candidate_id === 'drug:rituximab')!;
    const contradiction = claims.find((c) => c.relationship === 'contradicts')!;
    expect(rituximab.contradicting_claim_ids).to.deep.equal([contradiction.claim_id]);
    // C = 0.9, S = 0.55 × 0.5 → penalty = 100 × 0.9 / 1.175.
    expect(rituximab.component_scores.contradiction_penalty).to.equal(Math.round(1000 * 0.9 / 1.175) / 10);
    expect(rituximab.explanation).to.contain('Contradicting evidence').and.contain('NCT00000001');
    expect(rituximab.confidence_band).to.equal('low');
    const belimumab = rankings.drugs.find((r) => r.candidate_id === 'drug:belimumab')!;
    expect(belimumab.score).to.be.above(rituximab.score);
  });

  it('ranks targets by genetic support and breaks ties by candidate id', function () {
    const { rankings } = pipeline([
      record({ source: 'gwas', nativeId: 'G1', recordType: 'gwas_association', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { pValue: 1e-20 } }),
      record({ source: 'gwas', nativeId: 'G2', recordType: 'gwas_association', structured: { drugs: [], targets: ['ZZZ1'], pathways: [] }, attributes: { pValue: 1e-6 } }),
      record({ source: 'gwas', nativeId: 'G3', recordType: 'gwas_association', structured: { drugs: [], targets: ['AAA1'], pathways: [] }, attributes: { pValue: 1e-6 } }),
    ], 'targets');
    expect(rankings.targets.map((r) => [r.candidate_id, r.rank])).to.deep.equal([['target:IRF5', 1], ['target:AAA1', 2], ['target:ZZZ1', 3]]);
    expect(rankings.targets[0]!.component_scores.genetic_support).to.equal(100);
    expect(rankings.targets[1]!.component_scores.genetic_support).to.equal(60);
    expect(rankings.targets[1]!.explanation).to.contain('candidate not in the knowledge graph');
    expect(rankings.drugs).to.deep.equal([]);
  });

  it('gives a high band to several good supporting records from two sources without contradictions', function () {
    const { rankings } = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
      record({ source: 'pubmed', nativeId: '5', recordType: 'article', title: 'Belimumab', text: 'Belimumab was effective.', attributes: { publicationTypes: ['Meta-Analysis'] } }),
    ], 'drugs');
    expect(rankings.drugs[0]!).to.deep.include({ candidate_id: 'drug:belimumab', confidence_band: 'high', rank: 1 });
    // By hand, H = 1.644934: trials 1.0 (phase 4) and 0.7 (phase 3), both ≥ 400 enrolled: D_trials = (1 + 0.7/4) / H
    // = 0.714318; the meta-analysis 0.95: D_pubmed = 0.577532, weight 0.5 → 0.288766; overall (0.714318 + 0.288766/4) / H
    // = 0.478140 → 47.8.
    expect(rankings.drugs[0]!.component_scores.evidence_strength).to.equal(47.8);
  });

  it('keeps the band below high when the records come from one source only, or a contradiction is harm', function () {
    const oneSource = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
      trial('NCT00000003', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 600 }),
    ], 'drugs');
    expect(oneSource.rankings.drugs[0]!.confidence_band).to.equal('medium');
    const withHarm = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
      record({ source: 'pubmed', nativeId: '5', recordType: 'article', title: 'Belimumab', text: 'Belimumab was effective.', attributes: { publicationTypes: ['Meta-Analysis'] } }),
      record({ source: 'pubmed', nativeId: '6', recordType: 'article', title: 'Belimumab safety', text: 'Two patients died of belimumab-related infections.', attributes: { publicationTypes: ['Case Reports'] } }),
    ], 'drugs');
    const belimumab = withHarm.rankings.drugs[0]!;
    expect(withHarm.claims.find((c) => c.relationship === 'contradicts')).to.deep.include({ qualifier: 'harm' });
    // C = 0.3 (a case report), S = 0.9 + 0.9 + 0.95 = 2.75: penalty 9.8 ≤ 25, yet harm keeps it from high.
    expect(belimumab.component_scores.contradiction_penalty).to.equal(9.8);
    expect(belimumab.confidence_band).to.equal('medium');
  });

  it('gives diminishing returns to repeated records of one source (harmonic sum)', function () {
    const one = pipeline([trial('NCT00000001', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 500 })], 'drugs');
    const three = pipeline(['NCT00000001', 'NCT00000002', 'NCT00000003'].map((id) => trial(id, 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 500 })), 'drugs');
    // One perfect record: 1 / H / H = 0.369576 → 37.0; three: (1 + 1/4 + 1/9) / H / H = 0.503026 → 50.3 (not 3 × 37).
    expect(one.rankings.drugs[0]!.component_scores.evidence_strength).to.equal(37);
    expect(three.rankings.drugs[0]!.component_scores.evidence_strength).to.equal(50.3);
  });

  it('flags a drug DrugBank lists as withdrawn and keeps it from high confidence', function () {
    const base = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
      record({ source: 'pubmed', nativeId: '5', recordType: 'article', title: 'Belimumab', text: 'Belimumab was effective.', attributes: { publicationTypes: ['Meta-Analysis'] } }),
    ], 'drugs');
    expect(base.rankings.drugs[0]!.confidence_band).to.equal('high');
    // The knowledge-graph explanation names the compound the candidate was linked to.
    const explanations = new Map([...base.explanations].map(([id, e]) => [id, { ...e, candidate_node: 'DRUGBANK:DB01281' }]));
    const flagged = rankCandidates({ ...base, explanations, safety: { withdrawn: new Map([['DRUGBANK:DB01281', 'snap-drugbank']]) } }).drugs[0]!;
    expect(flagged.confidence_band).to.equal('medium');
    expect(flagged.safety_flags).to.deep.equal([{ flag: 'withdrawn', node: 'DRUGBANK:DB01281', source: 'drugbank', snapshot_id: 'snap-drugbank', affects_confidence: true, statement: flagged.safety_flags![0]!.statement }]);
    expect(flagged.explanation).to.contain('Safety: DrugBank lists Belimumab (DRUGBANK:DB01281) as withdrawn');
    expect(flagged.score).to.equal(base.rankings.drugs[0]!.score);
  });

  it('shows SIDER designated medical events on the label, and lets only a placebo-controlled excess keep the drug from high', function () {
    const base = pipeline([
      trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
      record({ source: 'pubmed', nativeId: '5', recordType: 'article', title: 'Belimumab', text: 'Belimumab was effective.', attributes: { publicationTypes: ['Meta-Analysis'] } }),
    ], 'drugs');
    const explanations = new Map([...base.explanations].map(([id, e]) => [id, { ...e, candidate_node: 'DRUGBANK:DB01281' }]));
    const onLabel = (verdict: 'higher_on_drug' | 'overlapping' | null) => rankCandidates({ ...base, explanations, safety: { designatedMedicalEvents: new Map([['DRUGBANK:DB01281', {
      snapshot_id: 'snap-sider',
      effects: [{ name: 'Agranulocytosis', meddra_id: 'UMLS:C0001824', placebo_verdict: null }, { name: 'Anaphylactic reaction', meddra_id: 'UMLS:C0685898', placebo_verdict: verdict }],
    }]]) } }).drugs[0]!;
    // Listed on the label, no frequency above placebo: shown, the band untouched.
    const listed = onLabel(null);
    expect(listed.confidence_band).to.equal('high');
    expect(listed.safety_flags).to.have.length(1);
    expect(listed.safety_flags![0]).to.deep.include({ flag: 'designated_medical_event', source: 'sider', snapshot_id: 'snap-sider', terms: ['Agranulocytosis', 'Anaphylactic reaction'], affects_confidence: false });
    expect(listed.explanation).to.contain('Agranulocytosis, Anaphylactic reaction').and.contain('shown, not scored');
    expect(onLabel('overlapping').confidence_band, 'an interval that overlaps placebo is no measured excess').to.equal('high');
    // Higher on drug than placebo in the label's own trials: a measured harm, never high.
    const measured = onLabel('higher_on_drug');
    expect(measured.confidence_band).to.equal('medium');
    expect(measured.safety_flags![0]).to.deep.include({ affects_confidence: true });
    expect(measured.explanation).to.contain('put Anaphylactic reaction higher on drug than on placebo');
    expect(measured.score, 'a flag is not a score component').to.equal(base.rankings.drugs[0]!.score);
  });

  it('takes a scoring configuration with defaults', function () {
    expect(resolveScoring()).to.deep.equal(DEFAULT_SCORING);
    const custom = resolveScoring({ drug_weights: { graph_support: 0 }, source_weights: { clinical_trials: 0.5 } });
    expect(custom.drug_weights).to.deep.equal({ ...DEFAULT_SCORING.drug_weights, graph_support: 0 });
    expect(() => resolveScoring({ drug_weights: { evidence_quality: -1 } })).to.throw(/evidence_quality/);
    const records = [trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED' })];
    const base = pipeline(records, 'drugs');
    const withoutGraph = rankCandidates({ ...base, config: custom });
    expect(withoutGraph.drugs[0]!.score).to.not.equal(base.rankings.drugs[0]!.score);
  });
});
