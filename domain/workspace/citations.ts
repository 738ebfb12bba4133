// Citations and canonical URLs of source records (pure string work).
//
// Citation forms: "PMID:<id>", "<NCT id>", "GWAS:<id>", "openFDA:<set id>", "doi:<doi>",
// "ChEMBL:<id>", "OpenTargets:<efo>/<target>", "GTEx:<gene>/<tissue>".
import type { SourceName, SourceRecord } from './sources';

const NCT = /\bNCT\d{8}\b/i;
const DOI = /\b(10\.\d{4,9}\/[^\s"'<>]+)/i;

function stripPrefix(id: string, prefix: RegExp): string {
  return id.trim().replace(prefix, '').trim();
}

/** A DOI without resolver prefix, version suffix (bioRxiv "v2", ".full") or trailing punctuation; lower-cased. */
export function normalizeDoi(value: string): string | null {
  const match = DOI.exec(decodeURIComponentSafe(value));
  if (!match) return null;
  let doi = match[1]!.replace(/[.,;:)\]}]+$/, '');
  if (doi.startsWith('10.1101/')) doi = doi.replace(/(\.full(\.pdf)?|\.abstract)$/i, '').replace(/v\d+$/i, '');
  return doi.toLowerCase();
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function pmidOf(record: SourceRecord): string | null {
  if (record.source === 'pubmed') {
    const id = stripPrefix(record.nativeId, /^pmid:?/i);
    if (/^\d+$/.test(id)) return id;
  }
  const native = /^pmid:?\s*(\d+)$/i.exec(record.nativeId.trim());
  if (native) return native[1]!;
  const url = /pubmed\.ncbi\.nlm\.nih\.gov\/(\d+)/i.exec(record.url) ?? /ncbi\.nlm\.nih\.gov\/pubmed\/(\d+)/i.exec(record.url);
  return url ? url[1]! : null;
}

export function nctOf(record: SourceRecord): string | null {
  const match = NCT.exec(record.nativeId) ?? NCT.exec(record.url);
  return match ? match[0].toUpperCase() : null;
}

export function doiOf(record: SourceRecord): string | null {
  return normalizeDoi(record.nativeId) ?? normalizeDoi(record.url);
}

/**
 * Identifiers that make two records the same underlying item: the source's own id, and the PMID,
 * NCT id or DOI stated in the record's native id or URL. Free text is not used: an abstract that
 * cites a trial is not that trial.
 */
export function identityKeys(record: SourceRecord): string[] {
  const keys = [`rec:${record.source}:${record.nativeId.trim().toLowerCase()}`];
  const pmid = pmidOf(record);
  if (pmid) keys.push(`pmid:${pmid}`);
  const nct = nctOf(record);
  if (nct) keys.push(`nct:${nct}`);
  const doi = doiOf(record);
  if (doi) keys.push(`doi:${doi}`);
  return keys;
}

/** The URL if it is an absolute http(s) URL (fragment dropped), else null. */
export function httpUrl(value: string): string | null {
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

/**
 * The record's canonical public URL: the provider's canonical form for PubMed articles and
 * ClinicalTrials.gov studies, else the record's own http(s) URL, else a DOI resolver URL for
 * preprints; "" when the record has no usable web address.
 */
export function canonicalUrl(record: SourceRecord): string {
  if (record.source === 'pubmed') {
    const pmid = pmidOf(record);
    if (pmid) return `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;
  }
  if (record.source === 'clinical_trials') {
    const nct = nctOf(record);
    if (nct) return `https://clinicaltrials.gov/study/${nct}`;
  }
  const own = httpUrl(record.url);
  if (own) return own;
  if (record.source === 'biorxiv') {
    const doi = doiOf(record);
    if (doi) return `https://doi.org/${doi}`;
  }
  return '';
}

export interface CitationContext {
  /** The EFO id Open Targets citations name (the disease's search.opentargets.efo_id, else its efo_id). */
  efoId: string;
}

/** The one human-readable citation of a record. */
export function citationFor(record: SourceRecord, context: CitationContext): string {
  const native = record.nativeId.trim();
  const firstTarget = record.structured.targets.map((t) => t.trim()).find((t) => t.length > 0);
  const source: SourceName = record.source;
  switch (source) {
    case 'pubmed':
      // a PubMed Central article known only by its PMCID (the mirror's PMC records) is cited by it, not as a PMID
      if (!pmidOf(record) && /^PMC\d+$/i.test(native)) return `PMCID:${native.toUpperCase()}`;
      return `PMID:${pmidOf(record) ?? stripPrefix(native, /^pmid:?/i)}`;
    case 'clinical_trials':
      return nctOf(record) ?? native;
    case 'gwas':
      return `GWAS:${stripPrefix(native, /^gwas:?/i)}`;
    case 'fda_labels':
      return `openFDA:${stripPrefix(native, /^openfda:?/i)}`;
    case 'biorxiv':
      return `doi:${doiOf(record) ?? stripPrefix(native, /^doi:?/i)}`;
    case 'chembl':
      return `ChEMBL:${stripPrefix(native, /^chembl:(?=chembl)/i)}`;
    case 'opentargets':
      return `OpenTargets:${context.efoId}/${firstTarget ?? native}`;
    case 'gtex':
      return `GTEx:${firstTarget ?? native}/${record.attributes.tissue?.trim() || 'unspecified tissue'}`;
  }
}
