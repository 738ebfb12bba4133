// Per-source evidence tables of one candidate, as the Open Targets Platform's evidence page lays them out
// (Ochoa et al., Nucleic Acids Res 2023;51:D1353: one table per data source under the association heatmap).
// For the target or drug chosen, the dossier's records about it — those its supporting and contradicting
// claims rest on, and those that name it — grouped by source (GWAS, literature, trials, drugs/labels,
// associations, expression) and its knowledge-graph explanations; each group a sortable, filterable table with
// the columns a researcher reads (record id linked to the provider where the record is real, title, effect
// reading, quality score, snapshot/provenance, synthetic badge), TSV/JSON of exactly what is shown (headed by
// what the dossier rests on), and "API query": the request the rows come from. A group with no record says so
// (absence, not a low score); pathways are a module result, not dossier evidence, and the page says that.
import { dataTable, type Column } from '../../core/data-table';
import { h, replace } from '../../core/dom';
import { tableExports, type ShownTable } from '../analysis/table-export';
import type { RestsOnLine } from '../analysis/rests-on';
import type { Claim, Dossier, EvidenceItem, GraphExplanation, Ranking } from './dossier-model';
import { sourceLink } from './evidence-section';
import { outcomeCell, outcomeClass, provenanceBadges, provenanceMode } from './provenance-badges';

/** The source groups, in Open Targets' order of data types; each names the dossier sources it holds. */
export const SOURCE_GROUPS: readonly { key: string; label: string; sources: readonly string[] }[] = [
  { key: 'gwas', label: 'GWAS', sources: ['gwas'] },
  { key: 'literature', label: 'Literature', sources: ['pubmed', 'biorxiv'] },
  { key: 'trials', label: 'Trials', sources: ['clinical_trials'] },
  { key: 'drugs', label: 'Drugs and labels', sources: ['fda_labels', 'chembl'] },
  { key: 'associations', label: 'Target associations (Open Targets)', sources: ['opentargets'] },
  { key: 'expression', label: 'Expression', sources: ['gtex'] },
];

/** The dossier's records about a candidate: its claims' records, then those that name it, in dossier order. */
export function candidateEvidence(dossier: Pick<Dossier, 'evidence' | 'claims'>, ranking: Pick<Ranking, 'candidate_id' | 'supporting_claim_ids' | 'contradicting_claim_ids'>): EvidenceItem[] {
  const claimIds = new Set([...ranking.supporting_claim_ids, ...ranking.contradicting_claim_ids]);
  const viaClaims = new Set(dossier.claims.filter((c: Claim) => claimIds.has(c.claim_id)).flatMap((c) => c.evidence_ids));
  return dossier.evidence.filter((e) => viaClaims.has(e.evidence_id)
    || (e.entities?.drugs ?? []).includes(ranking.candidate_id) || (e.entities?.targets ?? []).includes(ranking.candidate_id));
}

/** What the dossier rests on, as the "# " head of every export of these tables. */
function restsOn(dossier: Dossier): RestsOnLine[] {
  return dossier.rests_on && !dossier.rests_on.real_and_complete ? [{ kind: 'partial', text: dossier.rests_on.headline }] : [];
}

const isSynthetic = (e: EvidenceItem) => e.provenance?.synthetic === true;
const snapshot = (e: EvidenceItem) => (e.provenance?.snapshot_id ? `${provenanceMode(e)} ${e.provenance.snapshot_id}` : provenanceMode(e));

const RECORD_COLUMNS: Column<EvidenceItem>[] = [
  { label: 'Record', cell: (e) => (isSynthetic(e) ? h('span', null, e.native_id) : sourceLink(e.url, e.native_id)), sort: (e) => e.native_id },
  { label: 'Title', cell: (e) => e.title || '—', sort: (e) => e.title.toLowerCase(), className: 'record' },
  { label: 'Effect reading', cell: outcomeCell, sort: outcomeClass, className: 'outcome-col' },
  { label: 'Score', cell: (e) => e.quality_score.toFixed(2), sort: (e) => e.quality_score },
  { label: 'Snapshot / provenance', cell: (e) => h('div', { class: 'badges' }, provenanceBadges(e), e.provenance?.snapshot_id ? h('div', { class: 'muted small' }, e.provenance.snapshot_id) : null), sort: snapshot },
];

