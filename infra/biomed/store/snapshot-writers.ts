// Bulk writers for the rows of one snapshot, one per table, with the column lists in one place.
import { BulkInserter, Column, StatementQueue } from './bulk-insert';
import { copyField } from './copy-from';
import { T } from './tables';

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];
const EDGE_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'child', type: 'text' }, { name: 'parent', type: 'text' }, { name: 'source_line', type: 'integer' },
];
const MAPPING_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'row_no', type: 'integer' }, { name: 'subject_id', type: 'text' },
  { name: 'predicate_id', type: 'text' }, { name: 'object_id', type: 'text' }, { name: 'subject_label', type: 'text' },
  { name: 'object_label', type: 'text' }, { name: 'justification', type: 'text' }, { name: 'source', type: 'text' },
  { name: 'source_file', type: 'text' }, { name: 'source_line', type: 'integer' },
];
const CLAIM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'claim_no', type: 'integer' }, { name: 'subject', type: 'text' },
  { name: 'predicate', type: 'text' }, { name: 'object', type: 'text' }, { name: 'evidence_direction', type: 'text' },
  { name: 'mondo_curie', type: 'text' }, { name: 'qualifiers', type: 'jsonb' },
];
const EVIDENCE_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'claim_no', type: 'integer' }, { name: 'link_no', type: 'smallint' },
  { name: 'source_file', type: 'text' }, { name: 'source_line', type: 'integer' }, { name: 'reference', type: 'text' },
  { name: 'evidence_code', type: 'text' },
];

export interface TermRow {
  curie: string; label: string | null; kind: 'disease' | 'phenotype'; definition: string | null;
  synonyms: { text: string; scope: string; type: string | null }[]; xrefs: { id: string; source: string | null }[];
  replacedBy: string[] | null; obsolete: boolean; sourceLine: number;
}

/** One source record of a claim: file and line, plus the reference and evidence code it cites. */
export interface EvidenceRef { file: string; line: number; reference: string | null; evidenceCode: string | null }

/** Evidence links one claim may have (link_no is a smallint). */
export const MAX_EVIDENCE_LINKS = 32_767;

export interface ClaimRow {
  subject: string; predicate: string; object: string; direction: 'supports' | 'contradicts' | 'neutral';
  mondoCurie: string | null; qualifiers: Record<string, unknown> | null;
  /**
   * The source record, or several (e.g. the rows a deduplicated claim merges): one evidence link each,
   * link_no 1, 2, ... in the order given. At least one.
   */
  evidence: EvidenceRef | readonly EvidenceRef[];
}

/** Lower-cased label and synonyms, one per line: the text conditions search looks in. */
export function searchText(label: string | null, synonyms: readonly { text: string }[]): string {
  return [label ?? '', ...synonyms.map((s) => s.text)].join('\n').toLowerCase();
}

export class SnapshotWriters {
  private readonly terms: BulkInserter;
  private readonly edges: BulkInserter;
  private readonly mappings: BulkInserter;
  private readonly claims: BulkInserter;
  private readonly evidence: BulkInserter;
  private claimNo = 0;
  private mappingNo = 0;
  /** "<snapshot id>\t" when the queue can COPY; null otherwise. */
  private readonly copyPrefix: string | null;

  /** `queue` carries the import transaction; the caller owns it (and drains it on failure). */
  constructor(private readonly queue: StatementQueue, private readonly snapshotId: string) {
    this.terms = new BulkInserter(this.queue, T.terms, TERM_COLUMNS, 2000);
    this.edges = new BulkInserter(this.queue, T.edges, EDGE_COLUMNS);
    this.mappings = new BulkInserter(this.queue, T.mappings, MAPPING_COLUMNS);
    this.claims = new BulkInserter(this.queue, T.claims, CLAIM_COLUMNS);
    this.evidence = new BulkInserter(this.queue, T.evidence, EVIDENCE_COLUMNS);
    this.copyPrefix = queue.copyClient ? `${copyField(snapshotId)}\t` : null;
  }

