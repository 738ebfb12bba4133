// Test helpers for the Workspace pipeline: a tiny in-memory GraphView, a disease module, a small SLE
// graph, and builders for source records and runs.
import type { DiseaseModule } from '../../../domain/diseases/disease-module';
import type { EdgeRelation, GraphEdge, GraphNode, NodeKind } from '../../../domain/kg/graph-data';
import type { GraphPath, GraphView, PathQuery } from '../../../domain/kg/graph-view';
import type { ResearchRequest } from '../../../domain/workspace/dossier-types';
import type { SourceRun } from '../../../domain/workspace/normalize';
import type { RetrievalMode, SourceName, SourceRecord, SourceStatus } from '../../../domain/workspace/sources';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Breadth-first, undirected, deterministic (edges in insertion order). */
export class InMemoryGraph implements GraphView {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges: GraphEdge[];

  constructor(nodes: GraphNode[], edges: GraphEdge[]) {
    for (const n of nodes) this.nodes.set(n.id, n);
    this.edges = edges.filter((e) => this.nodes.has(e.source) && this.nodes.has(e.target));
  }

  node(id: string): GraphNode | undefined {
    return this.nodes.get(id);
  }

  size(): { nodes: number; edges: number } {
    return { nodes: this.nodes.size, edges: this.edges.length };
  }

  resolve(name: string, kind?: NodeKind): GraphNode | undefined {
    const wanted = name.trim().toLowerCase();
    for (const n of this.nodes.values()) {
      if (kind && n.kind !== kind) continue;
      if ([n.label, ...(n.synonyms ?? [])].some((s) => s.toLowerCase() === wanted)) return n;
    }
    return undefined;
  }

