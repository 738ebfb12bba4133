// clinical_trials: ClinicalTrials.gov API v2 study JSON — one study per file (the /studies/{nct} answer and
// the bulk download's one-file-per-study layout), a /studies page ({"studies": [...]}) or an array of
// studies — streamed one study at a time, as rows of biomed.literature_records with the full-text index.
// Each row's document is the evidence record the clinical_trials source gives for the study
// (infra/sources/adapters/clinical_trials.ts), its results section included (outcome measures with their
// statistical analyses, adverse events by arm); conditions and keywords are indexed beside the summary.
import path from 'node:path';
import { ImportRefusedError } from '../artifacts';
import { jsonValuesAt, type JsonPath } from '../parsers/json-stream';
import { LiteratureWriter } from '../store/literature-records';
import { parseStudyDocument } from '../../sources/adapters/clinical_trials';
import { PROGRESS_EVERY, ResourceImporter } from './importer';
import { literatureOutcome, recordRow } from './literature-support';

type Study = { protocolSection?: { conditionsModule?: { conditions?: string[]; keywords?: string[] } }; resultsSection?: unknown };

/** studies[i] of a page, items of a top-level array, and the top-level fields of a single study (assembled back). */
const selectStudyParts = (p: JsonPath) => (p.length === 2 && p[0] === 'studies' && typeof p[1] === 'number')
  || (p.length === 1 && (typeof p[0] === 'number' || p[0] !== 'studies'));

export const clinicalTrialsImporter: ResourceImporter = {
  resource: 'clinical_trials',
  classify(paths) {
    if (paths.length === 0 || paths.some((p) => !/\.json(\.gz)?$/i.test(p))) {
      throw new ImportRefusedError('bad_input', 'clinical_trials takes ClinicalTrials.gov API v2 study .json[.gz] files (one study, a {"studies": [...]} page, or an array)');
    }
    return paths.map((p) => ({ path: p, role: 'annotations' as const }));
  },
  async load(context) {
    const writer = new LiteratureWriter(context.queue, context.snapshotId);
    const counts = { studies: 0, with_results: 0, unreadable_studies: 0 };
    const files: Record<string, unknown>[] = [];
    for (const artifact of context.artifacts) {
      const file = path.basename(artifact.path);
      let ordinal = 0;
      const single: Record<string, unknown> = {};
      const add = async (study: unknown) => {
        ordinal++;
        let records: ReturnType<typeof parseStudyDocument>;
        try { records = parseStudyDocument(study); } catch { records = []; }
        if (records.length === 0) { counts.unreadable_studies++; return; }
        const s = study as Study;
        if (s.resultsSection) counts.with_results++;
        const conditions = s.protocolSection?.conditionsModule;
        for (const record of records) await writer.add(recordRow(record, file, ordinal, [...(conditions?.conditions ?? []), ...(conditions?.keywords ?? [])]));
        counts.studies++;
        if (counts.studies % PROGRESS_EVERY === 0) context.progress(file, ordinal);
      };
      for await (const { path: at, value } of jsonValuesAt(artifact.path, selectStudyParts)) {
        if (at.length === 2 || typeof at[0] === 'number') await add(value);
        else single[at[0] as string] = value;
      }
      if ('protocolSection' in single) await add(single);
      context.progress(file, ordinal);
      files.push({ file, studies: ordinal });
    }
    if (counts.unreadable_studies > 0) context.warn(`${counts.unreadable_studies} stud(y/ies) without an NCT id or protocol section skipped`);
    return literatureOutcome(await writer.finish(), counts, files);
  },
};
