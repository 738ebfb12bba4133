// The entity linker against its tricky-case corpus (fixtures/entity-linking/tricky-cases.json, written by
// hand: each case says which genes and studied drugs a careful reader links, and which drugs are only
// background or comparator). Precision and recall over all expected links are printed; the threshold is
// every case exact (precision = recall = 1). Also: the committed lexicon equals what the derive script
// writes from the seed slice, and the matching rules one by one.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { linkEntities } from '../../../domain/workspace/entity-linking/link-entities';
import { LEXICON_DATA } from '../../../domain/workspace/entity-linking/lexicon-data';
import { loadDefaultGraph } from '../../support/curated-graph/load-graph';
import { findProjectRoot } from '../../../infra/sources/offline-reader';
import { deriveLexicon, lexiconJson } from '../../../scripts/derive-lexicon';

interface TrickyCase {
  id: string;
  title: string;
  text: string;
  targets: string[];
  drugs: string[];
  not_studied: Record<string, 'background' | 'comparator'>;
  why: string;
}

const ROOT = findProjectRoot();
const CASES = JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures', 'entity-linking', 'tricky-cases.json'), 'utf8')) as TrickyCase[];
const graph = loadDefaultGraph();

function predicted(c: TrickyCase): { links: Set<string>; roles: Record<string, string> } {
  const r = linkEntities({ title: c.title, text: c.text }, graph);
  return {
    links: new Set([...r.targets.map((t) => `target:${t.name}`), ...r.drugs.map((d) => `drug:${d.name.toLowerCase()}`)]),
    roles: Object.fromEntries(r.notStudied.map((d) => [d.name.toLowerCase(), d.role])),
  };
}

function expected(c: TrickyCase): Set<string> {
  return new Set([...c.targets.map((t) => `target:${t}`), ...c.drugs.map((d) => `drug:${d.toLowerCase()}`)]);
}

describe('entity linking: the tricky-case corpus', function () {
  it('has at least 40 cases, each with a distinct id', function () {
    expect(CASES.length).to.be.at.least(40);
    expect(new Set(CASES.map((c) => c.id)).size).to.equal(CASES.length);
  });

  it('links every case exactly (precision and recall 1.0) and tags background and comparator drugs', function () {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const failures: string[] = [];
    for (const c of CASES) {
      const { links, roles } = predicted(c);
      const want = expected(c);
      const extra = [...links].filter((l) => !want.has(l));
      const missing = [...want].filter((l) => !links.has(l));
      tp += want.size - missing.length;
      fp += extra.length;
      fn += missing.length;
      const roleOk = JSON.stringify(roles) === JSON.stringify(c.not_studied);
      if (extra.length || missing.length || !roleOk) failures.push(`${c.id}: extra ${extra.join(',') || '-'} missing ${missing.join(',') || '-'} roles ${JSON.stringify(roles)}`);
    }
    const precision = tp / Math.max(1, tp + fp);
    const recall = tp / Math.max(1, tp + fn);
    console.log(`      entity linking on ${CASES.length} tricky cases: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (${tp} TP, ${fp} FP, ${fn} FN)`);
    expect(failures).to.deep.equal([]);
    expect(precision).to.equal(1);
    expect(recall).to.equal(1);
  });
});

describe('entity linking: rules', function () {
  const link = (text: string, title = '') => linkEntities({ title, text }, graph);

  it('keeps the committed lexicon equal to what scripts/derive-lexicon.ts writes from the seed slice', function () {
    const derived = deriveLexicon(ROOT);
    expect(lexiconJson(LEXICON_DATA)).to.equal(lexiconJson(derived));
    expect(LEXICON_DATA.genes.length).to.be.greaterThan(1000);
  });

  it('drops a synonym two genes share and another gene\'s symbol (CD20 is MS4A1\'s and KRT20\'s in NCBI Gene)', function () {
    const ms4a1 = LEXICON_DATA.genes.find((g) => g.symbol === 'MS4A1')!;
    expect(ms4a1.synonyms).to.not.include('CD20');
    expect(ms4a1.synonyms).to.not.include('MS4A2');
    const tnf = LEXICON_DATA.genes.find((g) => g.symbol === 'TNF')!;
    expect(tnf.synonyms).to.include('TNF-alpha');
  });

  it('links without a graph from the lexicon alone', function () {
    const r = linkEntities({ title: '', text: 'IL2RA and JAK2 variants; methotrexate versus leflunomide.' });
    expect(r.targets.map((t) => t.name)).to.deep.equal(['IL2RA', 'JAK2']);
    expect(r.drugs.map((d) => d.name)).to.deep.equal(['Methotrexate']);
    expect(r.notStudied.map((d) => [d.name, d.role])).to.deep.equal([['Leflunomide', 'comparator']]);
    expect(r.targets.every((t) => t.nodeId === null)).to.equal(true);
  });

  it('recognises voclosporin, sarilumab and its code name SAR153191 from the DrugBank vocabulary (unknown to the DrugBank 4 names)', function () {
    const r = linkEntities({ title: '', text: 'Voclosporin added to mycophenolate in lupus nephritis; SAR153191 (sarilumab) blocks the IL-6 receptor.' });
    expect(r.drugs.map((d) => d.name).sort()).to.deep.equal(['Sarilumab', 'Voclosporin']);
    expect(LEXICON_DATA.drugs.find((d) => d.name === 'Sarilumab')).to.deep.include({ id: 'DB11767', synonyms: ['REGN88', 'SAR153191'] });
  });

  it('links an HGNC alias NCBI Gene does not list (alpha2delta-1 is CACNA2D1)', function () {
    const r = linkEntities({ title: '', text: 'Gabapentin binds alpha2delta-1 subunits of calcium channels.' });
    expect(r.targets.map((t) => t.name)).to.deep.equal(['CACNA2D1']);
  });

  it('reads "IL-6 receptor" as IL6R, not IL6, from the lexicon alone (it linked nothing without the graph)', function () {
    const r = linkEntities({ title: '', text: 'An antibody against the IL-6 receptor lowered IL-6 signalling; IL-1 receptor antagonist was not given.' });
    expect(r.targets.map((t) => t.name)).to.deep.equal(['IL6R', 'IL6']);
  });

  it('gives graph node ids when the graph knows the entity', function () {
    const r = link('Tocilizumab blocks IL-6R.');
    expect(r.drugs.map((d) => d.nodeId)).to.deep.equal(['drug:tocilizumab']);
    expect(r.targets.map((t) => t.nodeId)).to.deep.equal(['target:IL6R']);
  });

  it('never reads a symbol inside a longer word (TNFSF11, IL2RA, TNFR1), whatever the case', function () {
    for (const text of ['TNFSF11', 'tnfsf11', 'IL2RAs', 'xTNF', 'TNF2x']) expect(link(text).targets.map((t) => t.name), text).to.not.include('TNF');
  });
});