/** A record as its export row: the cells as the table reads them. */
function recordRow(e: EvidenceItem): Record<string, string> {
  return {
    record: e.native_id, url: isSynthetic(e) ? '' : e.url, title: e.title, effect: outcomeClass(e), statement: e.outcome?.statement ?? '',
    score: e.quality_score.toFixed(2), provenance: snapshot(e), synthetic: isSynthetic(e) ? 'yes' : 'no',
  };
}
const RECORD_EXPORT = ['record', 'url', 'title', 'effect', 'statement', 'score', 'provenance', 'synthetic'];

function recordGroup(group: (typeof SOURCE_GROUPS)[number], rows: EvidenceItem[], dossier: Dossier, candidate: Ranking): HTMLElement {
  let shown: EvidenceItem[] = rows;
  const name = `evidence-${group.key}-${candidate.candidate_id.replace(/[^A-Za-z0-9_-]+/g, '_')}-${dossier.run_id}`;
  return h('section', { class: 'source-group', 'data-testid': 'source-group', 'data-group': group.key, 'aria-label': `${group.label} evidence` },
    h('h3', null, `${group.label} (${rows.length})`),
    rows.length === 0
      ? h('p', { class: 'muted small', 'data-testid': 'source-group-empty' }, `No ${group.label.toLowerCase()} record about ${candidate.label} in this dossier (${group.sources.join(', ')}): no evidence of this type, not a low score.`)
      : h('div', null,
        dataTable<EvidenceItem>({
          testId: `source-table-${group.key}`, caption: `${group.label} evidence about ${candidate.label}`, rows,
          facets: [{ key: 'effect', label: 'Effect', value: outcomeClass }, { key: 'mode', label: 'Provenance', value: provenanceMode }],
          text: (e) => [e.native_id, e.title, e.outcome?.statement ?? ''].join(' '),
          rowAttrs: (e) => ({ 'data-testid': 'source-row', 'data-record': e.native_id, 'data-evidence': e.evidence_id }),
          columns: [...RECORD_COLUMNS, { label: 'Synthetic', cell: (e) => (isSynthetic(e) ? h('span', { class: 'tag synthetic' }, 'synthetic') : 'real'), sort: (e) => (isSynthetic(e) ? 1 : 0) }],
          onShown: (now) => { shown = now; },
        }),
        tableExports((): ShownTable => ({ columns: RECORD_EXPORT, rows: shown.map(recordRow) }), name, restsOn(dossier))));
}

function graphGroup(explanations: GraphExplanation[], dossier: Dossier, candidate: Ranking): HTMLElement {
  let shown = explanations;
  const pathText = (g: GraphExplanation) => (g.path ? g.path.nodes.map((n) => n.label || n.id).join(' → ') : g.reason ?? 'no path found');
  const row = (g: GraphExplanation) => ({ explanation: g.explanation_id, status: g.status, path: pathText(g), graph: g.graph ?? '', cross_disease: g.cross_disease ? 'yes' : 'no' });
  return h('section', { class: 'source-group', 'data-testid': 'source-group', 'data-group': 'graph', 'aria-label': 'Knowledge-graph evidence' },
    h('h3', null, `Knowledge graph (${explanations.length})`),
    explanations.length === 0
      ? h('p', { class: 'muted small', 'data-testid': 'source-group-empty' }, `No knowledge-graph explanation of ${candidate.label} in this dossier.`)
      : h('div', null,
        dataTable<GraphExplanation>({
          testId: 'source-table-graph', caption: `Knowledge-graph explanations of ${candidate.label}`, rows: explanations,
          facets: [{ key: 'status', label: 'Status', value: (g) => g.status }],
          text: pathText,
          rowAttrs: (g) => ({ 'data-testid': 'source-row', 'data-record': g.explanation_id }),
          columns: [
            { label: 'Explanation', cell: (g) => g.explanation_id, sort: (g) => g.explanation_id },
            { label: 'Path', cell: pathText, sort: pathText, className: 'record' },
            { label: 'Status', cell: (g) => g.status.replace(/_/g, ' '), sort: (g) => g.status },
            { label: 'Graph', cell: (g) => (g.graph === 'curated' ? 'curated seed graph' : g.graph === 'knowledge_graph' ? 'knowledge graph (active snapshots)' : '—'), sort: (g) => g.graph ?? '' },
          ],
          onShown: (now) => { shown = now; },
        }),
        tableExports(() => ({ columns: ['explanation', 'status', 'path', 'graph', 'cross_disease'], rows: shown.map(row) }),
          `evidence-graph-${candidate.candidate_id.replace(/[^A-Za-z0-9_-]+/g, '_')}-${dossier.run_id}`, restsOn(dossier))));
}

