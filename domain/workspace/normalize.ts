// Source records → evidence items (pure). Steps, all deterministic:
//   1. every record of every source run becomes a candidate item: stable evidence id
//      ("ev_" + 16 hex of SHA-256("<source>:<nativeId>")), canonical URL, snippet, quality, entities;
//   2. duplicates are merged: records sharing an identity (the same source id, or the same PMID,
//      NCT id or DOI in their native id / URL) collapse into the best one (highest quality score,
//      then source order of SOURCE_NAMES, then evidence id); the others are kept in also_found_in;
//   3. the date filter is applied (inclusive) to dated items; undated items are kept and counted;
//   4. items are sorted by quality score desc, then published date desc (undated last), then
//      evidence id, and cut to max_evidence.
import type { ClaimEntity, EvidenceItem } from './dossier-types';
import type { GraphView } from '../kg/graph-view';
import type { NodeKind } from '../kg/graph-data';
import { SOURCE_NAMES, type SourceName, type SourceRecord, type SourceStatus } from './sources';
import { assessQuality, type QualityAssessment } from './quality';
import { canonicalUrl, citationFor, identityKeys, type CitationContext } from './citations';
import { stableId } from './hashing';
import { unresolvedEntityId } from './entity-ids';

export { unresolvedEntityId } from './entity-ids';
import { linkEntities } from './entity-linking/link-entities';

/** One source's outcome as the pipeline receives it. */
export interface SourceRun {
  status: SourceStatus;
  records: SourceRecord[];
  /** `auto` mode fell back to the offline corpus because the provider was unreachable. */
  fallback?: boolean;
}

/** An evidence item together with what claims and ranking need from its records. */
export interface NormalizedEvidence {
  item: EvidenceItem;
  /** The kept record. */
  record: SourceRecord;
  /** Records merged into this one (other sources, or repeats). */
  duplicates: SourceRecord[];
  quality: QualityAssessment;
  /** Citation of the kept record first, then of each duplicate (distinct). */
  citations: string[];
  /** Entities with labels (resolved graph nodes, or the provider's name when the graph lacks it). */
  drugs: ClaimEntity[];
  targets: ClaimEntity[];
  pathways: ClaimEntity[];
  /** Entity ids taken from structured fields (not from text matching). */
  structuredIds: ReadonlySet<string>;
  /** An article's drugs named only as an active comparator (linker role), which are not its entities; absent: none. */
  comparators?: string[];
}

export interface NormalizeOptions {
  dateFrom: string | null;
  dateTo: string | null;
  maxEvidence: number;
  citation: CitationContext;
}

export interface NormalizeStats {
  received: number;
  duplicatesMerged: number;
  excludedByDate: number;
  /** Undated items kept although a date filter was set. */
  undatedKept: number;
  /** Items dropped by max_evidence. */
  truncated: number;
}

export interface NormalizeResult {
  evidence: NormalizedEvidence[];
  stats: NormalizeStats;
}

export const SNIPPET_MAX_LENGTH = 300;

export function evidenceId(source: SourceName, nativeId: string): string {
  return stableId('ev_', `${source}:${nativeId}`);
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Whitespace collapsed, at most `max` characters, cut at a word boundary with "…" when shortened. */
export function makeSnippet(text: string, max = SNIPPET_MAX_LENGTH): string {
  const flat = collapseWhitespace(text);
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = (lastSpace > 0 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.\-–—]+$/, '');
  return `${cut}…`;
}

/** YYYY-MM-DD (also the date part of a full ISO timestamp), else null. */
export function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(value.trim());
  return match ? match[1]! : null;
}

function resolveNames(names: readonly string[], kind: NodeKind, graph: GraphView): ClaimEntity[] {
  const out: ClaimEntity[] = [];
  for (const raw of names) {
    const name = collapseWhitespace(raw);
    if (!name) continue;
    const node = graph.resolve(name, kind);
    const entity: ClaimEntity = node && node.kind === kind
      ? { id: node.id, label: node.label, kind }
      : { id: unresolvedEntityId(kind, name), label: name, kind };
    if (entity.id === `${kind}:`) continue; // a name with no letters or digits
    if (!out.some((e) => e.id === entity.id)) out.push(entity);
  }
  return out;
}

function addUnique(list: ClaimEntity[], entity: ClaimEntity): void {
  if (!list.some((e) => e.id === entity.id)) list.push(entity);
}

interface Candidate {
  ne: NormalizedEvidence;
  sourceOrder: number;
}

