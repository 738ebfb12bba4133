// The diseases a cross-disease comparison takes: the registry's valid modules (in registry order, by id)
// whose MONDO node is in the knowledge graph and has at least one gene (GWAS ASSOCIATES edges), one per
// node, capped at max_diseases. Every module left out is counted by reason, with a few example ids.
import { diseaseGenes } from '../../../domain/knowledge-graph/gene-sets';
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { AnalysisDeps } from '../analysis-module';

export interface PanelDisease { node: number; curie: string; label: string; module_id: string; genes: number[] }

const REASONS = ['invalid_module', 'not_in_graph', 'no_genes', 'same_node_as_earlier_module', 'beyond_max_diseases'] as const;
type Reason = (typeof REASONS)[number];
const EXAMPLES = 5;

export interface DiseasePanel {
  diseases: PanelDisease[];
  summary: {
    registry_modules: number;
    compared: number;
    left_out: Record<Reason, number>;
    left_out_examples: Record<Reason, string[]>;
    rule: string;
  };
}

export const PANEL_RULE = 'the registry\'s valid disease modules, in registry (id) order, whose MONDO node is in the knowledge graph and has at least '
  + 'one GWAS gene (ASSOCIATES), one module per node, the first max_diseases of them';

export function diseasePanel(diseases: AnalysisDeps['diseases'], g: TypedKnowledgeGraph, maxDiseases: number): DiseasePanel {
  const left_out = Object.fromEntries(REASONS.map((r) => [r, 0])) as Record<Reason, number>;
  const left_out_examples = Object.fromEntries(REASONS.map((r) => [r, [] as string[]])) as Record<Reason, string[]>;
  const leave = (reason: Reason, id: string) => {
    left_out[reason]++;
    if (left_out_examples[reason].length < EXAMPLES) left_out_examples[reason].push(id);
  };
  const taken = new Map<number, string>();
  const out: PanelDisease[] = [];
  const entries = diseases.list();
  for (const entry of entries) {
    if (!entry.module) { leave('invalid_module', entry.id); continue; }
    const node = g.lookup(entry.module.mondo_id);
    if (node === undefined || g.typeOf(node) !== 'Disease') { leave('not_in_graph', entry.id); continue; }
    if (taken.has(node)) { leave('same_node_as_earlier_module', entry.id); continue; }
    const genes = diseaseGenes(g, node);
    if (genes.length === 0) { leave('no_genes', entry.id); continue; }
    taken.set(node, entry.id);
    if (out.length >= maxDiseases) { leave('beyond_max_diseases', entry.id); continue; }
    out.push({ node, curie: g.id(node), label: g.label(node), module_id: entry.id, genes });
  }
  return { diseases: out, summary: { registry_modules: entries.length, compared: out.length, left_out, left_out_examples, rule: PANEL_RULE } };
}

/** Fewer than two diseases: nothing to compare (the data, not the request, is missing). */
export function panelTooSmall(panel: DiseasePanel): string | null {
  if (panel.diseases.length >= 2) return null;
  const { left_out } = panel.summary;
  return `cross-disease comparison needs at least two registry diseases with GWAS genes in the knowledge graph of the active snapshots; `
    + `found ${panel.diseases.length} of ${panel.summary.registry_modules} modules (not in the graph: ${left_out.not_in_graph}, no genes: ${left_out.no_genes}, `
    + `invalid: ${left_out.invalid_module}): import gwas_catalog (and the disease ontologies that map its DOIDs to MONDO)`;
}

export const diseaseRef = (d: PanelDisease) => ({ curie: d.curie, label: d.label, module_id: d.module_id });
export const geneRef = (g: TypedKnowledgeGraph, node: number) => ({ id: g.id(node), symbol: g.label(node) });