  // Each method returns a promise only when a batch had to be queued: most rows cost no promise at all.
  term(t: TermRow): Promise<void> | undefined {
    return this.terms.add([this.snapshotId, t.curie, t.label, t.kind, t.definition, t.synonyms, t.xrefs,
      t.replacedBy && t.replacedBy.length > 0 ? t.replacedBy : null, t.obsolete, t.obsolete ? '' : searchText(t.label, t.synonyms), t.sourceLine]);
  }

  edge(child: string, parent: string, line: number): Promise<void> | undefined {
    return this.edges.add([this.snapshotId, child, parent, line]);
  }

  mapping(m: { subjectId: string; predicateId: string; objectId: string; subjectLabel: string | null; objectLabel: string | null; justification: string | null; source: 'sssom' | 'obo_xref' | 'gene_info' | 'unichem'; file: string; line: number }): Promise<void> | undefined {
    return this.mappings.add([this.snapshotId, ++this.mappingNo, m.subjectId, m.predicateId, m.objectId, m.subjectLabel, m.objectLabel, m.justification, m.source, m.file, m.line]);
  }

  /** A claim and its evidence links back to the source record(s). */
  claim(c: ClaimRow): Promise<void> | undefined {
    const links = Array.isArray(c.evidence) ? c.evidence as readonly EvidenceRef[] : [c.evidence as EvidenceRef];
    if (links.length === 0 || links.length > MAX_EVIDENCE_LINKS) {
      throw new Error(`a claim needs 1 to ${MAX_EVIDENCE_LINKS} evidence links, got ${links.length} (${c.subject} ${c.predicate} ${c.object})`);
    }
    const no = ++this.claimNo;
    // Most rows queue no batch, so cost no promise; the (rare) ones that do are all returned, none dropped.
    let pending: Promise<void>[] | null = null;
    const keep = (p: Promise<void> | undefined) => { if (p) (pending ??= []).push(p); };
    if (this.copyPrefix !== null) {
      // The hot path of big imports (270k HPOA rows): COPY lines built directly, no row arrays.
      const p = this.copyPrefix + no;
      keep(this.claims.addLine(`${p}\t${copyField(c.subject)}\t${copyField(c.predicate)}\t${copyField(c.object)}\t${c.direction}\t${c.mondoCurie === null ? '\\N' : copyField(c.mondoCurie)}\t${c.qualifiers === null ? '\\N' : copyField(JSON.stringify(c.qualifiers))}`));
      for (let i = 0; i < links.length; i++) {
        const e = links[i]!;
        keep(this.evidence.addLine(`${p}\t${i + 1}\t${copyField(e.file)}\t${e.line}\t${e.reference === null ? '\\N' : copyField(e.reference)}\t${e.evidenceCode === null ? '\\N' : copyField(e.evidenceCode)}`));
      }
    } else {
      keep(this.claims.add([this.snapshotId, no, c.subject, c.predicate, c.object, c.direction, c.mondoCurie, c.qualifiers]));
      for (let i = 0; i < links.length; i++) {
        const e = links[i]!;
        keep(this.evidence.add([this.snapshotId, no, i + 1, e.file, e.line, e.reference, e.evidenceCode]));
      }
    }
    const queued = pending as Promise<void>[] | null;
    if (queued === null) return undefined;
    return queued.length === 1 ? queued[0] : Promise.all(queued).then(() => undefined);
  }

  /** Sends every buffered row and waits until the database has them all. */
  async flush(): Promise<void> {
    for (const writer of [this.terms, this.edges, this.mappings, this.claims, this.evidence]) await writer.flush();
    await this.queue.drain();
  }

  counts(): { terms: number; is_a_edges: number; mappings: number; claims: number; evidence_links: number } {
    return { terms: this.terms.written, is_a_edges: this.edges.written, mappings: this.mappings.written, claims: this.claims.written, evidence_links: this.evidence.written };
  }
}
