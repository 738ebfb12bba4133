// npm run bench:linking — the entity linker (docs/entity-linking.md): precision and recall on the tricky-case
// corpus (fixtures/entity-linking/tricky-cases.json), and throughput on the bundled offline PubMed abstracts
// of every disease (synthetic examples; repeated to 500 abstracts) with the curated graph, as the literature
// module and the Workspace call it (50 under BENCH_SMOKE=1, BENCH_ABSTRACTS to choose). Prints figures; asserts
// nothing. Last line: `linking: precision=… recall=… abstracts=… ms_per_abstract=…`.
import fs from 'node:fs';
import path from 'node:path';
import { linkEntities } from '../domain/workspace/entity-linking/link-entities';
import { loadDefaultGraph } from '../test/support/curated-graph/load-graph';
import { findProjectRoot } from '../infra/sources/offline-reader';
import { printFigures, sized } from './smoke';

const ROOT = findProjectRoot();
const ABSTRACTS = sized('BENCH_ABSTRACTS', 500, 50);
interface Case { title: string; text: string; targets: string[]; drugs: string[] }

function corpusAbstracts(): { title: string; text: string }[] {
  const dir = path.join(ROOT, 'fixtures', 'corpus', 'pubmed');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().flatMap((f) => {
    const xml = fs.readFileSync(path.join(dir, f), 'utf8');
    return (xml.match(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g) ?? []).map((a) => ({
      title: /<ArticleTitle>([\s\S]*?)<\/ArticleTitle>/.exec(a)?.[1] ?? '',
      text: [...a.matchAll(/<AbstractText[^>]*>([\s\S]*?)<\/AbstractText>/g)].map((m) => m[1]).join(' '),
    }));
  });
}

function main(): void {
  let t = process.hrtime.bigint();
  const graph = loadDefaultGraph();
  linkEntities({ title: '', text: 'warm-up' }, graph);
  console.log(`graph load + lexicon index: ${(Number(process.hrtime.bigint() - t) / 1e6).toFixed(0)} ms`);
  const cases = JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'entity-linking', 'tricky-cases.json'), 'utf8')) as Case[];
  let tp = 0; let fp = 0; let fn = 0;
  for (const c of cases) {
    const r = linkEntities({ title: c.title, text: c.text }, graph);
    const got = new Set([...r.targets.map((x) => `t:${x.name}`), ...r.drugs.map((x) => `d:${x.name.toLowerCase()}`)]);
    const want = new Set([...c.targets.map((x) => `t:${x}`), ...c.drugs.map((x) => `d:${x.toLowerCase()}`)]);
    for (const w of want) if (got.has(w)) tp++; else fn++;
    for (const g of got) if (!want.has(g)) fp++;
  }
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  console.log(`tricky cases: ${cases.length}, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
  const abstracts = corpusAbstracts();
  const batch = Array.from({ length: ABSTRACTS }, (_, i) => abstracts[i % abstracts.length]!);
  t = process.hrtime.bigint();
  for (const a of batch) linkEntities(a, graph);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`${batch.length} abstracts (${abstracts.length} distinct, offline corpus): ${ms.toFixed(0)} ms, ${(ms / batch.length).toFixed(2)} ms each`);
  printFigures('linking', { precision: precision.toFixed(3), recall: recall.toFixed(3), abstracts: batch.length, ms_per_abstract: ms / batch.length });
}

main();
