// The offline SLE dossier a researcher gets with no provider reachable, read as the reviewer read it:
// no support resting on a negative, null, withdrawn or comparator-only record; every synthetic record marked
// and unlinked; atorvastatin (a negative RCT, a trial without results) not high confidence; and every
// component of one drug's and one target's ranking recomputed by hand from the dossier JSON alone, following
// docs/scoring.md (a second implementation, written from the document, not from ranking.ts).
import { expect } from 'chai';
import type { CandidateRanking, Dossier, EvidenceItem } from '../../../domain/workspace/dossier-types';
import { corpusFile, offlineDossier } from './offline-dossier';

const QUESTION = 'Which drugs show the strongest evidence in systemic lupus erythematosus?';

/** Drugs a corpus trial gives only in comparator arms, read from the corpus file's arm types (independently of the adapter). */
function comparatorOnlyDrugs(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const comparatorTypes = new Set(['ACTIVE_COMPARATOR', 'PLACEBO_COMPARATOR', 'SHAM_COMPARATOR', 'NO_INTERVENTION']);
  const body = corpusFile('clinical_trials', 'sle') as { studies: { protocolSection: Record<string, any> }[] };
  for (const study of body.studies) {
    const p = study.protocolSection;
    const arms: { type: string; interventionNames?: string[] }[] = p.armsInterventionsModule?.armGroups ?? [];
    const names = new Set(arms.flatMap((a) => (a.interventionNames ?? []).map((n) => n.replace(/^[^:]+:\s*/, ''))));
    const onlyComparator = [...names].filter((name) => arms.filter((a) => (a.interventionNames ?? []).some((n) => n.endsWith(`: ${name}`))).every((a) => comparatorTypes.has(a.type)));
    out.set(p.identificationModule.nctId, onlyComparator.map((n) => n.toLowerCase()));
  }
  return out;
}

describe('Offline SLE dossier: evidence a researcher can trust', function () {
  this.timeout(60_000);
  let dossier: Dossier;
  let byId: Map<string, EvidenceItem>;
  before(async function () {
    dossier = await offlineDossier('sle', QUESTION);
    byId = new Map(dossier.evidence.map((e) => [e.evidence_id, e]));
  });

  it('rests no supports claim on a negative, null, harm, withdrawn or comparator-only record', function () {
    const comparators = comparatorOnlyDrugs();
    const supports = dossier.claims.filter((c) => c.relationship === 'supports');
    expect(supports.length).to.be.greaterThan(2);
    for (const claim of supports) {
      for (const id of claim.evidence_ids) {
        const item = byId.get(id)!;
        expect(['null', 'negative', 'harm', 'excluded'], `${claim.subject.id} ← ${item.native_id}: ${item.outcome?.statement}`).to.not.include(item.outcome?.class);
        if (item.source === 'clinical_trials') expect(comparators.get(item.native_id) ?? [], `${claim.subject.label} in ${item.native_id}`).to.not.include(claim.subject.label.toLowerCase());
      }
    }
    // The corpus does hold such records: they contradict, or (withdrawn) say nothing.
    const classes = new Set(dossier.evidence.map((e) => e.outcome?.class));
    for (const expected of ['null', 'negative', 'harm', 'excluded']) expect(classes, expected).to.include(expected);
    const withdrawn = dossier.evidence.find((e) => e.outcome?.class === 'excluded')!;
    expect(dossier.claims.filter((c) => c.evidence_ids.includes(withdrawn.evidence_id))).to.deep.equal([]);
    expect(dossier.claims.find((c) => /cyclophosphamide|mycophenolate/i.test(c.subject.label) && c.relationship === 'supports')).to.equal(undefined);
  });

  it('marks every synthetic record and links none of them', function () {
    expect(dossier.evidence.length).to.be.greaterThan(20);
    for (const item of dossier.evidence) {
      expect(item.provenance, item.native_id).to.deep.include({ mode: 'offline_corpus', synthetic: true });
      expect(item.url, item.native_id).to.equal('');
    }
    expect(dossier.limitations[0]).to.match(/synthetic examples/);
  });

  it('does not give atorvastatin high confidence: its RCT is null and its trial posted no results', function () {
    const atorvastatin = dossier.drug_rankings.find((r) => r.label.toLowerCase() === 'atorvastatin')!;
    expect(atorvastatin.confidence_band).to.not.equal('high');
    const claims = dossier.claims.filter((c) => c.subject.label.toLowerCase() === 'atorvastatin');
    // Its CONCLUSIONS decide and are quoted (issue 27: conclusions, then results).
    expect(claims.find((c) => c.relationship === 'contradicts')!.statement).to.contain('Atorvastatin did not differ significantly from placebo');
    expect(claims.find((c) => c.relationship === 'supports')).to.equal(undefined);
  });

  it('reads the corpus trials by their posted results', function () {
    const outcome = (nct: string) => dossier.evidence.find((e) => e.native_id === nct)!.outcome;
    expect(outcome('NCT90010001')!.class).to.equal('positive'); // OR 1.83, p < 0.001
    expect(outcome('NCT90010003')!.class).to.equal('null'); // OR 1.01, CI 0.59–1.73
    expect(outcome('NCT90010005')!.class).to.equal('unknown'); // completed, no posted results
    expect(outcome('NCT90010010')!.class).to.equal('harm'); // terminated for fatal infections
  });

  it('recomputes every component of one drug ranking and one target ranking from the dossier alone (docs/scoring.md)', function () {
    const belimumab = dossier.drug_rankings.find((r) => r.candidate_id === 'drug:belimumab')!;
    const irf5 = dossier.target_rankings.find((r) => r.candidate_id === 'target:IRF5')!;
    for (const ranking of [belimumab, irf5]) {
      const recomputed = recompute(dossier, ranking);
      expect(ranking.component_scores, ranking.candidate_id).to.deep.equal(recomputed.components);
      expect(ranking.score, ranking.candidate_id).to.equal(recomputed.score);
      expect(ranking.confidence_band, ranking.candidate_id).to.equal(recomputed.band);
    }
    expect(irf5.component_scores.genetic_support).to.be.greaterThan(0);
    expect(belimumab.component_scores.clinical_maturity).to.equal(100);
  });
});