function buildCandidate(record: SourceRecord, status: SourceStatus, graph: GraphView, citation: CitationContext): Candidate {
  const quality = assessQuality(record);
  const drugs = resolveNames(record.structured.drugs, 'drug', graph);
  const targets = resolveNames(record.structured.targets, 'target', graph);
  const pathways = resolveNames(record.structured.pathways, 'pathway', graph);
  const structuredIds = new Set([...drugs, ...targets, ...pathways].map((e) => e.id));
  const comparators: string[] = [];
  if (record.recordType === 'article' || record.recordType === 'preprint') {
    // Exact linking (docs/entity-linking.md); background and comparator drugs are not the record's drugs.
    const linked = linkEntities({ title: record.title, text: record.fullText ?? record.text }, graph);
    for (const e of linked.notStudied) if (e.role === 'comparator') comparators.push(e.name);
    for (const e of [...linked.drugs, ...linked.targets]) {
      const entity = e.nodeId ? { id: e.nodeId, label: e.name, kind: e.kind } : resolveNames([e.name], e.kind, graph)[0];
      if (entity) addUnique(e.kind === 'drug' ? drugs : targets, entity);
    }
  }
  const item: EvidenceItem = {
    evidence_id: evidenceId(record.source, record.nativeId),
    source: record.source,
    native_id: record.nativeId,
    also_found_in: [],
    // A synthetic example has no page at any provider: it is never linked.
    url: record.synthetic ? '' : canonicalUrl(record),
    title: collapseWhitespace(record.title),
    snippet: makeSnippet(record.text || record.title),
    published: isoDate(record.published),
    evidence_type: record.recordType,
    quality_tier: quality.tier,
    quality_score: quality.score,
    quality_rationale: quality.rationale,
    query_context: [...status.query_terms],
    retrieval_mode: status.retrieval_mode ?? 'live',
    retrieved_at: status.retrieved_at,
    provenance: {
      mode: status.snapshot_id ? 'mirror' : status.retrieval_mode === 'offline' ? 'offline_corpus' : status.retrieval_mode === 'cache' ? 'cache' : 'live',
      ...(status.snapshot_id ? { snapshot_id: status.snapshot_id } : {}),
      synthetic: record.synthetic === true, retrieved_at: status.retrieved_at,
    },
    entities: { drugs: drugs.map((d) => d.id), targets: targets.map((t) => t.id) },
  };
  return {
    ne: { item, record, duplicates: [], quality, citations: [citationFor(record, citation)], drugs, targets, pathways, structuredIds, ...(comparators.length > 0 ? { comparators } : {}) },
    sourceOrder: SOURCE_NAMES.indexOf(record.source),
  };
}

function preferred(a: Candidate, b: Candidate): number {
  return b.ne.item.quality_score - a.ne.item.quality_score
    || a.sourceOrder - b.sourceOrder
    || compareStrings(a.ne.item.evidence_id, b.ne.item.evidence_id)
    || compareStrings(a.ne.record.title, b.ne.record.title);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Evidence order: quality score desc, published desc (undated last), evidence id. */
export function compareEvidence(a: EvidenceItem, b: EvidenceItem): number {
  if (b.quality_score !== a.quality_score) return b.quality_score - a.quality_score;
  if (a.published !== b.published) {
    if (a.published === null) return 1;
    if (b.published === null) return -1;
    return a.published > b.published ? -1 : 1;
  }
  return compareStrings(a.evidence_id, b.evidence_id);
}

function find(parent: number[], i: number): number {
  let root = i;
  while (parent[root] !== root) root = parent[root]!;
  while (parent[i] !== root) {
    const next = parent[i]!;
    parent[i] = root;
    i = next;
  }
  return root;
}

function mergeGroup(members: Candidate[]): NormalizedEvidence {
  const [best, ...rest] = members;
  const ne = best!.ne;
  const seen = new Set([`${ne.record.source}:${ne.record.nativeId}`]);
  const query = new Set(ne.item.query_context);
  for (const other of rest) {
    const o = other.ne;
    ne.duplicates.push(o.record);
    for (const term of o.item.query_context) query.add(term);
    for (const c of o.citations) if (!ne.citations.includes(c)) ne.citations.push(c);
    for (const d of o.drugs) addUnique(ne.drugs, d);
    for (const t of o.targets) addUnique(ne.targets, t);
    for (const p of o.pathways) addUnique(ne.pathways, p);
    for (const id of o.structuredIds) (ne.structuredIds as Set<string>).add(id);
    const key = `${o.record.source}:${o.record.nativeId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ne.item.also_found_in.push({ source: o.record.source, native_id: o.record.nativeId, url: o.item.url });
  }
  ne.item.query_context = [...query];
  ne.item.entities = { drugs: ne.drugs.map((d) => d.id), targets: ne.targets.map((t) => t.id) };
  return ne;
}

/** Normalizes, de-duplicates, date-filters, orders and limits the records of all source runs. */
export function normalizeEvidence(runs: readonly SourceRun[], options: NormalizeOptions, graph: GraphView): NormalizeResult {
  const candidates: Candidate[] = [];
  for (const run of runs) for (const record of run.records) candidates.push(buildCandidate(record, run.status, graph, options.citation));
  candidates.sort(preferred);

  // Union records that share any identity key; the group's best member (earliest in `preferred`) is kept.
  const parent = candidates.map((_, i) => i);
  const owner = new Map<string, number>();
  candidates.forEach((candidate, i) => {
    for (const key of identityKeys(candidate.ne.record)) {
      const j = owner.get(key);
      if (j === undefined) owner.set(key, i);
      else {
        const a = find(parent, i);
        const b = find(parent, j);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const groups = new Map<number, Candidate[]>();
  candidates.forEach((candidate, i) => {
    const root = find(parent, i);
    const group = groups.get(root);
    if (group) group.push(candidate);
    else groups.set(root, [candidate]);
  });
  const merged = [...groups.values()].map((members) => mergeGroup(members));

  let excludedByDate = 0;
  let undatedKept = 0;
  const filtering = options.dateFrom !== null || options.dateTo !== null;
  const inRange = merged.filter(({ item }) => {
    if (!filtering) return true;
    if (item.published === null) {
      undatedKept += 1;
      return true;
    }
    const ok = (options.dateFrom === null || item.published >= options.dateFrom) && (options.dateTo === null || item.published <= options.dateTo);
    if (!ok) excludedByDate += 1;
    return ok;
  });
  inRange.sort((a, b) => compareEvidence(a.item, b.item));
  const kept = inRange.slice(0, Math.max(0, options.maxEvidence));
  return {
    evidence: kept,
    stats: {
      received: candidates.length,
      duplicatesMerged: candidates.length - merged.length,
      excludedByDate,
      undatedKept,
      truncated: inRange.length - kept.length,
    },
  };
}
