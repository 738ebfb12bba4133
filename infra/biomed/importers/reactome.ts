// reactome: ReactomePathways.txt (pathway list, all species) + ReactomePathways.gmt (human gene sets).
// - Each Homo sapiens row of the list becomes a term `REACTOME:<stable id>` of kind `pathway`; rows of
//   other species are counted and skipped.
// - Each gene of each gene set becomes a PARTICIPATES_IN claim `GENE_SYMBOL:<gene>` -> `REACTOME:<id>`
//   (evidence direction supports, evidence link to the .gmt line, reference = the stable id), and each
//   distinct gene a term of kind `gene`. The .gmt names genes by symbol as Reactome writes them (also a
//   few non-symbol names such as "18S rRNA"): the CURIE keeps [A-Za-z0-9_.:-] and turns any other
//   character into "_"; the label is the name as written. No identifier mapping is attempted.
// Pathway and gene terms get an empty search text: conditions search never returns them (as for
// obsolete terms); GET /api/v1/conditions/{curie} still finds them.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { parseReactomeGmt, parseReactomePathways } from '../parsers/reactome';
import { BulkInserter, Column } from '../store/bulk-insert';
import { SnapshotWriters } from '../store/snapshot-writers';
import { T } from '../store/tables';
import { PROGRESS_EVERY, ResourceImporter } from './importer';

export const HUMAN = 'Homo sapiens';
export const PARTICIPATES_IN = 'PARTICIPATES_IN';

const TERM_COLUMNS: Column[] = [
  { name: 'snapshot_id', type: 'text' }, { name: 'curie', type: 'text' }, { name: 'label', type: 'text' },
  { name: 'kind', type: 'text' }, { name: 'definition', type: 'text' }, { name: 'synonyms', type: 'jsonb' },
  { name: 'xrefs', type: 'jsonb' }, { name: 'replaced_by', type: 'jsonb' }, { name: 'obsolete', type: 'boolean' },
  { name: 'search_text', type: 'text' }, { name: 'source_line', type: 'integer' },
];

export const reactomePathwayCurie = (id: string) => `REACTOME:${id}`;
export const geneCurie = (name: string) => `GENE_SYMBOL:${name.replace(/[^A-Za-z0-9_.:-]/g, '_')}`;

export const reactomeImporter: ResourceImporter = {
  resource: 'reactome',
  classify(paths) {
    const txt = paths.filter((p) => /\.txt$/i.test(p));
    const gmt = paths.filter((p) => /\.gmt$/i.test(p));
    if (paths.length !== 2 || txt.length !== 1 || gmt.length !== 1) {
      throw new ImportRefusedError('bad_input', 'reactome takes exactly two files: ReactomePathways.txt (pathway list) and ReactomePathways.gmt (gene sets)');
    }
    return [{ path: txt[0]!, role: 'terms' }, { path: gmt[0]!, role: 'annotations' }];
  },
  async load(context) {
    const listPath = context.artifacts.find((a) => a.role === 'terms')!.path;
    const gmtPath = context.artifacts.find((a) => a.role === 'annotations')!.path;
    const writers = new SnapshotWriters(context.queue, context.snapshotId);
    const terms = new BulkInserter(context.queue, T.terms, TERM_COLUMNS);
    const term = (curie: string, label: string, kind: 'pathway' | 'gene', line: number, xrefs: { id: string; source: string | null }[]) =>
      terms.add([context.snapshotId, curie, label, kind, null, [], xrefs, null, false, '', line]);

    const listFile = path.basename(listPath);
    const human = new Set<string>();
    const otherSpecies: Record<string, number> = {};
    let listRows = 0;
    for await (const row of parseReactomePathways(listPath)) {
      listRows++;
      if (row.species !== HUMAN) { otherSpecies[row.species] = (otherSpecies[row.species] ?? 0) + 1; continue; }
      if (human.has(row.id)) { context.warn(`${listFile} line ${row.line}: ${row.id} repeated; kept the first`); continue; }
      human.add(row.id);
      await term(reactomePathwayCurie(row.id), row.name, 'pathway', row.line, []);
      if (listRows % PROGRESS_EVERY === 0) context.progress(listFile, listRows);
    }
    context.progress(listFile, listRows);

    const gmtFile = path.basename(gmtPath);
    const genes = new Map<string, string>(); // curie -> first name as written
    const notInList: string[] = [];
    let sets = 0;
    let memberships = 0;
    for await (const set of parseReactomeGmt(gmtPath)) {
      sets++;
      if (!human.has(set.id)) notInList.push(set.id);
      const pathway = reactomePathwayCurie(set.id);
      for (const gene of set.genes) {
        memberships++;
        const curie = geneCurie(gene);
        if (!genes.has(curie)) genes.set(curie, gene);
        await writers.claim({
          subject: curie, predicate: PARTICIPATES_IN, object: pathway, direction: 'supports', mondoCurie: null,
          qualifiers: curie === `GENE_SYMBOL:${gene}` ? null : { name: gene },
          evidence: { file: gmtFile, line: set.line, reference: set.id, evidenceCode: null },
        });
      }
      if (sets % 100 === 0) context.progress(gmtFile, memberships);
    }
    context.progress(gmtFile, memberships);
    let geneLine = 0;
    for (const [curie, name] of genes) await term(curie, name, 'gene', ++geneLine, []);
    await terms.flush();
    await writers.flush();
    if (notInList.length > 0) {
      context.warn(`${notInList.length} gene set(s) name a pathway absent from the Homo sapiens rows of ${listFile} (no term for them): ${notInList.slice(0, 10).join(', ')}`);
    }
    const written = writers.counts();
    return {
      version: null,
      counts: {
        ...written, terms: terms.written, pathway_list_rows: listRows, human_pathways: human.size, gene_sets: sets, memberships,
        genes: genes.size, gene_sets_without_listed_pathway: notInList.length,
      },
      details: { species: HUMAN, other_species_rows: otherSpecies, gene_sets_without_listed_pathway: notInList, term_kinds: { pathway: human.size, gene: genes.size } },
    };
  },
};