// ---------------------------------------------------------------------------------------------
// docs/scoring.md, implemented again from the document.

const H = Math.PI ** 2 / 6;
const REL_WEIGHT: Record<string, number> = { supports: 1, associated_with: 0.5, targets: 0.5, participates_in: 0.25 };
const SOURCE_WEIGHT: Record<string, number> = { pubmed: 0.5, biorxiv: 0.25, gtex: 0.2 };
const r1 = (x: number) => Math.round(x * 10) / 10;

function harmonic(scores: number[]): number {
  return scores.sort((a, b) => b - a).reduce((sum, s, i) => sum + s / (i + 1) ** 2, 0) / H;
}

function recompute(d: Dossier, ranking: CandidateRanking) {
  const id = ranking.candidate_id;
  const kind = ranking.kind;
  const weight = new Map<string, number>();
  const contra = new Set<string>();
  let harm = false;
  for (const c of d.claims) {
    let w: number | undefined;
    if (c.subject.id === id && c.relationship === 'contradicts') {
      c.evidence_ids.forEach((e) => contra.add(e));
      harm ||= c.qualifier === 'harm';
      continue;
    }
    if (c.subject.id === id) w = REL_WEIGHT[c.relationship];
    else if (kind === 'target' && c.object.id === id && c.relationship === 'targets') w = REL_WEIGHT.targets;
    if (w === undefined) continue;
    for (const e of c.evidence_ids) weight.set(e, Math.max(weight.get(e) ?? 0, w));
  }
  const supporting = d.evidence.filter((e) => weight.has(e.evidence_id));
  const contradicting = d.evidence.filter((e) => contra.has(e.evidence_id));

  const perSource = new Map<string, number[]>();
  for (const e of supporting) perSource.set(e.source, [...(perSource.get(e.source) ?? []), e.scoring_inputs!.record_score * weight.get(e.evidence_id)!]);
  const strength = Math.min(100, 100 * harmonic([...perSource.entries()].map(([s, rs]) => (SOURCE_WEIGHT[s] ?? 1) * harmonic(rs))));
  const meanQ = supporting.length ? supporting.reduce((s, e) => s + e.quality_score, 0) / supporting.length : 0;
  const S = supporting.reduce((s, e) => s + e.quality_score * weight.get(e.evidence_id)!, 0);
  const C = contradicting.reduce((s, e) => s + e.quality_score, 0);
  const penalty = C > 0 ? (100 * C) / (C + S) : 0;
  const explanation = d.graph_explanations.find((g) => g.candidate_id === id);
  const hops = explanation?.status === 'found' ? explanation.path!.relationships.length : null;
  const graph = hops === null ? 0 : Math.max(0, Math.min(100, (100 - 20 * (hops - 1)) * (explanation!.cross_disease ? 0.5 : 1)));

  const components: Record<string, number> = { evidence_strength: r1(strength), evidence_quality: r1(100 * meanQ) };
  if (kind === 'drug') {
    let maturity = 0;
    for (const e of supporting) {
      if (e.evidence_type === 'drug_label' && e.scoring_inputs!.indication_match) maturity = 100;
      if (e.evidence_type === 'clinical_trial') {
        const p = e.scoring_inputs!.phase;
        const v = p === null || p === undefined ? 10 : p >= 4 ? 90 : p >= 3 ? 75 : p >= 2 ? 50 : p >= 1 ? 25 : 15;
        maturity = Math.max(maturity, v);
      }
    }
    components.clinical_maturity = maturity;
  } else {
    let genetic = 0;
    for (const e of supporting) {
      const p = e.scoring_inputs!.p_value;
      if (e.evidence_type === 'gwas_association') genetic = Math.max(genetic, p !== undefined && p < 5e-8 ? 100 : p !== undefined && p < 1e-5 ? 60 : 30);
      const g = e.scoring_inputs!.genetic_association_score;
      if (e.evidence_type === 'target_association' && g !== undefined) genetic = Math.max(genetic, Math.min(100, 100 * g));
    }
    components.genetic_support = r1(genetic);
  }
  components.graph_support = r1(graph);
  components.contradiction_penalty = r1(penalty);

  const w = kind === 'drug'
    ? { evidence_strength: 0.35, evidence_quality: 0.2, clinical_maturity: 0.25, graph_support: 0.2 }
    : { evidence_strength: 0.3, evidence_quality: 0.2, genetic_support: 0.3, graph_support: 0.2 };
  const raw = Object.entries(w).reduce((s, [k, v]) => s + v * components[k]!, 0) - 0.3 * components.contradiction_penalty!;
  const score = Math.round(Math.min(100, Math.max(0, raw)) * 100) / 100;
  const sources = new Set(supporting.map((e) => e.source)).size;
  const n = supporting.length;
  const band = n >= 3 && sources >= 2 && meanQ >= 0.7 && penalty <= 25 && !harm ? 'high'
    : ((n >= 2 && meanQ >= 0.45) || (n >= 1 && meanQ >= 0.75)) && penalty <= 50 ? 'medium' : 'low';
  return { components, score, band };
}

