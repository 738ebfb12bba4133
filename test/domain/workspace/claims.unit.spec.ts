import fs from 'node:fs';
import path from 'node:path';
import { evidenceOutcome } from '../../../domain/workspace/evidence-outcome';
import { findProjectRoot } from '../../../infra/sources/offline-reader';
import { expect } from 'chai';
import { claimId, diseaseEntity, extractClaims, mergeLlmClaims } from '../../../domain/workspace/claims';
import { normalizeEvidence, type NormalizedEvidence } from '../../../domain/workspace/normalize';
import type { Claim } from '../../../domain/workspace/dossier-types';
import type { SourceName, SourceRecord } from '../../../domain/workspace/sources';
import { record, run, SLE, sleGraph } from './workspace-fixtures';

const graph = sleGraph();
const disease = diseaseEntity(SLE);

function evidenceOf(records: SourceRecord[]): NormalizedEvidence[] {
  const bySource = new Map<SourceName, SourceRecord[]>();
  for (const r of records) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  return normalizeEvidence([...bySource.entries()].map(([s, rs]) => run(s, rs)), { dateFrom: null, dateTo: null, maxEvidence: 200, citation: { efoId: SLE.efo_id } }, graph).evidence;
}

function claimsOf(records: SourceRecord[]): Claim[] {
  return extractClaims(evidenceOf(records), { disease, graph });
}

const trial = (nativeId: string, attributes: SourceRecord['attributes'], drugs = ['Belimumab'], text = '') =>
  record({ source: 'clinical_trials', nativeId, recordType: 'clinical_trial', structured: { drugs, targets: [], pathways: [] }, attributes, text });

const article = (nativeId: string, title: string, text: string, extra: Partial<SourceRecord> = {}) =>
  record({ source: 'pubmed', nativeId, recordType: 'article', title, text, ...extra });

/** The one claim the ranking counts for a subject (an article's other outcomes are claims of their own, schema 1.5). */
function only(claims: Claim[], subjectId: string): Claim {
  const found = claims.filter((c) => c.subject.id === subjectId && c.outcome_reading !== 'other_outcome');
  expect(found, JSON.stringify(claims, null, 1)).to.have.length(1);
  return found[0]!;
}

