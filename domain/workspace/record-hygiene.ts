// Record hygiene before normalization (pure): records that must not count as evidence are dropped, each
// with a warning the dossier shows.
//   1. retracted articles (and retraction notices): attributes.retracted;
//   2. a preprint whose published version (attributes.publishedDoi) is among the other records: the
//      peer-reviewed record stands for it;
//   3. drug labels with the same active-ingredient set: one label per set is kept, the most recent
//      (repackagers and generics repeat the same label text; they are one piece of evidence);
//   4. a record whose title names another disease of the service's modules and not the question's (other-disease.ts):
//      a COPD trial is not asthma evidence.
import type { SourceRun } from './normalize';
import type { SourceRecord } from './sources';
import { otherDiseaseOfTitle, type DiseaseNames } from './other-disease';

/** The question's disease and the service's other disease modules, for rule 4. */
export interface DiseaseScope {
  disease: DiseaseNames;
  others: readonly DiseaseNames[];
}

export interface HygieneResult {
  runs: SourceRun[];
  warnings: string[];
}

const doiOf = (value: string | undefined): string | undefined => {
  const m = /10\.\d{4,9}\/\S+/i.exec(value ?? '');
  return m ? m[0].replace(/[.,;)]+$/, '').toLowerCase() : undefined;
};

/** DOIs of every non-preprint record (its doi attribute, or a DOI in its native id or URL). */
function publishedDois(runs: readonly SourceRun[]): Set<string> {
  const dois = new Set<string>();
  for (const run of runs) for (const r of run.records) {
    if (r.recordType === 'preprint') continue;
    for (const doi of [r.attributes.doi, doiOf(r.nativeId), doiOf(r.url)]) if (doi) dois.add(doi.toLowerCase());
  }
  return dois;
}

function ingredientKey(record: SourceRecord): string {
  const names = record.attributes.activeIngredients ?? record.structured.drugs;
  return [...new Set(names.map((n) => n.trim().toUpperCase()).filter(Boolean))].sort().join(' + ');
}

/** One label per active-ingredient set: the most recent (by published date; the first on a tie). Others are returned as dropped. */
export function dedupeLabelsByIngredient(records: readonly SourceRecord[]): { kept: SourceRecord[]; dropped: { record: SourceRecord; key: string }[] } {
  const best = new Map<string, SourceRecord>();
  for (const r of records) {
    const key = ingredientKey(r);
    if (r.recordType !== 'drug_label' || !key) continue;
    const seen = best.get(key);
    if (!seen || (r.published ?? '') > (seen.published ?? '')) best.set(key, r);
  }
  const kept: SourceRecord[] = [];
  const dropped: { record: SourceRecord; key: string }[] = [];
  for (const r of records) {
    const key = ingredientKey(r);
    if (r.recordType === 'drug_label' && key && best.get(key) !== r) dropped.push({ record: r, key });
    else kept.push(r);
  }
  return { kept, dropped };
}

function cleanRun(run: SourceRun, published: Set<string>, warnings: string[], aboutOther: (title: string) => DiseaseNames | undefined): SourceRun {
  const source = run.status.source;
  const records: SourceRecord[] = [];
  for (const r of run.records) {
    const other = r.recordType === 'drug_label' ? undefined : aboutOther(r.title);
    if (other) {
      warnings.push(`${source}: ${r.nativeId} dropped: its title is about ${other.name}, not the question's disease ("${r.title.slice(0, 120)}")`);
    } else if (r.attributes.retracted) {
      warnings.push(`${source}: ${r.nativeId} dropped: retracted publication ("${r.title.slice(0, 120)}")`);
    } else if (r.recordType === 'preprint' && r.attributes.publishedDoi && published.has(r.attributes.publishedDoi.toLowerCase())) {
      warnings.push(`${source}: preprint ${r.nativeId} dropped: its published version (doi ${r.attributes.publishedDoi}) is among the evidence`);
    } else {
      records.push(r);
    }
  }
  const labels = dedupeLabelsByIngredient(records);
  for (const { record, key } of labels.dropped) warnings.push(`${source}: label ${record.nativeId} dropped: a more recent label has the same active ingredients (${key})`);
  return { status: run.status, records: labels.kept };
}

/** The runs without retracted items, superseded preprints, repeated labels and (with a scope) records about another disease, and a warning for each one dropped. */
export function cleanSourceRuns(runs: readonly SourceRun[], scope?: DiseaseScope): HygieneResult {
  const published = publishedDois(runs);
  const warnings: string[] = [];
  const aboutOther = scope ? otherDiseaseOfTitle(scope.disease, scope.others) : () => undefined;
  return { runs: runs.map((run) => cleanRun(run, published, warnings, aboutOther)), warnings };
}