describe('auto mode: a provider unreachable, the corpus answers, and the dossier says so per record and in the manifest', function () {
  this.timeout(60_000);
  it('flags every fallback record and names the fallback sources in the manifest', async function () {
    // Nothing listens on port 9 of this machine: the live request is refused at once, and auto mode falls back.
    const dossier = await offlineDossier('sle', QUESTION, { sources: ['pubmed', 'clinical_trials'] }, () => ({ mode: 'auto', baseUrl: 'http://127.0.0.1:9/', retries: 0, timeoutMs: 2000 }));
    expect(dossier.evidence.length).to.be.greaterThan(5);
    for (const item of dossier.evidence) expect(item.provenance, item.native_id).to.deep.include({ mode: 'offline_corpus', synthetic: true, fallback: true });
    expect(dossier.manifest.retrieval).to.deep.equal({
      records_by_mode: { live: 0, cache: 0, offline_corpus: dossier.evidence.length },
      synthetic_records: dossier.evidence.length,
      fallback_sources: ['pubmed', 'clinical_trials'],
      fallback_records: dossier.evidence.length,
    });
    expect(dossier.warnings.join(' ')).to.contain('provider unreachable');
  });

  it('flags nothing as fallback when offline mode was asked for', async function () {
    const dossier = await offlineDossier('sle', QUESTION, { sources: ['pubmed'] });
    expect(dossier.evidence.some((e) => e.provenance?.fallback)).to.equal(false);
    expect(dossier.manifest.retrieval!.fallback_sources).to.deep.equal([]);
  });
});
