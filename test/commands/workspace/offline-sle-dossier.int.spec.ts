// The offline SLE dossier a researcher gets with no provider reachable, read as the reviewer read it:
// no support resting on a negative, null, withdrawn or comparator-only record; every synthetic record marked
// and unlinked; atorvastatin (a negative RCT, a trial without results) not high confidence; and every
// component of one drug's and one target's ranking recomputed by hand from the dossier JSON alone, following
// docs/scoring.md (a second implementation, written from the document, not from ranking.ts); no candidate high on synthetic evidence.
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

  it('opens with what it rests on: all records synthetic, offline corpus, the curated seed graph', function () {
    expect(Object.keys(dossier).slice(0, 2)).to.deep.equal(['schema_version', 'rests_on']);
    const restsOn = dossier.rests_on!;
    expect(restsOn.real_and_complete).to.equal(false);
    expect(restsOn.synthetic_records).to.equal(dossier.evidence.length);
    expect(restsOn.graph.kind).to.equal('curated_seed');
    expect(restsOn.offline_sources.length).to.be.greaterThan(0);
    expect(restsOn.headline).to.match(/^Not real, complete evidence: all \d+ evidence records are synthetic examples/);
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

  it('recomputes every ranking\'s components, score and band from the dossier alone (docs/scoring.md)', function () {
    for (const ranking of [...dossier.drug_rankings, ...dossier.target_rankings]) {
      const recomputed = recompute(dossier, ranking);
      expect(ranking.component_scores, ranking.candidate_id).to.deep.equal(recomputed.components);
      expect(ranking.score, ranking.candidate_id).to.equal(recomputed.score);
      expect(ranking.confidence_band, ranking.candidate_id).to.equal(recomputed.band);
    }
    const irf5 = dossier.target_rankings.find((r) => r.candidate_id === 'target:IRF5')!;
    expect(irf5.component_scores.genetic_association).to.be.greaterThan(0);
  });

  it('gives no candidate high confidence: every record is a synthetic example, and the band says so', function () {
    for (const ranking of [...dossier.drug_rankings, ...dossier.target_rankings]) {
      expect(ranking.confidence_band, ranking.candidate_id).to.not.equal('high');
      expect(ranking.confidence_basis, ranking.candidate_id).to.match(/synthetic examples only|no favourable evidence/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// docs/scoring.md, implemented again from the document.

const H = Math.PI ** 2 / 6;
const TYPE: Record<string, string> = { clinical_trials: 'clinical', fda_labels: 'clinical', pubmed: 'literature', biorxiv: 'literature', gwas: 'genetic_association', opentargets: 'genetic_association', gtex: 'rna_expression', chembl: 'mechanism' };
const TYPE_WEIGHT: Record<string, number> = { clinical: 1, genetic_association: 1, literature: 0.2, rna_expression: 0.2, mechanism: 0 };
const r1 = (x: number) => Math.round(x * 10) / 10;

function harmonic(scores: number[]): number {
  return [...scores].sort((a, b) => b - a).reduce((sum, s, i) => sum + s / (i + 1) ** 2, 0) / H;
}

interface Pull { id: string; fav: boolean; effect: number; harm: boolean }

function better(a: Pull | undefined, b: Pull): boolean {
  const rank = (p: Pull) => (p.fav ? 0 : 2) + p.effect;
  return !a || rank(b) > rank(a);
}

function drugPulls(d: Dossier, id: string, byId: Map<string, EvidenceItem>): { pulls: Map<string, Pull>; mechanism: Set<string> } {
  const pulls = new Map<string, Pull>();
  const mechanism = new Set<string>();
  for (const c of d.claims) {
    if (c.subject.id !== id) continue;
    for (const e of c.evidence_ids) {
      if (c.relationship === 'targets' || c.relationship === 'participates_in') { mechanism.add(e); continue; }
      if (c.relationship === 'contradicts' && c.qualifier === 'harm' && byId.get(e)!.evidence_type === 'drug_label') continue; // safety, not efficacy
      const p: Pull | undefined = c.relationship === 'supports' ? { id: e, fav: true, effect: 1, harm: false }
        : c.relationship === 'associated_with' ? { id: e, fav: true, effect: 0.5, harm: false }
          : c.relationship === 'contradicts' ? { id: e, fav: false, effect: c.qualifier === 'harm' ? 1 : 0.5, harm: c.qualifier === 'harm' } : undefined;
      if (p && better(pulls.get(e), p)) pulls.set(e, p);
    }
  }
  return { pulls, mechanism };
}

function recompute(d: Dossier, ranking: CandidateRanking) {
  const id = ranking.candidate_id;
  const byId = new Map(d.evidence.map((e) => [e.evidence_id, e]));
  let pulls: Map<string, Pull>;
  const mechanism = new Set<string>();
  if (ranking.kind === 'drug') {
    const own = drugPulls(d, id, byId);
    pulls = own.pulls;
    own.mechanism.forEach((e) => mechanism.add(e));
  } else {
    pulls = new Map();
    const drugRead = new Set(d.claims.filter((c) => c.subject.kind === 'drug' && c.relationship !== 'targets' && c.relationship !== 'participates_in').flatMap((c) => c.evidence_ids));
    const drugs = new Set<string>();
    for (const c of d.claims) {
      if (c.object.id === id && c.relationship === 'targets') { c.evidence_ids.forEach((e) => mechanism.add(e)); drugs.add(c.subject.id); continue; }
      if (c.subject.id !== id) continue;
      for (const e of c.evidence_ids) {
        if (c.relationship === 'participates_in') { mechanism.add(e); continue; }
        if (drugRead.has(e)) continue;
        const genetic = TYPE[byId.get(e)!.source] === 'genetic_association';
        const p: Pull | undefined = c.relationship === 'contradicts' ? { id: e, fav: false, effect: 0.5, harm: c.qualifier === 'harm' }
          : c.relationship === 'supports' || c.relationship === 'associated_with' ? { id: e, fav: true, effect: genetic || c.relationship === 'supports' ? 1 : 0.5, harm: false } : undefined;
        if (p && better(pulls.get(e), p)) pulls.set(e, p);
      }
    }
    for (const drug of drugs) {
      if (d.drug_rankings.find((r) => r.candidate_id === drug)?.safety_flags?.some((f) => f.flag === 'withdrawn')) continue;
      for (const p of drugPulls(d, drug, byId).pulls.values()) if (p.fav && p.effect === 1 && better(pulls.get(p.id), p)) pulls.set(p.id, p);
    }
  }
  const strength = (list: Pull[], clinicalExtra: number[] = []) => {
    const byType = new Map<string, number[]>(clinicalExtra.length ? [['clinical', clinicalExtra]] : []);
    for (const p of list) {
      const t = TYPE[byId.get(p.id)!.source]!;
      byType.set(t, [...(byType.get(t) ?? []), byId.get(p.id)!.scoring_inputs!.record_score * p.effect]);
    }
    const perType = new Map([...byType].map(([t, s]) => [t, harmonic(s)]));
    return { overall: harmonic([...perType].map(([t, v]) => TYPE_WEIGHT[t]! * v)), perType };
  };
  const all = [...pulls.values()];
  // A curated indication on the graph path (docs/scoring.md §2): a first step treats/TREATS/PALLIATES forward, then
  // only IS_A forward, not from ChEMBL, and no favourable label of the drug counted → one clinical record of 0.9.
  const explanation = d.graph_explanations.find((g) => g.candidate_id === id);
  const steps = explanation?.status === 'found' ? explanation.path!.relationships : [];
  const [first, ...rest] = steps;
  const resources = first?.citations?.map((c) => c.resource).filter((r) => r !== 'chembl');
  const indication = ranking.kind === 'drug' && first !== undefined && ['treats', 'TREATS', 'PALLIATES'].includes(first.relation) && first.direction !== 'reverse'
    && rest.every((r) => r.relation === 'IS_A' && r.direction !== 'reverse')
    && (first.citations ? resources!.length > 0 : !/chembl/i.test(first.provenance))
    && !all.some((p) => p.fav && byId.get(p.id)!.evidence_type === 'drug_label' && byId.get(p.id)!.scoring_inputs!.indication_match === true);
  const F = strength(all.filter((p) => p.fav), indication ? [0.9] : []);
  const U = strength(all.filter((p) => !p.fav));
  const hops = explanation?.status === 'found' ? explanation.path!.relationships.length : null;
  const graph = hops === null ? 0 : Math.max(0, Math.min(100, (100 - 20 * (hops - 1)) * (explanation!.cross_disease ? 0.5 : 1)));
  const components: Record<string, number> = { favourable_evidence: r1(100 * F.overall), unfavourable_evidence: r1(100 * U.overall) };
  if (ranking.kind === 'target') components.genetic_association = r1(100 * (F.perType.get('genetic_association') ?? 0));
  components.clinical = r1(100 * (F.perType.get('clinical') ?? 0));
  components.literature = r1(100 * (F.perType.get('literature') ?? 0));
  components.mechanism = r1(100 * harmonic([...mechanism].map((e) => byId.get(e)!.scoring_inputs!.record_score)));
  components.graph_support = r1(graph);
  const score = Math.round(Math.max(0, Math.min(100, 100 * (F.overall - U.overall))) * 100) / 100;

  const favRecords = all.filter((p) => p.fav).map((p) => byId.get(p.id)!);
  const real = favRecords.filter((e) => !e.provenance?.synthetic);
  const sources = new Set(real.map((e) => e.source)).size;
  const meanQ = real.length ? real.reduce((s, e) => s + e.quality_score, 0) / real.length : 0;
  const share = F.overall + U.overall > 0 ? U.overall / (F.overall + U.overall) : 0;
  const harm = all.some((p) => !p.fav && p.harm && !byId.get(p.id)!.provenance?.synthetic);
  const seedOnly = real.length > 0 && real.every((e) => e.provenance?.mode === 'offline_corpus');
  const flagged = ranking.safety_flags?.some((f) => f.affects_confidence) ?? false;
  let band: string = real.length >= 3 && sources >= 2 && meanQ >= 0.7 && share <= 0.25 && !harm && !seedOnly ? 'high'
    : ((real.length >= 2 && meanQ >= 0.45) || real.some((e) => e.quality_score >= 0.75)) && share <= 0.5 ? 'medium' : 'low';
  if (band === 'high' && flagged) band = 'medium';
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
