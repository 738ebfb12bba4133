// The scoring method of docs/scoring.md, checked against numbers worked by hand from the document (H = π²/6 =
// 1.644934), never against the code's own output. Issue 28: a label counted three times (74.66 alone), quality
// averaged so that more evidence lowered a score (tofacitinib 73.88 < 74.66), ties at 73.78 ordered by name,
// mechanism records counted as efficacy, "high" on synthetic evidence; issue 27 item 4: drug evidence lifting
// its targets whatever the trial found.
import { expect } from 'chai';
import fc from 'fast-check';
import { explainCandidate } from '../../../domain/workspace/graph-explanations';
import { curatedIndication } from '../../../domain/workspace/curated-indication';
import { collectCandidates, DEFAULT_SCORING, rankCandidates, resolveScoring } from '../../../domain/workspace/ranking';
import { diseaseEntity, extractClaims } from '../../../domain/workspace/claims';
import { normalizeEvidence } from '../../../domain/workspace/normalize';
import type { GraphExplanation } from '../../../domain/workspace/dossier-types';
import type { RetrievalMode, SourceName, SourceRecord } from '../../../domain/workspace/sources';
import { record, run, SLE, sleGraph } from './workspace-fixtures';

const graph = sleGraph();

function pipeline(records: SourceRecord[], candidateType: 'drugs' | 'targets' | 'both' = 'both', mode: RetrievalMode = 'live') {
  const bySource = new Map<SourceName, SourceRecord[]>();
  for (const r of records) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  const { evidence } = normalizeEvidence([...bySource.entries()].map(([s, rs]) => run(s, rs, { retrieval_mode: mode })), { dateFrom: null, dateTo: null, maxEvidence: 200, citation: { efoId: SLE.efo_id } }, graph);
  const claims = extractClaims(evidence, { disease: diseaseEntity(SLE), graph });
  const candidates = collectCandidates(claims, candidateType);
  const explanations = new Map<string, GraphExplanation>([...candidates.drugs, ...candidates.targets].map((c) => [c.id, explainCandidate(graph, c, 'disease:sle')]));
  return { evidence, claims, candidates, explanations, rankings: rankCandidates({ candidates, claims, evidence, explanations }) };
}

const trial = (nativeId: string, drug: string, attributes: SourceRecord['attributes']) =>
  record({ source: 'clinical_trials', nativeId, recordType: 'clinical_trial', structured: { drugs: [drug], targets: [], pathways: [] }, attributes });
const label = (nativeId: string, drug: string, attributes: SourceRecord['attributes'] = { indicationMatch: true }) =>
  record({ source: 'fda_labels', nativeId, recordType: 'drug_label', structured: { drugs: [drug], targets: [], pathways: [] }, attributes });
const mechanism = (nativeId: string, drug: string, target: string) =>
  record({ source: 'chembl', nativeId, recordType: 'bioactivity', structured: { drugs: [drug], targets: [target], pathways: [] }, attributes: {} });
const preprint = (nativeId: string, drugName: string, text: string) =>
  record({ source: 'biorxiv', nativeId, recordType: 'preprint', title: text, text, structured: { drugs: [drugName], targets: [], pathways: [] } });
const metaAnalysis = (nativeId: string, text: string) =>
  record({ source: 'pubmed', nativeId, recordType: 'article', title: text, text, attributes: { publicationTypes: ['Meta-Analysis'] } });

const H = Math.PI ** 2 / 6;
const round2 = (x: number) => Math.round(x * 100) / 100;
const drug = (p: ReturnType<typeof pipeline>, id: string) => p.rankings.drugs.find((r) => r.candidate_id === id || r.label === id)!;
const TOFACITINIB = 'Tofacitinib';

