// A salt or ester form and its parent are one drug in a dossier (issue 28; domain/workspace/salt-forms.ts).
// Before: the bundled psoriasis dossier ranked "Betamethasone" (2nd, 33.78, PharmacotherapyDB's indication) and
// "Betamethasone dipropionate" (5th, 2.08) as two candidates, from records such as PMC5120636, "Calcipotriol Plus
// Betamethasone Dipropionate Aerosol Foam is Effective, Independent of Body Mass Index and the Extent and Severity of
// Psoriasis", and PMC5385703, "A Comparison of Betamethasone Valerate 0.1% Cream Twice Daily Plus Oral Simvastatin
// Versus Betamethasone Valerate 0.1% Cream Alone in the Treatment of Psoriasis".
import { expect } from 'chai';
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { GraphEdge, GraphNode } from '../../../domain/kg/graph-data';
import { saltParentName } from '../../../domain/biomed/compound-identity';
import { buildDossier } from '../../../domain/workspace/build-dossier';
import type { Claim } from '../../../domain/workspace/dossier-types';
import { mergeSaltForms } from '../../../domain/workspace/salt-forms';
import { InMemoryGraph, SLE, record, request, run } from './workspace-fixtures';

const PSO: DiseaseModule = { ...SLE, id: 'pso', name: 'Psoriasis', synonyms: ['psoriasis vulgaris'], mondo_id: 'MONDO:0005083', efo_id: 'EFO_0000676', kg_seeds: { disease_node: 'disease:pso' } };
const node = (id: string, kind: GraphNode['kind'], label: string): GraphNode => ({ id, kind, label });
const edge = (source: string, target: string): GraphEdge => ({ source, target, relation: 'treats', provenance: 'PharmacotherapyDB (test)' });

const FOAM = 'Calcipotriol Plus Betamethasone Dipropionate Aerosol Foam is Effective, Independent of Body Mass Index and the Extent and Severity of Psoriasis';
const CREAM = 'A Comparison of Betamethasone Valerate 0.1% Cream Twice Daily Plus Oral Simvastatin Versus Betamethasone Valerate 0.1% Cream Alone in the Treatment of Psoriasis';

function dossier(indicationOn: string) {
  const graph = new InMemoryGraph(
    [node('disease:pso', 'disease', 'Psoriasis'), node('drug:betamethasone', 'drug', 'Betamethasone'),
      node('drug:betamethasone_dipropionate', 'drug', 'Betamethasone dipropionate'), node('drug:calcipotriol', 'drug', 'Calcipotriol')],
    [edge(indicationOn, 'disease:pso')],
  );
  const article = (id: string, title: string) => record({ source: 'pubmed', nativeId: id, recordType: 'article', title, text: '' });
  return buildDossier({
    request: request({ disease_id: 'pso', sources: ['pubmed'], candidate_type: 'drugs', question: 'Which drugs show the strongest evidence of efficacy in psoriasis?' }),
    disease: PSO, graph, runId: 'r', startedAt: '2026-01-01T00:00:00Z', completedAt: '2026-01-01T00:00:01Z',
    llm: { status: 'disabled', model: null, warnings: [] },
    sourceRuns: [run('pubmed', [article('PMC5120636', FOAM), article('PMC5385703', CREAM)])],
  });
}

describe('salt and ester forms are their parent drug in a dossier', function () {
  it('the service\'s one salt rule names the parent of ester and counter-ion forms ChEMBL and DrugBank list', function () {
    expect(saltParentName('BETAMETHASONE DIPROPIONATE')).to.equal('betamethasone');
    expect(saltParentName('Fluticasone furoate')).to.equal('fluticasone');
    expect(saltParentName('VILANTEROL TRIFENATATE')).to.equal('vilanterol');
    expect(saltParentName('BETAMETHASONE SODIUM PHOSPHATE')).to.equal('betamethasone');
    expect(saltParentName('Betamethasone')).to.equal(null);
  });

  it('ranks Betamethasone once, citing both records, not "Betamethasone dipropionate" beside it', function () {
    const d = dossier('drug:betamethasone');
    const labels = d.drug_rankings.map((r) => r.label);
    expect(labels).to.include('Betamethasone');
    expect(labels).to.not.include('Betamethasone dipropionate');
    const beta = d.drug_rankings.find((r) => r.label === 'Betamethasone')!;
    const claimIds = new Set([...beta.supporting_claim_ids, ...beta.contradicting_claim_ids]);
    const cited = new Set(d.claims.filter((c) => claimIds.has(c.claim_id)).flatMap((c) => c.evidence_ids));
    expect(d.evidence.filter((e) => cited.has(e.evidence_id)).map((e) => e.native_id).sort()).to.deep.equal(['PMC5120636', 'PMC5385703']);
    // The foam record names both forms (the title's ester, the calcipotriol one): it is one record for Betamethasone.
    expect(d.claims.filter((c) => c.subject.id === 'drug:betamethasone' && c.evidence_ids.length === 1 && c.evidence_ids[0] === d.evidence.find((e) => e.native_id === 'PMC5120636')!.evidence_id && c.outcome_reading !== 'other_outcome').length).to.equal(1);
  });

  it('an indication curated on the ester form is the drug\'s (the form is named in linked_by)', function () {
    const d = dossier('drug:betamethasone_dipropionate');
    const beta = d.drug_rankings.find((r) => r.label === 'Betamethasone')!;
    expect(beta.explanation).to.include('Curated indication (');
    const explanation = d.graph_explanations.find((g) => g.candidate_id === beta.candidate_id)!;
    expect(explanation.status).to.equal('found');
    expect(explanation.path!.nodes[0]!.label).to.equal('Betamethasone');
    expect(explanation.linked_by).to.include('Betamethasone dipropionate');
  });

  it('leaves a form alone when its parent is not a drug of the dossier ("Magnesium Sulfate" without "Magnesium")', function () {
    const claim = (id: string, drug: string, label: string): Claim => ({
      claim_id: id, subject: { id: drug, label, kind: 'drug' }, relationship: 'associated_with', object: { id: 'disease:asthma', label: 'asthma', kind: 'disease' },
      statement: '', evidence_ids: [`ev_${id}`], citations: [], origin: 'deterministic',
    });
    const claims = [claim('c1', 'drug:magnesium_sulfate', 'Magnesium Sulfate'), claim('c2', 'drug:salbutamol', 'Salbutamol')];
    const merged = mergeSaltForms(claims);
    expect(merged.claims.map((c) => c.subject.label)).to.deep.equal(['Magnesium Sulfate', 'Salbutamol']);
    expect(merged.forms.size).to.equal(0);
  });
});
