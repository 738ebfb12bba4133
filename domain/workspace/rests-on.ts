// What a dossier rests on, said first (issue 28 "honest at first sight"): the dossier JSON, its HTML, the
// review bundle's review.md and the dashboard open with it whenever the evidence is not real and complete —
// synthetic example records, the curated seed graph instead of the knowledge graph of active snapshots, the
// offline corpus or cached answers instead of the providers, and sources that failed or were skipped.
import type { EvidenceItem, RestsOn } from './dossier-types';

export type { RestsOn } from './dossier-types';
import type { SourceStatus } from './sources';

export function restsOn(statuses: readonly SourceStatus[], items: readonly EvidenceItem[], graphResources: readonly string[] | undefined): RestsOn {
  const used = (s: SourceStatus) => s.status !== 'skipped' && s.status !== 'error';
  const offline = statuses.filter((s) => used(s) && s.retrieval_mode === 'offline').map((s) => ({ source: s.source, read_at: s.retrieved_at }));
  const cached = statuses.filter((s) => used(s) && s.retrieval_mode === 'cache').map((s) => s.source);
  const failed = statuses.filter((s) => s.status === 'error').map((s) => s.source);
  const skipped = statuses.filter((s) => s.status === 'skipped').map((s) => s.source);
  const synthetic = items.filter((i) => i.provenance?.synthetic === true).length;
  const graph = graphResources ? { kind: 'knowledge_graph' as const, resources: [...new Set(graphResources)].sort() } : { kind: 'curated_seed' as const, resources: [] };

  const parts: string[] = [];
  if (items.length > 0 && synthetic === items.length) parts.push(`All ${items.length} evidence records are synthetic examples: this dossier shows how the method works, not what is known`);
  else if (synthetic > 0) parts.push(`${synthetic} of ${items.length} evidence records are synthetic examples and count toward no confidence band`);
  if (offline.length > 0) parts.push(`the bundled offline corpus answered ${offline.map((o) => o.source).join(', ')} (read ${offline[0]!.read_at.slice(0, 10)}; the corpus records no mirror date), not the providers' current data`);
  if (cached.length > 0) parts.push(`cached provider answers used for ${cached.join(', ')}`);
  if (failed.length > 0) parts.push(`sources that failed: ${failed.join(', ')} — their evidence is missing`);
  if (skipped.length > 0) parts.push(`sources skipped: ${skipped.join(', ')}`);
  if (graph.kind === 'curated_seed') parts.push('paths come from the curated seed graph, not the knowledge graph of active snapshots');
  const real = parts.length === 0;
  const headline = real
    ? `Rests on ${items.length} real record${items.length === 1 ? '' : 's'} from every requested source, answered live, and the knowledge graph of ${graph.resources.join(', ') || 'the active snapshots'}.`
    : `Not real, complete evidence: ${parts.join('; ')}.`.replace(/^Not real, complete evidence: (.)/, (_, c: string) => `Not real, complete evidence: ${c.toLowerCase()}`);
  return { real_and_complete: real, headline, records: items.length, synthetic_records: synthetic, graph, offline_sources: offline, cached_sources: cached, failed_sources: failed, skipped_sources: skipped };
}
