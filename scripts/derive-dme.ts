// Writes the EMA Designated Medical Event list the service holds (domain/pharmacovigilance/dme-list.json) from
// ../shared/data/ema-dme/dme_pts.json (a transcription of EMA/326038/2020 with MedDRA PT codes; its
// provenance is in ../shared/data/README.md), so the list is derived, never re-typed. Deterministic; a test
// checks the committed file equals what this writes. Run: npm run dme:derive.
import fs from 'node:fs';
import path from 'node:path';
import type { DmeListData } from '../domain/pharmacovigilance/dme-list-data';

const ROOT = path.resolve(__dirname, '../..');
export const DME_SOURCE_FILE = process.env.SHARED_DATA_DIR
  ? path.join(process.env.SHARED_DATA_DIR, 'ema-dme', 'dme_pts.json')
  : path.resolve(ROOT, '..', 'shared', 'data', 'ema-dme', 'dme_pts.json');
export const DME_OUT_FILE = path.join(ROOT, 'domain', 'pharmacovigilance', 'dme-list.json');

interface SourceFile {
  source: { title: string; ref: string; doc_date: string; url: string; codes_from: string };
  attribution: string;
  n: number;
  pts: string[];
  codes: Record<string, number>;
}

/** The held list from the source file's text; refuses a file whose count, names or codes do not agree. */
export function deriveDme(sourceText: string): DmeListData {
  const source = JSON.parse(sourceText) as SourceFile;
  if (source.pts.length !== source.n) throw new Error(`dme_pts.json says n=${source.n} but lists ${source.pts.length} terms`);
  const names = new Set<string>();
  const terms = source.pts.map((name) => {
    const code = source.codes[name];
    if (!Number.isInteger(code)) throw new Error(`dme_pts.json: no MedDRA PT code for "${name}"`);
    if (names.has(name.toLowerCase())) throw new Error(`dme_pts.json: "${name}" twice`);
    names.add(name.toLowerCase());
    return { pt_name: name, pt_code: String(code) };
  });
  return {
    title: source.source.title, ref: source.source.ref, doc_date: source.source.doc_date, url: source.source.url,
    codes_from: source.source.codes_from, attribution: source.attribution,
    derived_from: 'shared/data/ema-dme/dme_pts.json (scripts/derive-dme.ts)',
    terms,
  };
}

export function dmeJson(data: DmeListData): string {
  return `${JSON.stringify(data, null, 1)}\n`;
}

if (require.main === module) {
  const data = deriveDme(fs.readFileSync(DME_SOURCE_FILE, 'utf8'));
  fs.writeFileSync(DME_OUT_FILE, dmeJson(data));
  console.log(`${path.relative(ROOT, DME_OUT_FILE)}: ${data.terms.length} terms (${data.ref}, ${data.doc_date})`);
}