function apiQuery(dossier: Dossier, candidate: Ranking): HTMLElement {
  const path = `/api/workspace/runs/${encodeURIComponent(dossier.run_id)}`;
  const list = candidate.kind === 'drug' ? 'drug_rankings' : 'target_rankings';
  return h('details', { class: 'api-query', 'data-testid': 'source-api-query' }, h('summary', null, 'API query'),
    h('pre', { 'data-testid': 'source-api-query-request' }, `GET ${path}`),
    h('p', { class: 'small' }, `The rows: dossier.evidence[] whose evidence_id is in the evidence_ids of the claims named by `
      + `dossier.${list}[candidate_id="${candidate.candidate_id}"].supporting_claim_ids and contradicting_claim_ids, or whose entities name "${candidate.candidate_id}"; `
      + 'grouped by source. Graph: dossier.graph_explanations[] named by its graph_explanation_ids.'),
    h('pre', { class: 'small' }, `curl -H 'X-Researcher-ID: <you>' -H 'X-API-Key: <key>' '${location.origin}${path}'`));
}

export function sourceEvidenceSection(dossier: Dossier): HTMLElement | null {
  const candidates = [...dossier.target_rankings, ...dossier.drug_rankings];
  if (candidates.length === 0) return null;
  const select = h('select', { id: 'source-evidence-candidate', 'data-testid': 'source-evidence-candidate' },
    candidates.map((c) => h('option', { value: c.candidate_id }, `${c.kind === 'drug' ? 'Drug' : 'Target'} #${c.rank}: ${c.label}`)));
  const body = h('div', { 'data-testid': 'source-evidence-body' });
  const draw = () => {
    const candidate = candidates.find((c) => c.candidate_id === select.value) ?? candidates[0]!;
    const records = candidateEvidence(dossier, candidate);
    const explanationIds = new Set(candidate.graph_explanation_ids);
    replace(body,
      h('p', { class: 'small muted', 'data-testid': 'source-evidence-summary' },
        `${records.length} record${records.length === 1 ? '' : 's'} about ${candidate.label} (${candidate.candidate_id}). Pathways are a module result, not dossier evidence: `,
        h('a', { href: '#analysis/pathway-enrichment' }, 'pathway enrichment'), '.'),
      SOURCE_GROUPS.map((g) => recordGroup(g, records.filter((e) => g.sources.includes(e.source)), dossier, candidate)),
      graphGroup(dossier.graph_explanations.filter((g) => explanationIds.has(g.explanation_id)), dossier, candidate),
      apiQuery(dossier, candidate));
  };
  select.addEventListener('change', draw);
  draw();
  return h('section', { class: 'panel', id: 'dossier-source-evidence', 'data-testid': 'source-evidence' },
    h('h2', null, 'Evidence by source'),
    h('label', { for: 'source-evidence-candidate' }, 'Target or drug '), select,
    body);
}