describe('Deterministic claim extraction', function () {
  describe('clinical trials', function () {
    it('gives one claim per posted outcome (schema 1.6): two analyses of one measure are one outcome, a failed primary decides over a secondary gain', function () {
      const claims = claimsOf([trial('NCT00000009', { phase: 'PHASE3', status: 'COMPLETED', hasResults: true,
        primaryAnalyses: [
          // Two doses against placebo, one measure: one outcome, decided by the first analysis that decides (both null).
          { outcome: 'SRI-4 response at week 52', pValue: '0.21', paramType: 'Odds Ratio (OR)', paramValue: 1.2, ciLower: 0.9, ciUpper: 1.6, groups: ['Placebo', 'Belimumab 1 mg/kg'] },
          { outcome: 'SRI-4 response at week 52', pValue: '0.34', paramType: 'Odds Ratio (OR)', paramValue: 1.1, ciLower: 0.85, ciUpper: 1.5, groups: ['Placebo', 'Belimumab 10 mg/kg'] },
        ],
        secondaryAnalyses: [
          // Severe flares: rate ratio 0.64 (0.45 to 0.91), lower is better → favourable, supports.
          { outcome: 'Severe flares through week 52', pValue: '0.01', paramType: 'Rate Ratio', paramValue: 0.64, ciLower: 0.45, ciUpper: 0.91 },
          // No p-value, no CI: decides nothing, gives no claim.
          { outcome: 'Prednisone dose reduction', paramType: 'Mean Difference (Final Values)' },
        ] })]);
      const mine = claims.filter((c) => c.subject.id === 'drug:belimumab');
      expect(mine.map((c) => [c.outcome_reading, c.relationship])).to.deep.equal([['deciding', 'contradicts'], ['other_outcome', 'supports']]);
      expect(mine[0]!.outcomes!.map((o) => [o.outcome, o.rank, o.direction, o.favourability, o.arms])).to.deep.equal([['SRI-4 response at week 52', 'primary', 'no_difference', 'null', ['Placebo', 'Belimumab 1 mg/kg']]]);
      expect(mine[1]!.outcomes![0]).to.deep.include({ outcome: 'Severe flares through week 52', rank: 'secondary', direction: 'decreased', favourability: 'favourable' });
      expect(mine[1]!.outcomes![0]!.statistics).to.deep.equal(['Rate Ratio 0.64', '95% CI 0.45 to 0.91', 'p = 0.01']);
      expect(mine[1]!.claim_id).to.not.equal(claimId('drug:belimumab', 'supports', disease.id));
    });

    it('supports only on a positive result: a significant primary analysis, or the primary outcome stated met', function () {
      const analysed = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', hasResults: true, primaryAnalyses: [
        { outcome: 'SRI-4 response at week 52', pValue: '<0.001', paramType: 'Odds Ratio (OR)', paramValue: 1.83, ciLower: 1.3, ciUpper: 2.59, statisticalMethod: 'Cochran-Mantel-Haenszel' },
      ] })]), 'drug:belimumab');
      expect(analysed.relationship).to.equal('supports');
      expect(analysed.statement).to.contain('primary analysis significant').and.contain('Odds Ratio (OR) 1.83 (95% CI 1.3 to 2.59), p <0.001');
      expect(only(claimsOf([trial('NCT00000001', { phase: 'PHASE2', status: 'COMPLETED', outcomeMet: true })]), 'drug:belimumab').relationship).to.equal('supports');
    });

    it('never supports on a completed trial without posted results: studied, outcome unknown', function () {
      const claim = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED' })]), 'drug:belimumab');
      expect(claim.relationship).to.equal('associated_with');
      expect(claim.statement).to.contain('completed without posted results: studied, outcome unknown');
      const noAnalysis = only(claimsOf([trial('NCT00000001', { phase: 'PHASE4', status: 'COMPLETED', hasResults: true })]), 'drug:belimumab');
      expect(noAnalysis.relationship).to.equal('associated_with');
    });

    it('contradicts on a null primary analysis: p ≥ 0.05, or a ratio whose CI crosses 1', function () {
      const byP = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', hasResults: true, primaryAnalyses: [{ outcome: 'Response', pValue: '0.12' }] })]), 'drug:belimumab');
      expect(byP.relationship).to.equal('contradicts');
      expect(byP.statement).to.contain('not significant').and.contain('p = 0.12');
      const byCi = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', hasResults: true, primaryAnalyses: [{ outcome: 'Time to relapse', paramType: 'Hazard Ratio (HR)', paramValue: 1.05, ciLower: 0.84, ciUpper: 1.31 }] })]), 'drug:belimumab');
      expect(byCi.relationship).to.equal('contradicts');
      // A mean difference's CI excluding 0 is significant (its null value is 0, not 1).
      const difference = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', hasResults: true, primaryAnalyses: [{ outcome: 'SLEDAI change', paramType: 'Mean Difference (Final Values)', paramValue: -2.1, ciLower: -3.4, ciUpper: -0.8 }] })]), 'drug:belimumab');
      expect(difference.relationship).to.equal('supports');
    });

    it('contradicts: primary outcome not met, or stopped for lack of efficacy; harm when stopped for safety', function () {
      const failed = only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false })]), 'drug:belimumab');
      expect(failed.relationship).to.equal('contradicts');
      expect(failed.statement).to.contain('primary outcome not met');
      const futile = only(claimsOf([trial('NCT00000002', { phase: 'PHASE2', status: 'TERMINATED', whyStopped: 'Futility at the interim analysis' })]), 'drug:belimumab');
      expect(futile.relationship).to.equal('contradicts');
      expect(futile).to.not.have.property('qualifier');
      const unsafe = only(claimsOf([trial('NCT00000003', { phase: 'PHASE3', status: 'TERMINATED', whyStopped: 'Safety: excess of serious infections' })]), 'drug:belimumab');
      expect(unsafe).to.deep.include({ relationship: 'contradicts', qualifier: 'harm' });
      expect(unsafe.statement).to.match(/^Evidence of harm or a safety signal for Belimumab/);
    });

    it('gives no claim for a withdrawn trial or one that enrolled nobody', function () {
      expect(claimsOf([trial('NCT00000003', { phase: 'PHASE3', status: 'WITHDRAWN', whyStopped: 'Lack of efficacy in a related study' })])).to.deep.equal([]);
      expect(claimsOf([trial('NCT00000004', { phase: 'PHASE3', status: 'COMPLETED', enrollment: 0 })])).to.deep.equal([]);
    });

    it('associated_with otherwise (ongoing, early phase, terminated for other reasons)', function () {
      expect(only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'RECRUITING' })]), 'drug:belimumab').relationship).to.equal('associated_with');
      expect(only(claimsOf([trial('NCT00000001', { phase: 'PHASE2', status: 'COMPLETED' })]), 'drug:belimumab').relationship).to.equal('associated_with');
      expect(only(claimsOf([trial('NCT00000001', { phase: 'PHASE3', status: 'TERMINATED', whyStopped: 'Sponsor decision.' })]), 'drug:belimumab').relationship).to.equal('associated_with');
    });

    it('cites the trial, links the evidence and names the disease', function () {
      const evidence = evidenceOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true })]);
      const [claim] = extractClaims(evidence, { disease, graph });
      expect(claim).to.deep.include({
        claim_id: claimId('drug:belimumab', 'supports', 'disease:sle'),
        subject: { id: 'drug:belimumab', label: 'Belimumab', kind: 'drug' },
        object: { id: 'disease:sle', label: 'Systemic lupus erythematosus', kind: 'disease' },
        evidence_ids: [evidence[0]!.item.evidence_id],
        citations: ['NCT00000001'],
        origin: 'deterministic',
      });
      expect(claim!.claim_id).to.match(/^cl_[0-9a-f]{16}$/);
      expect(claim!.statement).to.equal('Evidence supports Belimumab for Systemic lupus erythematosus (NCT00000001: completed phase 3 trial, primary outcome met).');
    });
  });

  describe('articles and preprints', function () {
    it('supports on positive outcome statements', function () {
      for (const text of [
        'Belimumab significantly improved SRI-4 response rates.',
        'Treatment reduced disease activity compared with placebo at week 52.',
        'Belimumab was effective and well tolerated.',
        'The trial met its primary endpoint.',
        'Belimumab was superior to placebo.',
      ]) {
        const claim = only(claimsOf([article('1', 'Belimumab in SLE', text)]), 'drug:belimumab');
        expect(claim.relationship, text).to.equal('supports');
        expect(claim.citations).to.deep.equal(['PMID:1']);
      }
    });

    it('contradicts on null and negative outcome statements, including negated positive ones', function () {
      for (const text of [
        'There was no significant improvement in disease activity.',
        'Belimumab failed to meet the primary endpoint.',
        'Belimumab did not improve renal outcomes.',
        'Belimumab was not superior to standard of care.',
        'Belimumab did not significantly reduce flares.',
        'Belimumab was not effective in this cohort.',
      ]) {
        expect(only(claimsOf([article('2', 'Belimumab in SLE', text)]), 'drug:belimumab').relationship, text).to.equal('contradicts');
      }
    });

    it('does not count a pharmacokinetic/bioequivalence study for or against the drug (a hydroxychloroquine bioavailability study read as a null against it)', function () {
      // PMC4883261 in the bundled mirror: healthy volunteers, exposure measured; nothing about lupus.
      const line = fs.readFileSync(path.join(findProjectRoot(), 'fixtures/seed/literature/pubmed/pmc-rct-abstracts.seed.jsonl'), 'utf8').split('\n').find((l) => l.includes('"PMC4883261"'))!;
      const abstract = (JSON.parse(line) as { abst: string }).abst;
      const title = 'Pharmacokinetics and Bioequivalence Study of Hydroxychloroquine Sulfate Tablets in Chinese Healthy Volunteers by LC–MS/MS';
      const text = abstract.slice(abstract.indexOf('ABSTRACT.'));
      const pk = article('4883261', title, text);
      const claims = claimsOf([pk]).filter((c) => c.subject.id === 'drug:hydroxychloroquine');
      expect(claims.map((c) => c.relationship)).to.deep.equal(['associated_with']);
      expect(claims[0]!.statement).to.match(/pharmacokinetic\/bioequivalence study/);
      expect(evidenceOutcome(evidenceOf([pk])[0]!).class).to.equal('context');
      // The same sentences under an efficacy title are read as before (the rule is the study design, not the words).
      const efficacy = claimsOf([article('4883262', 'Hydroxychloroquine in SLE', 'Hydroxychloroquine did not significantly reduce flares.')]);
      expect(only(efficacy, 'drug:hydroxychloroquine').relationship).to.equal('contradicts');
    });

    it('reads a trial whose title names pharmacokinetics and efficacy as an efficacy trial', function () {
      const claim = only(claimsOf([article('4883263', 'Pharmacokinetics and efficacy of hydroxychloroquine in SLE', 'Hydroxychloroquine did not significantly reduce flares.')]), 'drug:hydroxychloroquine');
      expect(claim.relationship).to.equal('contradicts');
    });

    it('is negation-aware within a clause only', function () {
      const claim = only(claimsOf([article('7', 'Belimumab in SLE', 'Although adverse events did not differ, belimumab significantly reduced flares compared with placebo.')]), 'drug:belimumab');
      expect(claim.relationship).to.equal('supports');
    });

    it('reads the whole abstract, not the snippet: a null conclusion after 600 characters contradicts', function () {
      const padding = 'Background sentence about the disease and its burden in many patients. '.repeat(10);
      const claim = only(claimsOf([article('8', 'Belimumab in SLE', padding.slice(0, 590), {
        fullText: `${padding}RESULTS: Flares were fewer. CONCLUSIONS: These findings do not support the use of belimumab in SLE.`,
      })]), 'drug:belimumab');
      expect(claim.relationship).to.equal('contradicts');
      expect(claim.statement).to.contain('do not support the use of belimumab');
    });

    it('stays associated_with without an outcome statement; a null statement outweighs a positive one', function () {
      expect(only(claimsOf([article('3', 'Belimumab pharmacokinetics', 'We measured serum levels of belimumab.')]), 'drug:belimumab').relationship).to.equal('associated_with');
      const mixed = only(claimsOf([article('4', 'Belimumab in SLE', 'Belimumab significantly reduced flares. It did not improve fatigue.')]), 'drug:belimumab');
      expect(mixed.relationship).to.equal('contradicts');
      expect(mixed.statement).to.contain('null result');
      const hedged = only(claimsOf([article('9', 'Belimumab in SLE', 'Belimumab may be effective in this setting.')]), 'drug:belimumab');
      expect(hedged.relationship).to.equal('associated_with');
    });

    it('gives one claim per outcome, the primary first: a failed primary end point decides over a secondary gain and the conclusions', function () {
      const text = 'BACKGROUND: Flares are frequent in SLE. RESULTS: The primary end point, SRI-4 response at week 52, did not differ significantly '
        + 'between belimumab and placebo (43% vs 40%, p = 0.21). Flares were significantly fewer with belimumab than with placebo (p = 0.01). '
        + 'CONCLUSIONS: Belimumab significantly reduced flares.';
      const claims = claimsOf([article('12', 'Belimumab in SLE', text)]).filter((c) => c.subject.id === 'drug:belimumab');
      // Before: one claim, decided by the conclusions (supports); the failed primary end point was not heard.
      const deciding = only(claims, 'drug:belimumab');
      expect(deciding).to.deep.include({ relationship: 'contradicts', outcome_reading: 'deciding' });
      expect(deciding.outcomes!.map((o) => [o.rank, o.direction, o.favourability])).to.deep.equal([['primary', 'no_difference', 'null']]);
      expect(deciding.outcomes![0]!.statistics).to.include('p = 0.21');
      // The two flare sentences are claims of their own, each one outcome, supporting, with distinct ids.
      const others = claims.filter((c) => c.outcome_reading === 'other_outcome');
      expect(others.map((c) => [c.relationship, c.outcomes!.length, c.outcomes![0]!.direction])).to.deep.equal([['supports', 1, 'decreased'], ['supports', 1, 'decreased']]);
      expect(new Set(claims.map((c) => c.claim_id)).size).to.equal(3);
      expect(others[0]!.statement).to.contain('another outcome');
    });

    it('reads a null between active drugs without a placebo-type control as "no better than the comparator", not as no benefit (it contradicted before)', function () {
      // Before: "both drugs improved ..., with no significant difference" contradicted belimumab, as if a
      // head-to-head null showed that it does not work in SLE (ICH E10: an active-control trial cannot show that).
      const headToHead = 'Patients with SLE were randomised to belimumab or rituximab for 52 weeks. RESULTS: Both drugs improved SRI-4 response, with no significant difference in response rates (p = 0.41).';
      const claim = only(claimsOf([article('21', 'Belimumab versus rituximab in SLE', headToHead)]), 'drug:belimumab');
      expect(claim.relationship).to.equal('associated_with');
      expect(claim.statement).to.contain('no better than the other active treatment');
      // The same null against placebo is a null result: it still contradicts.
      const placebo = headToHead.replace('rituximab', 'placebo').replace('Both drugs', 'Both groups');
      expect(only(claimsOf([article('22', 'Belimumab in SLE', placebo)]), 'drug:belimumab').relationship).to.equal('contradicts');
      // A within-group statement is no comparison: it still contradicts the drug it names.
      const within = claimsOf([article('23', 'Belimumab or rituximab in SLE', 'Belimumab significantly reduced disease activity. Rituximab did not improve renal outcomes.')]);
      expect(only(within, 'drug:rituximab').relationship).to.equal('contradicts');
    });

    it('scopes cues to the sentences naming each drug when several drugs are named', function () {
      const claims = claimsOf([article('5', 'Belimumab or rituximab in SLE',
        'Belimumab significantly reduced disease activity. Rituximab did not improve renal outcomes.')]);
      expect(only(claims, 'drug:belimumab').relationship).to.equal('supports');
      expect(only(claims, 'drug:rituximab').relationship).to.equal('contradicts');
    });

    it('uses an outcomeMet attribute before cue phrases, and names targets as associated', function () {
      const claims = claimsOf([article('6', 'Anifrolumab and IFNAR1', 'Anifrolumab significantly reduced disease activity.', { attributes: { outcomeMet: false } })]);
      expect(only(claims, 'drug:anifrolumab').relationship).to.equal('contradicts');
      expect(only(claims, 'target:IFNAR1').relationship).to.equal('associated_with');
    });

    it('contradicts a target only on a null or negative statement that names it (null MR, a knockout that does not protect)', function () {
      const mr = only(claimsOf([article('7', 'IRF5 and lupus: a Mendelian randomisation study',
        'We used genetic instruments for IRF5 expression. Genetically predicted IRF5 expression was not associated with SLE risk (OR 1.02, 95% CI 0.91 to 1.14).')]), 'target:IRF5');
      expect(mr.relationship).to.equal('contradicts');
      expect(mr.statement).to.contain('was not associated');
      // A drug's failed trial says nothing of the gene the article also names.
      const other = claimsOf([article('8', 'Anifrolumab and IFNAR1', 'IFNAR1 is the receptor of type I interferon. Anifrolumab did not improve renal outcomes.')]);
      expect(only(other, 'target:IFNAR1').relationship).to.equal('associated_with');
      expect(only(other, 'drug:anifrolumab').relationship).to.equal('contradicts');
    });

    it('marks preprints and cites them by DOI', function () {
      const claim = only(claimsOf([record({ source: 'biorxiv', nativeId: '10.1101/2024.01.01.1', recordType: 'preprint', title: 'Belimumab', text: 'Belimumab was effective.' })]), 'drug:belimumab');
      expect(claim.relationship).to.equal('supports');
      expect(claim.citations).to.deep.equal(['doi:10.1101/2024.01.01.1']);
      expect(claim.statement).to.contain('(preprint)');
    });
  });

  describe('genetics, expression, bioactivity, labels and pathways', function () {
    it('target associated_with disease from GWAS and Open Targets; healthy-tissue GTEx expression is context, no claim', function () {
      const claims = claimsOf([
        record({ source: 'gwas', nativeId: 'GCST1', recordType: 'gwas_association', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { pValue: 2e-12 } }),
        record({ source: 'opentargets', nativeId: 'ot1', recordType: 'target_association', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { associationScore: 0.7 } }),
        record({ source: 'gtex', nativeId: 'gt1', recordType: 'expression', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { medianTpm: 30, tissue: 'Whole Blood' } }),
      ]);
      const claim = only(claims, 'target:IRF5');
      expect(claim.relationship).to.equal('associated_with');
      expect(claim.evidence_ids).to.have.length(2);
      expect(claim.citations).to.have.members(['GWAS:GCST1', 'OpenTargets:EFO_0002690/IRF5']);
      expect(claim.statement).to.match(/^IRF5 is associated with Systemic lupus erythematosus \(/);
      expect(claim.statement).to.contain('p = 2.0e-12');
    });

    it('keeps a GWAS association\'s direction: a protective allele is named so, never as risk', function () {
      const gwas = (id: string, attributes: SourceRecord['attributes']) => record({ source: 'gwas', nativeId: id, recordType: 'gwas_association', structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes });
      const protective = only(claimsOf([gwas('G-P', { pValue: 3e-10, oddsRatio: 0.72, effectDirection: 'protective' })]), 'target:IRF5');
      expect(protective.relationship).to.equal('associated_with');
      expect(protective.statement).to.contain('p = 3.0e-10, protective allele (OR 0.72)').and.not.contain('risk');
      const risk = only(claimsOf([gwas('G-R', { pValue: 3e-10, oddsRatio: 1.4, effectDirection: 'risk' })]), 'target:IRF5');
      expect(risk.statement).to.contain('risk allele (OR 1.40)');
    });

    it('drug targets target from bioactivity records', function () {
      const claim = only(claimsOf([record({ source: 'chembl', nativeId: 'CHEMBL1201835', recordType: 'bioactivity', structured: { drugs: ['Belimumab'], targets: ['BAFF'], pathways: [] }, attributes: { pchembl: 9.1 } })]), 'drug:belimumab');
      expect(claim).to.deep.include({ relationship: 'targets', citations: ['ChEMBL:CHEMBL1201835'] });
      expect(claim.object).to.deep.equal({ id: 'target:TNFSF13B', label: 'TNFSF13B', kind: 'target' });
    });

    it('drug supports disease from a label whose indication matches, and nothing otherwise', function () {
      const label = (indicationMatch: boolean) => record({ source: 'fda_labels', nativeId: `set-${indicationMatch}`, recordType: 'drug_label', structured: { drugs: ['Benlysta'], targets: [], pathways: [] }, attributes: { indicationMatch } });
      expect(only(claimsOf([label(true)]), 'drug:belimumab')).to.deep.include({ relationship: 'supports', citations: ['openFDA:set-true'] });
      expect(claimsOf([label(false)])).to.deep.equal([]);
    });

    it('a boxed warning is a safety flag, not evidence against efficacy: the indicated label supports, nothing contradicts (issue 27)', function () {
      const boxed = record({ source: 'fda_labels', nativeId: 'set-b', recordType: 'drug_label', structured: { drugs: ['Benlysta'], targets: [], pathways: [] }, attributes: { indicationMatch: true, boxedWarning: 'Serious infections and mortality.' } });
      const claims = claimsOf([boxed]).filter((c) => c.subject.id === 'drug:belimumab');
      expect(claims.map((c) => c.relationship)).to.deep.equal(['supports']);
      // The warning stays visible on the evidence item as a safety flag.
      const outcome = evidenceOutcome(evidenceOf([boxed])[0]!);
      expect(outcome.class).to.equal('positive');
      expect(outcome.statement).to.contain('safety flag, boxed warning');
    });

    it('target participates_in pathway when a record states both', function () {
      const claims = claimsOf([record({ source: 'gwas', nativeId: 'G2', recordType: 'gwas_association', structured: { drugs: [], targets: ['TLR7'], pathways: ['Toll Like Receptor 7/8 (TLR7/8) Cascade'] }, attributes: { pValue: 1e-9 } })]);
      const pathway = claims.find((c) => c.relationship === 'participates_in')!;
      expect(pathway.subject.id).to.equal('target:TLR7');
      expect(pathway.object).to.deep.equal({ id: 'pathway:R-HSA-168181', label: 'Toll Like Receptor 7/8 (TLR7/8) Cascade', kind: 'pathway' });
    });
  });

  it('merges claims with the same triple across records', function () {
    const claims = claimsOf([
      trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true }),
      article('10', 'Belimumab', 'Belimumab was effective.', { attributes: { publicationTypes: ['Randomized Controlled Trial'] } }),
      record({ source: 'fda_labels', nativeId: 'set-1', recordType: 'drug_label', structured: { drugs: ['Benlysta'], targets: [], pathways: [] }, attributes: { indicationMatch: true } }),
    ]);
    expect(claims).to.have.length(1);
    expect(claims[0]!.evidence_ids).to.have.length(3);
    expect(claims[0]!.citations).to.have.members(['NCT00000001', 'PMID:10', 'openFDA:set-1']);
  });

  it('creates no claims without named entities', function () {
    expect(claimsOf([article('11', 'Lupus epidemiology', 'Incidence rose significantly improved.')])).to.deep.equal([]);
  });

  describe('LLM claims', function () {
    const evidence = evidenceOf([trial('NCT00000001', { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true }), article('20', 'IRF5', 'IRF5 in lupus.')]);
    const deterministic = extractClaims(evidence, { disease, graph });
    const e0 = evidence.find((e) => e.item.native_id === 'NCT00000001')!.item.evidence_id;
    const e1 = evidence.find((e) => e.item.native_id === '20')!.item.evidence_id;

    it('adds validated proposals with origin llm and citations from the evidence', function () {
      const { claims, warnings } = mergeLlmClaims(deterministic, [{
        subject: { id: 'target:IRF5', label: 'IRF5', kind: 'target' }, relationship: 'participates_in',
        object: { id: 'pathway:ifn', label: 'Interferon signalling', kind: 'pathway' }, statement: 'IRF5  drives interferon signalling.', evidence_ids: [e1, 'ev_unknown'],
      }], evidence);
      expect(claims.slice(0, deterministic.length)).to.deep.equal(deterministic);
      const added = claims[claims.length - 1]!;
      expect(added).to.deep.include({ origin: 'llm', evidence_ids: [e1], citations: ['PMID:20'], statement: 'IRF5 drives interferon signalling.' });
      expect(warnings).to.deep.equal([]);
    });

    it('never removes or alters deterministic claims', function () {
      const { claims, warnings } = mergeLlmClaims(deterministic, [
        { subject: { id: 'drug:belimumab', label: 'Belimumab', kind: 'drug' }, relationship: 'supports', object: disease, statement: 'Same triple.', evidence_ids: [e0] },
        { subject: { id: 'drug:belimumab', label: 'Belimumab', kind: 'drug' }, relationship: 'contradicts', object: disease, statement: 'Invented.', evidence_ids: ['ev_0000000000000000'] },
      ], evidence);
      expect(claims).to.deep.equal(deterministic);
      expect(warnings.join(' ')).to.contain('cite no evidence').and.contain('already found');
    });
  });
});