describe('Scoring method: one record counts once, evidence adds up (issue 28)', function () {
  it('counts a label once: the label alone scores 33.26, not 74.66, and its graph path is shown but not added', function () {
    const p = pipeline([label('set-1', 'Benlysta')], 'drugs');
    const belimumab = drug(p, 'drug:belimumab');
    // By hand: the label's quality 0.9, effect 1 (supports): D_clinical = 0.9 / H = 0.547137; over data types
    // (clinical weight 1): F = 0.547137 / H = 0.332620; no unfavourable record → score 33.26.
    expect(belimumab.score).to.equal(33.26);
    expect(belimumab.component_scores).to.include({ favourable_evidence: 33.3, unfavourable_evidence: 0, clinical: 54.7, graph_support: 100 });
    // The same label with no graph path scores the same: the path is not a second piece of evidence.
    const without = rankCandidates({ ...p, explanations: new Map() }).drugs[0]!;
    expect(without.score).to.equal(33.26);
  });

  it('raises a score when a trial and a preprint join the label (tofacitinib was 73.88 with them, 74.66 on its label alone)', function () {
    const labelOnly = drug(pipeline([label('set-t', 'Tofacitinib')], 'drugs'), TOFACITINIB);
    const more = pipeline([
      label('set-t', 'Tofacitinib'),
      trial('NCT00000011', 'Tofacitinib', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
      mechanism('CHEMBL-T', 'Tofacitinib', 'JAK1'),
      preprint('10.1101/0001', 'Tofacitinib', 'Tofacitinib significantly reduced disease activity compared with placebo (p < 0.01).'),
    ], 'drugs');
    const tofacitinib = drug(more, TOFACITINIB);
    expect(labelOnly.score).to.equal(33.26);
    // By hand: clinical = label 0.9 and phase 3 ≥ 400 enrolled 0.7 × 1: (0.9 + 0.7/4) / H = 0.653520; literature =
    // preprint quality 0.35: 0.35 / H = 0.212774, × weight 0.2 = 0.042555; F = (0.653520 + 0.042555/4) / H = 0.403760
    // → 40.38. The ChEMBL mechanism adds nothing to the efficacy score (how, not whether).
    expect(tofacitinib.score).to.equal(40.38);
    expect(tofacitinib.score).to.be.above(labelOnly.score);
    expect(tofacitinib.component_scores.mechanism).to.be.above(0);
    expect(tofacitinib.explanation).to.contain('Mechanism (how it acts, not whether it works here)');
  });

  it('lets unfavourable results pull the other way, weighted by quality: a null phase 3 trial takes the label from 33.26 to 23.56', function () {
    const p = pipeline([
      label('set-1', 'Benlysta'),
      trial('NCT00000021', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false }),
    ], 'drugs');
    const belimumab = drug(p, 'drug:belimumab');
    // By hand: F = 0.332620 (the label); U: the null trial's record score 0.7 × 0.75 (enrolment unknown) = 0.525,
    // effect 0.5 (null, not harm) → 0.2625 / H / H = 0.097013; score = 100 × (0.332620 − 0.097013) = 23.56.
    expect(belimumab.score).to.equal(23.56);
    expect(belimumab.component_scores.unfavourable_evidence).to.equal(9.7);
    expect(belimumab.explanation).to.contain('Unfavourable evidence (1 record): NCT00000021');
  });

  it('does not count a head-to-head null against the drug: label + "no difference" versus rituximab scores 33.68, not 31.60', function () {
    const text = 'Patients with SLE were randomised to belimumab or rituximab for 52 weeks. RESULTS: Both drugs improved SRI-4 response, with no significant difference in response rates (p = 0.41).';
    const p = pipeline([label('set-1', 'Benlysta'), record({ source: 'pubmed', nativeId: '31', recordType: 'article', title: 'Belimumab versus rituximab in SLE', text })], 'drugs');
    // By hand: the article (no stated design: quality 0.45) is "studied, no better than the comparator", favourable
    // × 0.5 = 0.225 → D_literature = 0.225 / H = 0.136783, × weight 0.2 = 0.027357; the label's D_clinical = 0.547137.
    // F = (0.547137 + 0.027357 / 4) / H = 0.336778 → 33.68. Before, the same record pulled unfavourable × 0.5:
    // U = 0.027357 / H = 0.016631 and the score was 100 × (0.332620 − 0.016631) = 31.60.
    const belimumab = drug(p, 'drug:belimumab');
    expect(belimumab.score).to.equal(33.68);
    expect(belimumab.component_scores.unfavourable_evidence).to.equal(0);
  });

  it('keeps a boxed warning out of the efficacy score: it is a safety fact of the drug', function () {
    const plain = drug(pipeline([label('set-1', 'Benlysta')], 'drugs'), 'drug:belimumab');
    const boxed = drug(pipeline([label('set-1', 'Benlysta', { indicationMatch: true, boxedWarning: 'Serious infections.' })], 'drugs'), 'drug:belimumab');
    expect(boxed.score).to.equal(plain.score);
    expect(boxed.explanation).to.contain('Safety, not efficacy');
  });

  it('never lowers a score when favourable evidence is added (property)', function () {
    const arbRecord = fc.record({
      phase: fc.constantFrom('PHASE1', 'PHASE2', 'PHASE3', 'PHASE4'),
      enrollment: fc.integer({ min: 10, max: 2000 }),
      met: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(arbRecord, { maxLength: 5 }), arbRecord, (existing, extra) => {
      const records = existing.map((r, i) => trial(`NCT1000000${i}`, 'Belimumab', { phase: r.phase, status: 'COMPLETED', enrollment: r.enrollment, ...(r.met === undefined ? {} : { outcomeMet: r.met }) }));
      const before = drug(pipeline([label('set-1', 'Benlysta'), ...records], 'drugs'), 'drug:belimumab').score;
      const added = trial('NCT20000000', 'Belimumab', { phase: extra.phase, status: 'COMPLETED', enrollment: extra.enrollment, outcomeMet: true });
      const after = drug(pipeline([label('set-1', 'Benlysta'), ...records, added], 'drugs'), 'drug:belimumab').score;
      return after >= before;
    }), { numRuns: 40, seed: 28 });
  });

  it('breaks ties by evidence, not by name: two drugs at score 0 are ordered by their favourable evidence, equal evidence shares a rank', function () {
    const p = pipeline([
      // Aaazumab: a null phase 3 trial only (F = 0). Zzzumab: the same null trial and a phase 2 trial without results (F > 0).
      trial('NCT00000031', 'Aaazumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false }),
      trial('NCT00000032', 'Zzzumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false }),
      trial('NCT00000033', 'Zzzumab', { phase: 'PHASE2', status: 'COMPLETED' }),
      // Two drugs with the same evidence.
      trial('NCT00000034', 'Mmmumab', { phase: 'PHASE2', status: 'COMPLETED', outcomeMet: true }),
      trial('NCT00000035', 'Nnnumab', { phase: 'PHASE2', status: 'COMPLETED', outcomeMet: true }),
    ], 'drugs');
    const order = p.rankings.drugs.map((r) => [r.label.toLowerCase(), r.rank, r.score]);
    const aaa = order.find((o) => o[0] === 'aaazumab')!;
    const zzz = order.find((o) => o[0] === 'zzzumab')!;
    expect(aaa[2]).to.equal(0);
    expect(zzz[2]).to.equal(0);
    expect(zzz[1]).to.be.below(aaa[1] as number);
    const mmm = order.find((o) => o[0] === 'mmmumab')!;
    const nnn = order.find((o) => o[0] === 'nnnumab')!;
    expect(mmm[1]).to.equal(nnn[1]);
  });

  it('scores what the effect reader writes: a preprint it reads as harm pulls the label from 33.26 to 30.67', function () {
    const p = pipeline([label('set-1', 'Benlysta'), preprint('10.1101/0041', 'Belimumab', 'Belimumab significantly increased mortality compared with placebo (p = 0.01).')], 'drugs');
    // The reader writes its favourability on the claim's outcome; it reaches the score through the claim's relationship.
    const claim = p.claims.find((c) => c.subject.id === 'drug:belimumab' && c.citations.some((x) => x.includes('0041')))!;
    expect(claim.outcomes?.[0]?.favourability).to.equal('unfavourable');
    expect([claim.relationship, claim.qualifier]).to.deep.equal(['contradicts', 'harm']);
    const belimumab = drug(p, 'drug:belimumab');
    // By hand: the preprint (quality 0.35) is harm, unfavourable × 1: literature D = 0.35 / H = 0.212774, × weight 0.2
    // = 0.042555; U = 0.042555 / H = 0.025870; F = 0.332620 (label) → 100 × (0.332620 − 0.025870) = 30.67.
    expect(belimumab.score).to.equal(30.67);
    expect(belimumab.component_scores.unfavourable_evidence).to.equal(2.6);
  });
});

describe('A curated indication on the graph path counts once (issue 28: it was shown and never counted)', function () {
  const positive = () => preprint('10.1101/0051', 'Belimumab', 'Belimumab significantly reduced disease activity compared with placebo (p < 0.01).');

  it('adds the curated treats edge when no label of the drug was retrieved: 2.59 → 33.91', function () {
    const p = pipeline([positive()], 'drugs');
    const belimumab = drug(p, 'drug:belimumab');
    // By hand: the preprint alone: literature 0.35 / H × 0.2 = 0.042555, F = 0.042555 / H = 0.025870 → 2.59.
    const alone = rankCandidates({ ...p, explanations: new Map() }).drugs[0]!;
    expect(alone.score).to.equal(2.59);
    // With the graph's "Belimumab treats SLE" (FDA label Benlysta) edge, one clinical record of score 0.9:
    // clinical 0.9 / H = 0.547137; F = (0.547137 + 0.042555 / 4) / H = 0.339087 → 33.91.
    expect(belimumab.score).to.equal(33.91);
    expect(belimumab.component_scores.clinical).to.equal(54.7);
    expect(belimumab.explanation).to.contain('Curated indication (treats, FDA label Benlysta)');
  });

  it('does not add it again when the drug\'s own label counts: label + preprint scores 33.91 with or without the path', function () {
    const p = pipeline([label('set-1', 'Benlysta'), positive()], 'drugs');
    expect(drug(p, 'drug:belimumab').score).to.equal(33.91);
    expect(rankCandidates({ ...p, explanations: new Map() }).drugs[0]!.score).to.equal(33.91);
  });

  it('counts no path through a target, and no indication edge from ChEMBL', function () {
    const hcq = drug(pipeline([preprint('10.1101/0052', 'Hydroxychloroquine', 'Hydroxychloroquine significantly reduced flares compared with placebo (p < 0.01).')], 'drugs'), 'drug:hydroxychloroquine');
    expect(hcq.component_scores.clinical).to.equal(0);
    const step = (relation: string, resource: string, direction: 'forward' | 'reverse' = 'forward') => ({ relation, provenance: resource, direction, citations: [{ snapshot_id: 's', resource, claim_no: 1 }] });
    const path = (...relationships: ReturnType<typeof step>[]): GraphExplanation => ({
      explanation_id: 'gx', candidate_id: 'drug:x', status: 'found', reason: null, graph: 'knowledge_graph',
      path: { nodes: [], relationships },
    });
    expect(curatedIndication(path(step('TREATS', 'chembl')), [])).to.equal(undefined);
    expect(curatedIndication(path(step('TREATS', 'pharmacotherapydb')), [])).to.deep.equal({ relation: 'TREATS', provenance: 'pharmacotherapydb', score: 0.9 });
    // An indication for a disease below the question's (ulcerative colitis IS_A IBD) is one in it; one above is not.
    expect(curatedIndication(path(step('PALLIATES', 'pharmacotherapydb'), step('IS_A', 'disease_ontology')), [])?.relation).to.equal('PALLIATES');
    expect(curatedIndication(path(step('TREATS', 'pharmacotherapydb'), step('IS_A', 'disease_ontology', 'reverse')), [])).to.equal(undefined);
    expect(curatedIndication(path(step('TARGETS', 'chembl'), step('ASSOCIATES', 'opentargets')), [])).to.equal(undefined);
  });
});

describe('Confidence bands say what they rest on (issue 28)', function () {
  const three = (): SourceRecord[] => [
    trial('NCT00000001', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 }),
    trial('NCT00000002', 'Belimumab', { phase: 'PHASE4', status: 'COMPLETED', outcomeMet: true, enrollment: 800 }),
    metaAnalysis('5', 'Belimumab was effective.'),
  ];

  it('is high with three real favourable records from two sources, live', function () {
    const belimumab = drug(pipeline(three(), 'drugs'), 'drug:belimumab');
    expect(belimumab.confidence_band).to.equal('high');
    // By hand: clinical = the phase 4 trial 1, the graph's curated indication (FDA label Benlysta, no label retrieved)
    // 0.9, the phase 3 trial 0.7: (1 + 0.9/4 + 0.7/9)/H = 0.791993; literature 0.95/H × 0.2 = 0.115506;
    // F = (0.791993 + 0.115506/4)/H = 0.499030 → 49.90. The band rests on the three retrieved records only.
    expect(belimumab.score).to.equal(49.9);
    expect(belimumab.score).to.equal(round2(100 * ((1 + 0.9 / 4 + 0.7 / 9) / H + (0.95 / H) * 0.2 / 4) / H));
    expect(belimumab.confidence_basis).to.equal('3 real favourable records from clinical_trials, pubmed');
  });

  it('is never high on synthetic examples only', function () {
    const records = three().map((r) => ({ ...r, synthetic: true }));
    const belimumab = drug(pipeline(records, 'drugs'), 'drug:belimumab');
    expect(belimumab.confidence_band).to.equal('low');
    expect(belimumab.confidence_basis).to.equal('synthetic examples only (3): not evidence');
  });

  it('is never high on the offline seed corpus only', function () {
    const belimumab = drug(pipeline(three(), 'drugs', 'offline'), 'drug:belimumab');
    expect(belimumab.confidence_band).to.equal('medium');
    expect(belimumab.confidence_basis).to.contain('offline seed corpus');
  });

  it('is never high on a single source', function () {
    const belimumab = drug(pipeline([
      ...three().slice(0, 2),
      trial('NCT00000003', 'Belimumab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 600 }),
    ], 'drugs'), 'drug:belimumab');
    expect(belimumab.confidence_band).to.equal('medium');
    expect(belimumab.confidence_basis).to.contain('not high: a single source');
  });

  it('is never high with a harm among the unfavourable records', function () {
    const belimumab = drug(pipeline([...three(), record({ source: 'pubmed', nativeId: '6', recordType: 'article', title: 'Belimumab safety', text: 'Two patients died of belimumab-related infections.', attributes: { publicationTypes: ['Case Reports'] } })], 'drugs'), 'drug:belimumab');
    expect(belimumab.confidence_band).to.equal('medium');
  });

  it('flags a drug DrugBank lists as withdrawn and keeps it from high confidence, score unchanged', function () {
    const base = pipeline(three(), 'drugs');
    const explanations = new Map([...base.explanations].map(([id, e]) => [id, { ...e, candidate_node: 'DRUGBANK:DB01281' }]));
    const flagged = rankCandidates({ ...base, explanations, safety: { withdrawn: new Map([['DRUGBANK:DB01281', 'snap-drugbank']]) } }).drugs[0]!;
    expect(flagged.confidence_band).to.equal('medium');
    expect(flagged.explanation).to.contain('Safety: DrugBank lists Belimumab (DRUGBANK:DB01281) as withdrawn');
    expect(flagged.score).to.equal(base.rankings.drugs[0]!.score);
  });

  it('lets only a placebo-controlled excess of a designated medical event keep the drug from high', function () {
    const base = pipeline(three(), 'drugs');
    const explanations = new Map([...base.explanations].map(([id, e]) => [id, { ...e, candidate_node: 'DRUGBANK:DB01281' }]));
    const onLabel = (verdict: 'higher_on_drug' | 'overlapping' | null) => rankCandidates({ ...base, explanations, safety: { designatedMedicalEvents: new Map([['DRUGBANK:DB01281', {
      snapshot_id: 'snap-sider',
      effects: [{ name: 'Agranulocytosis', meddra_id: 'UMLS:C0001824', placebo_verdict: null }, { name: 'Anaphylactic reaction', meddra_id: 'UMLS:C0685898', placebo_verdict: verdict }],
    }]]) } }).drugs[0]!;
    expect(onLabel(null).confidence_band).to.equal('high');
    expect(onLabel('overlapping').confidence_band).to.equal('high');
    expect(onLabel('higher_on_drug').confidence_band).to.equal('medium');
  });

  it('takes a scoring configuration with defaults and rejects negative weights', function () {
    expect(resolveScoring()).to.deep.equal(DEFAULT_SCORING);
    expect(resolveScoring({ data_type_weights: { literature: 0.5 } }).data_type_weights.literature).to.equal(0.5);
    expect(() => resolveScoring({ data_type_weights: { clinical: -1 } })).to.throw(/clinical/);
    const base = pipeline(three(), 'drugs');
    const noLiterature = rankCandidates({ ...base, config: resolveScoring({ data_type_weights: { literature: 0 } }) });
    expect(noLiterature.drugs[0]!.score).to.be.below(base.rankings.drugs[0]!.score);
  });
});

describe('Drug evidence transfers to targets only when favourable (issue 27, item 4)', function () {
  const mech = mechanism('CHEMBL1201576', 'Rituximab', 'MS4A1');
  const target = (p: ReturnType<typeof pipeline>) => p.rankings.targets.find((r) => r.candidate_id === 'target:MS4A1')!;

  it('does not lift MS4A1 on a failed rituximab trial, nor on a null article naming CD20', function () {
    const p = pipeline([
      mech,
      trial('NCT00000051', 'Rituximab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false, enrollment: 500 }),
      record({ source: 'pubmed', nativeId: '51', recordType: 'article', title: 'Rituximab (anti-CD20) in lupus nephritis', text: 'Rituximab did not improve renal outcomes at 52 weeks. The trial failed to meet its primary endpoint.', attributes: { publicationTypes: ['Randomized Controlled Trial'] } }),
    ]);
    const ms4a1 = target(p);
    expect(ms4a1.score).to.equal(0);
    expect(ms4a1.component_scores.favourable_evidence).to.equal(0);
    expect(ms4a1.confidence_band).to.equal('low');
  });

  it('lifts MS4A1 on a favourable rituximab trial, by the trial\'s own weight', function () {
    const ms4a1 = target(pipeline([mech, trial('NCT00000052', 'Rituximab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 })]));
    // By hand: the trial 0.7 × 1 in the clinical data type: 0.7 / H / H = 0.258703 → 25.87.
    expect(ms4a1.score).to.equal(25.87);
    expect(ms4a1.explanation).to.contain('via Rituximab');
  });

  it('never lifts a target from a withdrawn drug\'s records', function () {
    const p = pipeline([mech, trial('NCT00000052', 'Rituximab', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 500 })]);
    const explanations = new Map([...p.explanations].map(([id, e]) => [id, id === 'drug:rituximab' ? { ...e, candidate_node: 'DRUGBANK:DB00073' } : e]));
    const ranked = rankCandidates({ ...p, explanations, safety: { withdrawn: new Map([['DRUGBANK:DB00073', 'snap-drugbank']]) } });
    expect(ranked.targets.find((r) => r.candidate_id === 'target:MS4A1')!.score).to.equal(0);
  });

  it('scores a target\'s own genetic association by its genome-wide tier', function () {
    const p = pipeline([
      record({ source: 'gwas', nativeId: 'G1', recordType: 'gwas_association', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { pValue: 1e-20 } }),
      record({ source: 'gwas', nativeId: 'G2', recordType: 'gwas_association', structured: { drugs: [], targets: ['ZZZ1'], pathways: [] }, attributes: { pValue: 1e-6 } }),
    ], 'targets');
    // By hand: IRF5 p < 5e-8 → 1: 1 / H / H = 0.369576 → 36.96; ZZZ1 1e-6 < 1e-5 → 0.6: 0.6 / H / H = 0.221746 → 22.17.
    const ZZZ1_ID = p.rankings.targets.find((r) => r.label === 'ZZZ1')!.candidate_id;
    expect(p.rankings.targets.map((r) => [r.candidate_id, r.score])).to.deep.equal([['target:IRF5', 36.96], [ZZZ1_ID, 22.17]]);
  });
});
