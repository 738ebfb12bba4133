import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { buildDossier, type BuildDossierInput } from '../../../domain/workspace/build-dossier';
import { dossierJsonSchema } from '../../../domain/workspace/dossier-schema';
import { canonicalJson, provenanceFingerprint } from '../../../domain/workspace/fingerprint';
import { DISCLAIMER, DOSSIER_SCHEMA_VERSION, type Dossier } from '../../../domain/workspace/dossier-types';
import { request, SLE, sleGraph, syntheticRuns } from './workspace-fixtures';

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validateDossier = ajv.compile(dossierJsonSchema);

function expectValid(dossier: Dossier): void {
  const ok = validateDossier(dossier);
  expect(ok, JSON.stringify(validateDossier.errors, null, 1)).to.equal(true);
}

function input(overrides: Partial<BuildDossierInput> = {}): BuildDossierInput {
  return {
    request: request(),
    disease: SLE,
    sourceRuns: syntheticRuns(),
    graph: sleGraph(),
    runId: 'run_1',
    startedAt: '2026-01-05T10:00:00Z',
    completedAt: '2026-01-05T10:00:09Z',
    llm: { status: 'ok', model: 'test-model', warnings: [] },
    ...overrides,
  };
}

function withoutRunFields(d: Dossier): Omit<Dossier, 'run_id' | 'started_at' | 'completed_at'> {
  const { run_id: _r, started_at: _s, completed_at: _c, ...rest } = d;
  void _r; void _s; void _c;
  return rest;
}

describe('Canonical JSON and the provenance fingerprint', function () {
  it('sorts keys at every level, keeps array order and has no whitespace', function () {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, { z: null, y: 'x' }], c: true } })).to.equal('{"a":{"c":true,"d":[3,1,{"y":"x","z":null}]},"b":1}');
    expect(canonicalJson({ a: undefined, b: Number.NaN, c: [undefined] })).to.equal('{"b":null,"c":[null]}');
    expect(canonicalJson('é"\n')).to.equal(JSON.stringify('é"\n'));
  });

  it('is SHA-256 over the canonical JSON, independent of key order', function () {
    const value = { b: [1, 2], a: 'x' };
    expect(provenanceFingerprint(value)).to.equal(createHash('sha256').update('{"a":"x","b":[1,2]}').digest('hex'));
    expect(provenanceFingerprint({ a: 'x', b: [1, 2] })).to.equal(provenanceFingerprint(value));
    expect(provenanceFingerprint({ a: 'x', b: [2, 1] })).to.not.equal(provenanceFingerprint(value));
  });
});

