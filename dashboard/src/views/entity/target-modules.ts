// A target's module results: the compounds acting on the gene (GET /api/repurpose/gene/{id}: DrugCentral
// TARGETS with their action, BindingDB BINDS ≤ 1 µM with the affinity) and, with a disease, whether the
// gene is associated with it; each compound linked to its entity page.
import { api } from '../../core/api';
import { Child, emptySection, formatScore, h } from '../../core/dom';
import { entityHref } from '../../core/entity-links';

interface ActingCompound {
  compound: { id: string; name: string };
  targets: { actions: string[]; claims: number } | null;
  binds: { affinity_nM: number | null; claims: number } | null;
  known_indication: boolean;
  palliates: boolean;
}
interface RepurposeAnswer {
  gene: { id: string; symbol: string };
  compounds_total: number;
  compounds: ActingCompound[];
  disease_link?: { gene_associated: boolean; disease_genes: number } | null;
  disease?: { curie: string; label: string } | null;
  method: string;
}

export async function actingDrugs(nodeId: string, disease: string | null, signal: AbortSignal): Promise<Child> {
  const answer = await api.get<RepurposeAnswer>(`/api/repurpose/gene/${encodeURIComponent(nodeId)}`, { query: { disease_id: disease }, signal });
  const link = answer.disease_link && answer.disease
    ? h('p', null, `${answer.gene.symbol} is ${answer.disease_link.gene_associated ? '' : 'not '}among the ${answer.disease_link.disease_genes} genes associated with ${answer.disease.label} (GWAS Catalog).`)
    : null;
  if (answer.compounds.length === 0) return [link, emptySection('no compound acts on this gene in the imported data')];
  return [link, h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'acting-drugs' },
    h('thead', null, h('tr', null, ['Compound', 'Action (DrugCentral)', 'Affinity (BindingDB)', `Indicated for ${answer.disease?.label ?? 'the disease'}`].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', null, answer.compounds.map((c) => h('tr', { 'data-testid': 'acting-drug', 'data-node': c.compound.id },
      h('td', null, h('a', { href: entityHref(c.compound.id, { disease: disease ?? undefined }), class: 'entity-link' }, c.compound.name)),
      h('td', null, c.targets ? c.targets.actions.join(', ') || 'target' : '—'),
      h('td', null, c.binds?.affinity_nM != null ? `${formatScore(c.binds.affinity_nM, 1)} nM` : '—'),
      h('td', null, c.known_indication ? 'yes' : c.palliates ? 'palliates' : 'no')))))),
    h('p', { class: 'muted small' }, `${answer.compounds_total} compounds. ${answer.method}`)];
}