  mentionedIn(text: string, kinds: readonly NodeKind[]): GraphNode[] {
    const found: GraphNode[] = [];
    for (const n of this.nodes.values()) {
      if (!kinds.includes(n.kind)) continue;
      const names = [n.label, ...(n.synonyms ?? [])];
      if (names.some((s) => new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(s)}($|[^A-Za-z0-9])`, 'i').test(text))) found.push(n);
    }
    return found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  findPath(query: PathQuery): GraphPath | undefined {
    const maxHops = query.maxHops ?? 4;
    const allowed = (r: EdgeRelation) => !query.relations || query.relations.includes(r);
    if (!this.nodes.has(query.from) || !this.nodes.has(query.to)) return undefined;
    const previous = new Map<string, { node: string; edge: GraphEdge } | null>([[query.from, null]]);
    let frontier = [query.from];
    for (let hop = 0; hop < maxHops && frontier.length > 0 && !previous.has(query.to); hop++) {
      const next: string[] = [];
      for (const current of frontier) {
        for (const edge of this.edges) {
          if (!allowed(edge.relation)) continue;
          const other = edge.source === current ? edge.target : edge.target === current ? edge.source : undefined;
          if (other === undefined || previous.has(other)) continue;
          previous.set(other, { node: current, edge });
          next.push(other);
        }
      }
      frontier = next;
    }
    if (!previous.has(query.to)) return undefined;
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    let at: string = query.to;
    for (;;) {
      nodes.unshift(this.nodes.get(at)!);
      const step = previous.get(at);
      if (!step) break;
      edges.unshift(step.edge);
      at = step.node;
    }
    return { nodes, edges };
  }
}

export const SLE: DiseaseModule = {
  id: 'sle',
  name: 'Systemic lupus erythematosus',
  synonyms: ['SLE', 'lupus'],
  mondo_id: 'MONDO:0007915',
  efo_id: 'EFO_0002690',
  search: {
    pubmed: { terms: ['systemic lupus erythematosus'] },
    clinical_trials: { condition: 'Systemic Lupus Erythematosus' },
    gwas: { efo_traits: ['EFO_0002690'] },
    fda_labels: { indication_terms: ['lupus'] },
    opentargets: { efo_id: 'EFO_0002690' },
    gtex: { tissues: ['Whole Blood'], genes: ['TLR7'] },
    chembl: { target_genes: ['TLR7'] },
  },
  kg_seeds: { disease_node: 'disease:sle' },
};

export function sleGraph(): InMemoryGraph {
  const n = (id: string, kind: NodeKind, label: string, synonyms?: string[]): GraphNode => ({ id, kind, label, ...(synonyms ? { synonyms } : {}) });
  const e = (source: string, relation: EdgeRelation, target: string, provenance: string): GraphEdge => ({ source, target, relation, provenance });
  return new InMemoryGraph(
    [
      n('disease:sle', 'disease', 'Systemic lupus erythematosus', ['SLE', 'lupus']),
      n('drug:hydroxychloroquine', 'drug', 'Hydroxychloroquine', ['Plaquenil', 'HCQ']),
      n('drug:belimumab', 'drug', 'Belimumab', ['Benlysta']),
      n('drug:anifrolumab', 'drug', 'Anifrolumab', ['Saphnelo']),
      n('drug:rituximab', 'drug', 'Rituximab', ['Rituxan']),
      n('drug:orphanol', 'drug', 'Orphanol'),
      n('target:TLR7', 'target', 'TLR7'),
      n('target:TNFSF13B', 'target', 'TNFSF13B', ['BAFF', 'BLyS']),
      n('target:IFNAR1', 'target', 'IFNAR1'),
      n('target:IRF5', 'target', 'IRF5'),
      n('target:MS4A1', 'target', 'MS4A1', ['CD20']),
      n('pathway:R-HSA-168181', 'pathway', 'Toll Like Receptor 7/8 (TLR7/8) Cascade'),
      n('phenotype:HP:0001369', 'phenotype', 'Arthritis'),
    ],
    [
      e('drug:hydroxychloroquine', 'targets', 'target:TLR7', 'ChEMBL mechanism CHEMBL1535'),
      e('target:TLR7', 'participates_in', 'pathway:R-HSA-168181', 'Reactome R-HSA-168181'),
      e('pathway:R-HSA-168181', 'implicated_in', 'disease:sle', 'Reactome disease annotation'),
      e('drug:belimumab', 'targets', 'target:TNFSF13B', 'ChEMBL mechanism CHEMBL1201835'),
      e('drug:belimumab', 'treats', 'disease:sle', 'FDA label Benlysta'),
      e('target:TNFSF13B', 'associated_with', 'disease:sle', 'Open Targets EFO_0002690'),
      e('drug:anifrolumab', 'targets', 'target:IFNAR1', 'ChEMBL mechanism CHEMBL3707314'),
      e('target:IFNAR1', 'associated_with', 'disease:sle', 'Open Targets EFO_0002690'),
      e('target:IRF5', 'associated_with', 'disease:sle', 'GWAS Catalog GCST003156'),
      e('drug:rituximab', 'targets', 'target:MS4A1', 'ChEMBL mechanism CHEMBL1201576'),
      e('disease:sle', 'has_phenotype', 'phenotype:HP:0001369', 'HPO annotation'),
    ],
  );
}

export function record(partial: Partial<SourceRecord> & Pick<SourceRecord, 'source' | 'nativeId' | 'recordType'>): SourceRecord {
  return {
    title: `Record ${partial.nativeId}`,
    url: '',
    text: '',
    published: null,
    ...partial,
    structured: { drugs: [], targets: [], pathways: [], ...partial.structured },
    attributes: { ...partial.attributes },
  };
}

export function status(source: SourceName, recordCount: number, overrides: Partial<SourceStatus> = {}): SourceStatus {
  return {
    source,
    status: 'ok',
    record_count: recordCount,
    query_terms: [`${source} systemic lupus erythematosus`],
    retrieval_mode: 'offline' as RetrievalMode,
    warning: null,
    retrieved_at: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

export function run(source: SourceName, records: SourceRecord[], overrides: Partial<SourceStatus> = {}): SourceRun {
  return { status: status(source, records.length, overrides), records };
}

export function request(overrides: Partial<ResearchRequest> = {}): ResearchRequest {
  return {
    disease_id: 'sle',
    question: 'Which drugs and targets are promising for SLE?',
    sources: ['pubmed', 'clinical_trials', 'gwas', 'fda_labels', 'opentargets', 'gtex', 'biorxiv', 'chembl'],
    date_from: null,
    date_to: null,
    candidate_type: 'both',
    max_evidence: 50,
    enable_llm: true,
    ...overrides,
  };
}

/** A synthetic corpus covering every source and rule. */
export function syntheticRuns(): SourceRun[] {
  return [
    run('pubmed', [
      record({
        source: 'pubmed', nativeId: '11111111', recordType: 'article', published: '2021-03-01',
        title: 'Belimumab in active systemic lupus erythematosus: a randomised trial',
        text: 'Belimumab significantly reduced disease activity compared with placebo. Adverse events were similar.',
        attributes: { publicationTypes: ['Journal Article', 'Randomized Controlled Trial'] },
      }),
      record({
        source: 'pubmed', nativeId: '22222222', recordType: 'article', published: '2012-05-10',
        title: 'Rituximab in lupus nephritis',
        text: 'Rituximab did not improve renal outcomes at 52 weeks. The trial failed to meet its primary endpoint.',
        attributes: { publicationTypes: ['Randomized Controlled Trial'] },
      }),
      record({
        source: 'pubmed', nativeId: '33333333', recordType: 'article', published: '2019-01-01',
        title: 'IRF5 risk variants and interferon signature in lupus',
        text: 'Carriers of IRF5 risk alleles showed higher interferon scores.',
        attributes: { publicationTypes: ['Journal Article'] },
      }),
      record({
        source: 'pubmed', nativeId: '44444444', recordType: 'article', published: '2018-06-01',
        title: 'Hydroxychloroquine retinal toxicity: a case report',
        text: 'A patient on HCQ developed maculopathy.',
        attributes: { publicationTypes: ['Case Reports'] },
      }),
    ]),
    run('clinical_trials', [
      record({
        source: 'clinical_trials', nativeId: 'NCT00000001', recordType: 'clinical_trial', published: '2010-01-15',
        title: 'Belimumab phase 3 study in SLE', text: 'A phase 3 study of belimumab.',
        structured: { drugs: ['Belimumab'], targets: [], pathways: [] },
        attributes: { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: true, enrollment: 865 },
      }),
      record({
        source: 'clinical_trials', nativeId: 'NCT00000002', recordType: 'clinical_trial', published: '2016-02-01',
        title: 'Anifrolumab in SLE (TULIP)', text: 'Type I interferon receptor antibody.',
        structured: { drugs: ['Anifrolumab'], targets: [], pathways: [] },
        attributes: { phase: 'PHASE3', status: 'COMPLETED' },
      }),
      record({
        source: 'clinical_trials', nativeId: 'NCT00000003', recordType: 'clinical_trial', published: '2008-03-01',
        title: 'Rituximab in SLE', text: 'The study was terminated due to lack of efficacy at the interim analysis.',
        structured: { drugs: ['Rituxan'], targets: [], pathways: [] },
        attributes: { phase: 'PHASE2/PHASE3', status: 'TERMINATED' },
      }),
      record({
        source: 'clinical_trials', nativeId: 'NCT00000004', recordType: 'clinical_trial', published: '2022-09-01',
        title: 'Hydroxychloroquine dosing in SLE', text: 'Dose comparison.',
        structured: { drugs: ['Plaquenil'], targets: [], pathways: [] },
        attributes: { phase: 'PHASE4', status: 'RECRUITING' },
      }),
      record({
        source: 'clinical_trials', nativeId: 'NCT00000005', recordType: 'clinical_trial', published: '2014-04-01',
        title: 'Tabalumab in SLE', text: 'Tabalumab versus placebo.',
        structured: { drugs: ['Tabalumab'], targets: [], pathways: [] },
        attributes: { phase: 'PHASE3', status: 'COMPLETED', outcomeMet: false },
      }),
    ]),
    run('gwas', [
      record({
        source: 'gwas', nativeId: 'GCST-IRF5', recordType: 'gwas_association', published: '2015-07-01',
        title: 'IRF5 association with SLE', url: 'https://www.ebi.ac.uk/gwas/associations/1',
        structured: { drugs: [], targets: ['IRF5'], pathways: [] }, attributes: { pValue: 1e-20 },
      }),
      record({
        source: 'gwas', nativeId: 'GCST-TLR7', recordType: 'gwas_association', published: '2016-07-01',
        title: 'TLR7 association with SLE', url: 'https://www.ebi.ac.uk/gwas/associations/2',
        structured: { drugs: [], targets: ['TLR7'], pathways: ['Toll Like Receptor 7/8 (TLR7/8) Cascade'] }, attributes: { pValue: 3e-9 },
      }),
    ]),
    run('fda_labels', [
      record({
        source: 'fda_labels', nativeId: 'b1e2c3d4-0000-4000-8000-000000000001', recordType: 'drug_label', published: '2011-03-09',
        title: 'BENLYSTA (belimumab) label', text: 'Indicated for active, autoantibody-positive systemic lupus erythematosus.',
        url: 'https://dailymed.nlm.nih.gov/dailymed/lookup.cfm?setid=b1e2c3d4-0000-4000-8000-000000000001',
        structured: { drugs: ['Benlysta'], targets: [], pathways: [] }, attributes: { indicationMatch: true },
      }),
    ]),
    run('opentargets', [
      record({
        source: 'opentargets', nativeId: 'ENSG00000102524-EFO_0002690', recordType: 'target_association',
        title: 'TNFSF13B – SLE', url: 'https://platform.opentargets.org/evidence/ENSG00000102524/EFO_0002690',
        structured: { drugs: [], targets: ['BAFF'], pathways: [] }, attributes: { associationScore: 0.8 },
      }),
      record({
        // Open Targets clinical evidence for the same trial as NCT00000001: a duplicate.
        source: 'opentargets', nativeId: 'NCT00000001', recordType: 'target_association',
        title: 'Belimumab clinical evidence', url: 'https://clinicaltrials.gov/study/NCT00000001',
        structured: { drugs: [], targets: ['TNFSF13B'], pathways: [] }, attributes: { associationScore: 0.7 },
      }),
    ]),
    run('gtex', [
      record({
        source: 'gtex', nativeId: 'TLR7-Whole_Blood', recordType: 'expression', title: 'TLR7 expression in Whole Blood',
        url: 'https://gtexportal.org/home/gene/TLR7', structured: { drugs: [], targets: ['TLR7'], pathways: [] },
        attributes: { medianTpm: 25.3, tissue: 'Whole Blood' },
      }),
    ]),
    run('biorxiv', [], { status: 'skipped', warning: 'no search configuration for this disease', retrieval_mode: null, query_terms: [] }),
    run('chembl', [
      record({
        source: 'chembl', nativeId: 'CHEMBL1535', recordType: 'bioactivity', title: 'Hydroxychloroquine activity on TLR7',
        url: 'https://www.ebi.ac.uk/chembl/compound_report_card/CHEMBL1535/',
        structured: { drugs: ['Hydroxychloroquine'], targets: ['TLR7'], pathways: [] }, attributes: { pchembl: 6.2 },
      }),
      record({
        source: 'chembl', nativeId: 'CHEMBL1201835', recordType: 'bioactivity', title: 'Belimumab binding to BAFF',
        url: 'https://www.ebi.ac.uk/chembl/compound_report_card/CHEMBL1201835/',
        structured: { drugs: ['Belimumab'], targets: ['TNFSF13B'], pathways: [] }, attributes: { pchembl: 9.1 },
      }),
    ]),
  ];
}
