// Bulk writers for the rows of one snapshot, one per table, with the column lists in one place.
import { arrayLiteral, BulkInserter, Column, StatementQueue } from './bulk-insert';
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

/**
 * A run of claims from one source record: same subject, predicate, direction and evidence (file, line,
 * reference, code), one claim per object, no MONDO id. See SnapshotWriters.claimRun.
 */
export interface ClaimRun {
  subject: string; predicate: string; objects: readonly string[]; direction: 'supports' | 'contradicts' | 'neutral';
  qualifiers: Record<string, unknown> | null;
  evidence: { file: string; line: number; reference: string | null; evidenceCode: string | null };
}

/**
 * Evidence links of claim runs, written by the database: one row per claim number of each run
 * (generate_series), so a million links cost a few small arrays instead of a million COPY lines.
 */
const RUN_EVIDENCE_SQL = `insert into ${T.evidence} (snapshot_id, claim_no, link_no, source_file, source_line, reference, evidence_code)
  select ?, g, 1, r.file, r.line, r.reference, r.code
  from unnest(?::integer[], ?::integer[], ?::integer[], ?::text[], ?::text[], ?::text[]) as r(first_no, last_no, line, file, reference, code)
  cross join lateral generate_series(r.first_no, r.last_no) as g`;

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
  /** Buffered evidence runs of claimRun (parallel arrays) and the links they stand for. */
  private runs = { first: [] as number[], last: [] as number[], line: [] as number[], file: [] as string[], reference: [] as (string | null)[], code: [] as (string | null)[], links: 0 };
  private runLinksWritten = 0;
  private readonly runBatch: number;

  /**
   * `queue` carries the import transaction; the caller owns it (and drains it on failure). `claimBatch`:
   * claims per statement (default: BulkInserter's); the biggest imports pass more for fewer round trips.
   */
  constructor(private readonly queue: StatementQueue, private readonly snapshotId: string, options: { claimBatch?: number } = {}) {
    this.terms = new BulkInserter(this.queue, T.terms, TERM_COLUMNS, 2000);
    this.edges = new BulkInserter(this.queue, T.edges, EDGE_COLUMNS);
    this.mappings = new BulkInserter(this.queue, T.mappings, MAPPING_COLUMNS);
    this.claims = new BulkInserter(this.queue, T.claims, CLAIM_COLUMNS, options.claimBatch);
    this.runBatch = options.claimBatch ?? 20_000;
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

  mapping(m: { subjectId: string; predicateId: string; objectId: string; subjectLabel: string | null; objectLabel: string | null; justification: string | null; source: 'sssom' | 'obo_xref' | 'gene_info' | 'unichem' | 'hgnc' | 'drugbank_vocabulary' | 'chembl' | 'drugcentral'; file: string; line: number }): Promise<void> | undefined {
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

  /**
   * Claims of one source record that differ only by object (e.g. a gene's row of an expression matrix):
   * consecutive claim numbers, each with its evidence link, as claim() would write them. The claims go
   * through the claims writer; their evidence links are sent as runs (first/last claim number + the
   * record's file, line, reference and code) that the database expands, instead of one line per link.
   * Returns a promise only when a batch had to be queued.
   */
  claimRun(run: ClaimRun): Promise<void> | undefined {
    const n = run.objects.length;
    if (n === 0) return undefined;
    const first = this.claimNo + 1;
    let pending: Promise<void> | undefined;
    if (this.copyPrefix !== null) {
      const middle = `\t${copyField(run.subject)}\t${copyField(run.predicate)}\t`;
      const tail = `\t${run.direction}\t\\N\t${run.qualifiers === null ? '\\N' : copyField(JSON.stringify(run.qualifiers))}`;
      for (const object of run.objects) {
        const p = this.claims.addLine(this.copyPrefix + (++this.claimNo) + middle + copyField(object) + tail);
        if (p) pending = pending ? pending.then(() => p) : p;
      }
    } else {
      for (const object of run.objects) {
        const p = this.claims.add([this.snapshotId, ++this.claimNo, run.subject, run.predicate, object, run.direction, null, run.qualifiers]);
        if (p) pending = pending ? pending.then(() => p) : p;
      }
    }
    const r = this.runs;
    r.first.push(first); r.last.push(this.claimNo); r.line.push(run.evidence.line); r.file.push(run.evidence.file);
    r.reference.push(run.evidence.reference); r.code.push(run.evidence.evidenceCode);
    r.links += n;
    if (r.links >= this.runBatch) {
      const p = this.sendRuns();
      pending = pending ? pending.then(() => p) : p;
    }
    return pending;
  }

  private sendRuns(): Promise<void> {
    const r = this.runs;
    this.runs = { first: [], last: [], line: [], file: [], reference: [], code: [], links: 0 };
    const bindings = [this.snapshotId, arrayLiteral(r.first, 'integer'), arrayLiteral(r.last, 'integer'), arrayLiteral(r.line, 'integer'),
      arrayLiteral(r.file, 'text'), arrayLiteral(r.reference, 'text'), arrayLiteral(r.code, 'text')];
    return this.queue.push(() => this.queue.trx.raw(RUN_EVIDENCE_SQL, bindings), () => { this.runLinksWritten += r.links; });
  }

  /** Sends every buffered row and waits until the database has them all. */
  async flush(): Promise<void> {
    for (const writer of [this.terms, this.edges, this.mappings, this.claims, this.evidence]) await writer.flush();
    if (this.runs.links > 0) await this.sendRuns();
    await this.queue.drain();
  }

  counts(): { terms: number; is_a_edges: number; mappings: number; claims: number; evidence_links: number } {
    return { terms: this.terms.written, is_a_edges: this.edges.written, mappings: this.mappings.written, claims: this.claims.written, evidence_links: this.evidence.written + this.runLinksWritten };
  }
}