describe('buildDossier', function () {
  const dossier = buildDossier(input());

  it('produces a dossier that validates against dossierJsonSchema', function () {
    expectValid(dossier);
    expect(dossier.schema_version).to.equal(DOSSIER_SCHEMA_VERSION);
    expect(dossier.disclaimer).to.equal(DISCLAIMER);
    expect(dossier).to.include({ run_id: 'run_1', started_at: '2026-01-05T10:00:00Z', completed_at: '2026-01-05T10:00:09Z' });
    expect(dossier.disease).to.deep.equal({ id: 'sle', name: 'Systemic lupus erythematosus', mondo_id: 'MONDO:0007915', efo_id: 'EFO_0002690' });
  });

  it('gives an article one claim per outcome, the primary first, and ranks on the deciding one only (schema 1.5)', function () {
    const rituximab = dossier.claims.filter((c) => c.subject.id === 'drug:rituximab');
    const deciding = rituximab.find((c) => c.outcome_reading === 'deciding')!;
    expect(deciding.outcomes![0]).to.include({ rank: 'primary', direction: 'no_difference', favourability: 'null' });
    const others = dossier.claims.filter((c) => c.outcome_reading === 'other_outcome');
    expect(others.length).to.be.at.least(1);
    for (const c of others) expect(c.outcomes).to.have.length(1);
    const ranked = new Set(dossier.drug_rankings.flatMap((r) => [...r.supporting_claim_ids, ...r.contradicting_claim_ids]));
    expect(others.filter((c) => ranked.has(c.claim_id))).to.deep.equal([]);
    expect(ranked.has(deciding.claim_id)).to.equal(true);
    // The schema refuses an outcome entry without its rank.
    const broken = structuredClone(dossier);
    delete (broken.claims.find((c) => c.outcomes)!.outcomes![0] as { rank?: string }).rank;
    expect(validateDossier(broken)).to.equal(false);
  });

  it('gives a trial with posted results one claim per outcome, valid against the 1.6 schema, and ranks the record once', function () {
    // Tabalumab's trial with posted results: the primary SRI-4 analysis is null (p = 0.40), a secondary one
    // (severe flares, rate ratio 0.60, 0.42 to 0.86, p = 0.005) is significant. Before 1.6: one claim, no outcomes.
    const runs = syntheticRuns().map((r) => (r.status.source !== 'clinical_trials' ? r : {
      ...r,
      records: r.records.map((rec) => (rec.nativeId !== 'NCT00000005' ? rec : {
        ...rec,
        attributes: { phase: 'PHASE3', status: 'COMPLETED', hasResults: true,
          primaryAnalyses: [{ outcome: 'SRI-4 response at week 52', pValue: '0.40', paramType: 'Odds Ratio (OR)', paramValue: 1.1, ciLower: 0.88, ciUpper: 1.38, groups: ['Placebo', 'Tabalumab 120 mg Q2W'] }],
          secondaryAnalyses: [{ outcome: 'Severe flares through week 52', pValue: '0.005', paramType: 'Rate Ratio', paramValue: 0.6, ciLower: 0.42, ciUpper: 0.86, groups: ['Placebo', 'Tabalumab 120 mg Q2W'] }] },
      })),
    }));
    const withResults = buildDossier(input({ sourceRuns: runs }));
    expectValid(withResults);
    const tabalumab = withResults.claims.filter((c) => c.subject.label.toLowerCase() === 'tabalumab');
    expect(tabalumab.map((c) => [c.outcome_reading, c.relationship])).to.deep.equal([['deciding', 'contradicts'], ['other_outcome', 'supports']]);
    expect(tabalumab[0]!.outcomes![0]).to.deep.include({ outcome: 'SRI-4 response at week 52', rank: 'primary', direction: 'no_difference', favourability: 'null' });
    expect(tabalumab[0]!.outcomes![0]!.arms).to.deep.equal(['Placebo', 'Tabalumab 120 mg Q2W']);
    const ranked = new Set(withResults.drug_rankings.flatMap((r) => [...r.supporting_claim_ids, ...r.contradicting_claim_ids]));
    expect(ranked.has(tabalumab[0]!.claim_id)).to.equal(true);
    expect(ranked.has(tabalumab[1]!.claim_id)).to.equal(false);
    // The schema refuses an outcome's arms that are not a list of strings.
    const broken = structuredClone(withResults);
    (broken.claims.find((c) => c.claim_id === tabalumab[0]!.claim_id)!.outcomes![0] as { arms?: unknown }).arms = 'Placebo';
    expect(validateDossier(broken)).to.equal(false);
  });

  it('evidence items of articles carry the effect reading: direction, favourability, deciding sentence, statistics (issue 27)', function () {
    // "Belimumab significantly reduced disease activity compared with placebo.": disease activity is lower-is-better,
    // so a decrease is favourable; the safety sentence after it ("Adverse events were similar.") does not decide.
    const item = dossier.evidence.find((e) => e.native_id === '11111111')!;
    expect(item.outcome!.class).to.equal('positive');
    expect(item.outcome!.effect).to.deep.include({ direction: 'decreased', favourability: 'favourable', deciding: 'Belimumab significantly reduced disease activity compared with placebo.' });
    expect(item.outcome!.effect!.statistics).to.be.an('array');
    expectValid(dossier);
  });

  it('reports one status per requested source, in request order, with the union of query terms as search terms', function () {
    expect(dossier.source_statuses.map((s) => s.source)).to.deep.equal(request().sources);
    expect(dossier.source_statuses.find((s) => s.source === 'pubmed')!.record_count).to.equal(4);
    expect(dossier.search_terms).to.include('pubmed systemic lupus erythematosus').and.not.include('biorxiv systemic lupus erythematosus');
    expect(new Set(dossier.search_terms.map((t) => t.toLowerCase())).size).to.equal(dossier.search_terms.length);
  });

  it('merges the duplicate trial and lists it in also_found_in and limitations', function () {
    const trial = dossier.evidence.find((e) => e.native_id === 'NCT00000001')!;
    expect(trial.source).to.equal('clinical_trials');
    expect(trial.also_found_in).to.deep.equal([{ source: 'opentargets', native_id: 'NCT00000001', url: 'https://clinicaltrials.gov/study/NCT00000001' }]);
    expect(dossier.evidence.filter((e) => e.native_id === 'NCT00000001')).to.have.length(1);
    expect(dossier.limitations.join(' ')).to.contain('1 duplicate record');
  });

  it('extracts supporting and contradicting claims with citations', function () {
    const rel = (subject: string, relationship: string) => dossier.claims.find((c) => c.subject.id === subject && c.relationship === relationship);
    expect(rel('drug:belimumab', 'supports')!.citations).to.include.members(['NCT00000001', 'PMID:11111111', 'openFDA:b1e2c3d4-0000-4000-8000-000000000001']);
    expect(rel('drug:rituximab', 'contradicts')!.citations).to.have.members(['NCT00000003', 'PMID:22222222']);
    expect(rel('drug:tabalumab', 'contradicts')!.citations).to.deep.equal(['NCT00000005']);
    // A completed phase 3 trial without posted results: studied, outcome unknown — never support.
    expect(rel('drug:anifrolumab', 'supports')).to.equal(undefined);
    expect(rel('drug:anifrolumab', 'associated_with')!.statement).to.contain('outcome unknown');
    const tulip = dossier.evidence.find((e) => e.native_id === 'NCT00000002')!;
    expect(tulip.outcome).to.deep.equal({ class: 'unknown', statement: 'completed without posted results: studied, outcome unknown' });
    expect(rel('drug:hydroxychloroquine', 'associated_with')).to.not.equal(undefined);
    expect(rel('drug:hydroxychloroquine', 'targets')!.object.id).to.equal('target:TLR7');
    expect(rel('target:TLR7', 'participates_in')!.object.id).to.equal('pathway:R-HSA-168181');
    expect(rel('target:IRF5', 'associated_with')!.citations).to.include.members(['GWAS:GCST-IRF5', 'PMID:33333333']);
    const evidenceIds = new Set(dossier.evidence.map((e) => e.evidence_id));
    for (const claim of dossier.claims) for (const id of claim.evidence_ids) expect(evidenceIds.has(id)).to.equal(true);
  });

  it('ranks drugs and targets with contradiction handling and graph explanations', function () {
    const drugs = dossier.drug_rankings;
    expect(drugs.map((r) => r.rank)).to.deep.equal(drugs.map((_, i) => i + 1));
    expect(drugs[0]!.candidate_id).to.equal('drug:belimumab');
    const rituximab = drugs.find((r) => r.candidate_id === 'drug:rituximab')!;
    expect(rituximab.contradicting_claim_ids).to.have.length(1);
    expect(rituximab.component_scores.unfavourable_evidence).to.be.above(0);
    expect(rituximab.explanation).to.contain('Unfavourable evidence');
    const tabalumab = drugs.find((r) => r.candidate_id === 'drug:tabalumab')!;
    expect(tabalumab.supporting_claim_ids).to.deep.equal([]);
    expect(tabalumab.component_scores.favourable_evidence).to.equal(0);
    expect(tabalumab.component_scores.unfavourable_evidence).to.be.above(0);
    // Both at 0 without favourable evidence: rituximab, with two unfavourable records (a null RCT and a trial
    // stopped for lack of efficacy) against tabalumab's one, ranks last — by evidence, not by name.
    expect(tabalumab.score).to.equal(0);
    expect(drugs[drugs.length - 1]!.candidate_id).to.equal('drug:rituximab');

    const byId = new Map(dossier.graph_explanations.map((e) => [e.explanation_id, e]));
    for (const r of [...drugs, ...dossier.target_rankings]) {
      expect(r.graph_explanation_ids).to.have.length(1);
      expect(byId.get(r.graph_explanation_ids[0]!)!.candidate_id).to.equal(r.candidate_id);
    }
    expect(byId.get(tabalumab.graph_explanation_ids[0]!)!.reason).to.match(/^candidate not in the knowledge graph/);
    expect(byId.get(rituximab.graph_explanation_ids[0]!)!.reason).to.match(/^no path within 4 hops over relations targets, participates_in, .* in a graph of 13 nodes and 11 edges$/);
    expect(byId.get(drugs[0]!.graph_explanation_ids[0]!)!.status).to.equal('found');
    expect(dossier.target_rankings.map((r) => r.candidate_id)).to.include.members(['target:IRF5', 'target:TLR7', 'target:TNFSF13B']);
  });

  it('reports source warnings and limitations', function () {
    expect(dossier.warnings).to.include('biorxiv: no search configuration for this disease');
    expect(dossier.limitations.join(' ')).to.contain('Offline corpus used for: pubmed, clinical_trials, gwas, fda_labels, opentargets, gtex, chembl');
    expect(dossier.limitations.join(' ')).to.contain('Sources skipped: biorxiv');
    expect(dossier.limitations.join(' ')).to.contain('prioritization heuristics');
    expect(dossier.manifest.llm).to.deep.equal({ status: 'ok', model: 'test-model', warnings: [] });
  });

  it('reports a requested source without a run as skipped, and a failed source as an error', function () {
    const runs = syntheticRuns().filter((r) => r.status.source !== 'gtex').map((r) => (r.status.source === 'gwas'
      ? { status: { ...r.status, status: 'error' as const, warning: 'HTTP 503 after 3 retries' }, records: [] } : r));
    const d = buildDossier(input({ sourceRuns: runs }));
    expectValid(d);
    expect(d.source_statuses.find((s) => s.source === 'gtex')).to.deep.include({ status: 'skipped', record_count: 0, retrieval_mode: null });
    expect(d.warnings).to.include('gwas: HTTP 503 after 3 retries');
    expect(d.limitations.join(' ')).to.contain('Sources that failed: gwas');
  });

  it('is deterministic: same inputs give the same dossier; run id and timestamps do not change the fingerprint', function () {
    const again = buildDossier(input());
    expect(again).to.deep.equal(dossier);
    expect(JSON.stringify(again)).to.equal(JSON.stringify(dossier));
    const other = buildDossier(input({ runId: 'run_2', startedAt: '2027-02-02T00:00:00Z', completedAt: '2027-02-02T00:01:00Z' }));
    expect(other.run_id).to.equal('run_2');
    expect(withoutRunFields(other)).to.deep.equal(withoutRunFields(dossier));
    expect(other.manifest.provenance.fingerprint).to.equal(dossier.manifest.provenance.fingerprint);
    expect(JSON.stringify(dossier.manifest.provenance.inputs)).to.not.contain('run_1').and.not.contain('2026-01-05T10:00');
  });

  it('does not depend on the order of records within a source', function () {
    const shuffled = syntheticRuns().map((r) => ({ ...r, records: [...r.records].reverse() }));
    expect(buildDossier(input({ sourceRuns: shuffled }))).to.deep.equal(dossier);
  });

  it('changes the fingerprint when an input that shapes the dossier changes', function () {
    const fp = dossier.manifest.provenance.fingerprint;
    expect(fp).to.match(/^[0-9a-f]{64}$/);
    expect(fp).to.equal(provenanceFingerprint(dossier.manifest.provenance.inputs));
    expect(buildDossier(input({ request: request({ max_evidence: 5 }) })).manifest.provenance.fingerprint).to.not.equal(fp);
    expect(buildDossier(input({ scoring: { graph_hop_penalty: 10 } })).manifest.provenance.fingerprint).to.not.equal(fp);
    const live = syntheticRuns().map((r) => (r.status.source === 'pubmed' ? { ...r, status: { ...r.status, retrieval_mode: 'live' as const } } : r));
    expect(buildDossier(input({ sourceRuns: live })).manifest.provenance.fingerprint).to.not.equal(fp);
  });

  it('applies candidate_type, the date filter and max_evidence', function () {
    const drugsOnly = buildDossier(input({ request: request({ candidate_type: 'drugs' }) }));
    expect(drugsOnly.target_rankings).to.deep.equal([]);
    expect(drugsOnly.graph_explanations.every((e) => e.candidate_id.startsWith('drug:'))).to.equal(true);
    const limited = buildDossier(input({ request: request({ max_evidence: 3 }) }));
    expectValid(limited);
    expect(limited.evidence).to.have.length(3);
    expect(limited.limitations.join(' ')).to.contain('Only the 3 highest-quality records were retained');
    const recent = buildDossier(input({ request: request({ date_from: '2015-01-01', date_to: '2020-12-31' }) }));
    for (const e of recent.evidence) if (e.published) expect(e.published >= '2015-01-01' && e.published <= '2020-12-31').to.equal(true);
    expect(recent.limitations.join(' ')).to.contain('undated record');
  });

  it('warns once about an LLM problem: the outcome\'s own warning, else one generic line', function () {
    const skipped = buildDossier(input({ llm: { status: 'not_configured', model: null, warnings: ['LLM enrichment skipped: no LLM_BASE_URL/LLM_API_KEY configured; deterministic claims only'] } }));
    expect(skipped.warnings.filter((w) => /\bLLM\b/.test(w))).to.deep.equal(['LLM enrichment skipped: no LLM_BASE_URL/LLM_API_KEY configured; deterministic claims only']);
    const silent = buildDossier(input({ llm: { status: 'failed', model: 'm', warnings: [] } }));
    expect(silent.warnings.filter((w) => /\bLLM\b/.test(w))).to.deep.equal(['LLM enrichment failed; deterministic claims only.']);
  });

  it('keeps deterministic claims whatever the LLM did, and adds validated LLM claims', function () {
    const failed = buildDossier(input({ llm: { status: 'timeout', model: null, warnings: ['request timed out after 30 s'] } }));
    expect(failed.claims).to.deep.equal(dossier.claims);
    expect(failed.warnings.filter((w) => /\bLLM\b/.test(w))).to.deep.equal(['LLM: request timed out after 30 s']);
    expect(failed.manifest.llm).to.deep.equal({ status: 'timeout', model: null, warnings: ['request timed out after 30 s'] });

    const evidenceId = dossier.evidence.find((e) => e.native_id === '33333333')!.evidence_id;
    const enriched = buildDossier(input({ llm: { status: 'ok', model: 'm', warnings: [], claims: [{
      subject: { id: 'target:IRF5', label: 'IRF5', kind: 'target' }, relationship: 'participates_in',
      object: { id: 'pathway:type_i_interferon', label: 'Type I interferon signalling', kind: 'pathway' },
      statement: 'IRF5 participates in type I interferon signalling.', evidence_ids: [evidenceId],
    }] } }));
    expectValid(enriched);
    expect(enriched.claims.slice(0, dossier.claims.length)).to.deep.equal(dossier.claims);
    expect(enriched.claims[enriched.claims.length - 1]).to.deep.include({ origin: 'llm', citations: ['PMID:33333333'] });
    expect(enriched.limitations.join(' ')).to.contain('proposed by an LLM');

    const disabled = buildDossier(input({ request: request({ enable_llm: false }), llm: { status: 'disabled', model: null, warnings: [], claims: [{
      subject: { id: 'target:IRF5', label: 'IRF5', kind: 'target' }, relationship: 'participates_in',
      object: { id: 'pathway:x', label: 'x', kind: 'pathway' }, statement: 's', evidence_ids: [evidenceId],
    }] } }));
    expect(disabled.claims.every((c) => c.origin === 'deterministic')).to.equal(true);
  });

  it('handles a run with no evidence at all', function () {
    const empty = buildDossier(input({ request: request({ sources: ['pubmed'] }), sourceRuns: [] }));
    expectValid(empty);
    expect(empty).to.deep.include({ evidence: [], claims: [], drug_rankings: [], target_rankings: [], graph_explanations: [] });
    expect(empty.limitations.join(' ')).to.contain('No evidence records were retained');
  });

  it('refuses a disease module that does not match the request', function () {
    expect(() => buildDossier(input({ request: request({ disease_id: 'ra' }) }))).to.throw(/does not match/);
  });
});
