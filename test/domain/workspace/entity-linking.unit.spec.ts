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
import { MentionIndex, type MentionView } from '../../../domain/knowledge-graph/mention-index';
import type { GraphNode } from '../../../domain/kg/graph-data';
import { definesAbbreviation } from '../../../domain/workspace/entity-linking/abbreviations';

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

/** A store-like graph of a few compounds with their DrugBank vocabulary synonyms ("ETN" is erythrityl tetranitrate's). */
function storeLikeView(nodes: GraphNode[]): MentionView {
  const index = new MentionIndex(nodes);
  return { node: (id) => nodes.find((n) => n.id === id), resolve: (name, kind) => index.resolve(name, kind), mentionedIn: (text, kinds) => index.mentionedIn(text, kinds) };
}

describe('entity linking: issue 28 candidates that are no treatment of the disease', function () {
  const store = storeLikeView([
    { id: 'drug:etanercept', kind: 'drug', label: 'Etanercept' },
    { id: 'drug:erythrityl_tetranitrate', kind: 'drug', label: 'Erythrityl tetranitrate', synonyms: ['ETN'] },
    { id: 'drug:methotrexate', kind: 'drug', label: 'Methotrexate', synonyms: ['MTX'] },
    { id: 'drug:calcium', kind: 'drug', label: 'Calcium' },
    { id: 'drug:parathyroid_hormone', kind: 'drug', label: 'Parathyroid hormone', synonyms: ['PTH'] },
    { id: 'drug:cholecalciferol', kind: 'drug', label: 'Cholecalciferol' },
    { id: 'drug:water', kind: 'drug', label: 'Water' },
    { id: 'drug:dextrose', kind: 'drug', label: 'Dextrose, unspecified form', synonyms: ['Dextrose', 'Glucose'] },
  ]);
  const drugsOf = (text: string) => linkEntities({ title: '', text }, store).drugs.map((d) => d.name);

  it('accepts an abbreviation definition as Schwartz and Hearst do (letters in order, the first at a word start)', function () {
    expect(definesAbbreviation('ETN', 'etanercept')).to.equal(true); // e·t·aNercept
    expect(definesAbbreviation('MTX', 'methotrexate')).to.equal(true);
    expect(definesAbbreviation('ETN', 'methotrexate')).to.equal(false); // no word of it starts with e
    expect(definesAbbreviation('Enbrel', 'etanercept')).to.equal(false);
  });

  it('reads "ETN" as etanercept where the text defines it so, not as erythrityl tetranitrate (DrugBank\'s synonym)', function () {
    // PMC3606371 (rheumatoid arthritis) and PMC5887937 (psoriasis): erythrityl tetranitrate was a candidate of both.
    expect(drugsOf('We compared combination etanercept and methotrexate (ETN + MTX) versus DMARDs. Patients were randomized to ETN + MTX (N = 197).'))
      .to.deep.equal(['Etanercept', 'Methotrexate']);
    expect(drugsOf('Patients received etanercept (ETN, Enbrel) weekly; switches between GP2015 and ETN had no effect.')).to.deep.equal(['Etanercept']);
    // A text that defines ETN as the nitrate keeps it.
    expect(drugsOf('Erythrityl tetranitrate (ETN) relieved angina; ETN was well tolerated.')).to.deep.equal(['Erythrityl tetranitrate']);
  });

  it('reads a short form the text defines for words that name no drug as no drug ("adjustable maintenance dosing (AMD)")', function () {
    // PMC1924504 (asthma): DrugBank lists AMD as a synonym of methyldopa, which became an asthma candidate.
    const amd = storeLikeView([
      { id: 'drug:methyldopa', kind: 'drug', label: 'Methyldopa', synonyms: ['AMD'] },
      { id: 'drug:formoterol', kind: 'drug', label: 'Formoterol' },
    ]);
    const text = 'We compared a stable-dose regimen and an adjustable maintenance dosing (AMD) regimen of formoterol. Patients received AMD with formoterol.';
    expect(linkEntities({ title: '', text }, amd).drugs.map((d) => d.name)).to.deep.equal(['Formoterol']);
    expect(linkEntities({ title: '', text: 'Patients received AMD for hypertension.' }, amd).drugs.map((d) => d.name)).to.deep.equal(['Methyldopa']);
  });

  it('reads the items of a list of measured analytes as measured, not given (calcium and PTH in a vitamin D trial)', function () {
    // PMC3691658 (multiple sclerosis): calcium and parathyroid hormone were candidates.
    expect(drugsOf('Serum levels of 25-hydroxy-D (25-OH-D), calcium, PTH, IL-17, IL-10 and IFN-gamma were measured periodically. Cholecalciferol was given.'))
      .to.deep.equal(['Cholecalciferol']);
    expect(drugsOf('Calcium and cholecalciferol were given daily.')).to.deep.equal(['Calcium', 'Cholecalciferol']);
    // PMC3263438 (asthma, COPD): glucose among the safety laboratory values was a Dextrose candidate.
    expect(drugsOf('There were no clinically relevant effects on laboratory values, including glucose and potassium, or on vital signs.')).to.deep.equal([]);
  });

  it('reads an infusion fluid or a solvent as a vehicle, not a treatment ("5% dextrose water", "dissolved in boiling water")', function () {
    // PMC4636858 (multiple sclerosis: the placebo infusion) and PMC3996149 (type 2 diabetes: cocoa's solvent).
    expect(drugsOf('The second group received the same dosage of methotrexate plus 100 CC of 5% dextrose water monthly.')).to.deep.equal(['Methotrexate']);
    expect(drugsOf('Subjects received 10 grams cocoa powder dissolved in 250 ml of boiling water twice daily.')).to.deep.equal([]);
    expect(drugsOf('Oral glucose was given before the clamp.')).to.deep.equal(['Dextrose, unspecified form']);
  });

  it('reads water as a setting, an exposure or a drink, not a treatment ("exercises in heated water", "water-damaged")', function () {
    // PMC1821024 (rheumatoid arthritis), PMC1626393 (asthma), PMC2681019 (type 2 diabetes): Water was a candidate of each.
    expect(drugsOf('Few studies have compared the benefits of exercises in heated water against exercises on land.')).to.deep.equal([]);
    expect(drugsOf('The remediation group also received household repairs, including reduction of water infiltration, removal of water-damaged building materials.')).to.deep.equal([]);
    expect(drugsOf('Subjects drank 40 g ethanol/day for men and 20 g/day for women or the same de-alcoholized beverages or water.')).to.deep.equal([]);
    // Water given as such still links.
    expect(drugsOf('Patients inhaled nebulised water before each session.')).to.deep.equal(['Water']);
  });

  it('reads "X-induced" as the cause of a condition, not its treatment ("methacholine-induced bronchoconstriction")', function () {
    // PMC1713239 (asthma): methacholine, a challenge agent, was an asthma candidate.
    const view = storeLikeView([
      { id: 'drug:methacholine', kind: 'drug', label: 'Methacholine' },
      { id: 'drug:budesonide', kind: 'drug', label: 'Budesonide' },
      { id: 'drug:formoterol', kind: 'drug', label: 'Formoterol' },
    ]);
    const title = 'Onset of relief of dyspnoea with budesonide/formoterol or salbutamol following methacholine-induced severe bronchoconstriction in adults with asthma';
    expect(linkEntities({ title, text: '' }, view).drugs.map((d) => d.name)).to.deep.equal(['Budesonide', 'Formoterol', 'Salbutamol']);
    expect(linkEntities({ title: '', text: 'Methacholine was inhaled.' }, view).drugs.map((d) => d.name)).to.deep.equal(['Methacholine']);
  });

  it('reads a drug the text calls a test as a diagnostic agent throughout the record ("mannitol as a bronchial provocation test")', function () {
    // PMC1326200 (asthma): mannitol, the agent of a bronchial provocation test, was an asthma candidate.
    const view = storeLikeView([{ id: 'drug:mannitol', kind: 'drug', label: 'Mannitol' }, { id: 'drug:budesonide', kind: 'drug', label: 'Budesonide' }]);
    const r = linkEntities({
      title: 'The safety and efficacy of inhaled dry powder mannitol as a bronchial provocation test for airway hyperresponsiveness',
      text: 'Inhaled mannitol is a new bronchial provocation test (BPT). Mannitol was delivered using a dry powder inhaler. Subjects took budesonide.',
    }, view);
    expect(r.drugs.map((d) => d.name)).to.deep.equal(['Budesonide']);
    expect(linkEntities({ title: '', text: 'Inhaled mannitol improved mucus clearance.' }, view).drugs.map((d) => d.name)).to.deep.equal(['Mannitol']);
    // PMC1326200: methacholine, the traditional challenge agent it is compared with, is no asthma treatment either.
    const agents = storeLikeView([{ id: 'drug:methacholine', kind: 'drug', label: 'Methacholine' }, { id: 'drug:histamine', kind: 'drug', label: 'Histamine' }]);
    expect(linkEntities({ title: '', text: 'These tests differ from the traditional methods of measuring airway hyperresponsiveness using methacholine. Bronchial reactivity to histamine was also recorded.' }, agents).drugs).to.deep.equal([]);
    // PMID 23449952 (rheumatoid arthritis): a contrast agent dosed for imaging.
    const gd = storeLikeView([{ id: 'drug:gadobenate_dimeglumine', kind: 'drug', label: 'Gadobenate dimeglumine' }]);
    expect(linkEntities({ title: 'Contrast-enhanced MR imaging of hand and finger joints in patients with early rheumatoid arthritis: do we really need a full dose of gadobenate dimeglumine for assessing synovial enhancement at 3 T?', text: '' }, gd).drugs).to.deep.equal([]);
    // PMC2841147 (asthma): "methacholine reactivity" is measured, not given.
    const mch = storeLikeView([{ id: 'drug:methacholine', kind: 'drug', label: 'Methacholine' }]);
    expect(linkEntities({ title: '', text: 'Methacholine reactivity was measured 24 h post-allergen.' }, mch).drugs).to.deep.equal([]);
  });

  it('reads "X-like peptide", "X inhibitor", "X receptor blocker" as another molecule or a class, not X ("glucagon-like peptide-1")', function () {
    // PMC5759220, PMC2948428 (type 2 diabetes): glucagon was a candidate from GLP-1 analogue trials; PMC4149239:
    // alglucosidase alfa from "alpha-glucosidase inhibitor"; PMC3816860: angiotensin II from "renin-angiotensin-aldosterone system (RAAS) inhibition".
    const view = storeLikeView([
      { id: 'drug:glucagon', kind: 'drug', label: 'Glucagon' },
      { id: 'drug:liraglutide', kind: 'drug', label: 'Liraglutide' },
      { id: 'drug:alglucosidase_alfa', kind: 'drug', label: 'Alglucosidase alfa', synonyms: ['alpha-glucosidase'] },
      { id: 'drug:angiotensin_ii', kind: 'drug', label: 'Angiotensin II', synonyms: ['angiotensin'] },
      { id: 'drug:linagliptin', kind: 'drug', label: 'Linagliptin' },
    ]);
    const names = (text: string) => linkEntities({ title: '', text }, view).drugs.map((d) => d.name);
    expect(names('Effects of 6-month treatment with the glucagon like peptide-1 analogue liraglutide on arterial stiffness')).to.deep.equal(['Liraglutide']);
    expect(names('high doses of taspoglutide, a once-weekly human glucagon-like peptide-1 analogue')).to.deep.equal([]);
    expect(names('DPP-4 inhibitor and alpha-glucosidase inhibitor equally improve endothelial function')).to.deep.equal([]);
    expect(names('linagliptin to lower albuminuria on top of renin-angiotensin-aldosterone system (RAAS) inhibition')).to.deep.equal(['Linagliptin']);
    // Given as such, they still link.
    expect(names('Glucagon was injected for hypoglycaemia.')).to.deep.equal(['Glucagon']);
  });

  it('reads what a diagnostic-accuracy sentence names as tests ("The specificities of ... and 1mg DST were")', function () {
    // PMID 22522271 (type 2 diabetes): "DST" (a dexamethasone suppression test) linked DrugBank's dihydrostreptomycin.
    const view = storeLikeView([{ id: 'drug:dihydrostreptomycin', kind: 'drug', label: 'Dihydrostreptomycin', synonyms: ['DST'] }]);
    const names = (text: string) => linkEntities({ title: '', text }, view).drugs.map((d) => d.name);
    expect(names('The specificities of late-night salivary cortisol (cutoff 10 nmol/L), 24hr UFC (400 nmol) and 1mg DST (50 nmol/L) were 70% (95% CI 53-83%), 90% (76-97%) and 72% (55-85%) respectively. '
      + 'The specificity of late-night salivary cortisol was significantly less than 24 hr UFC (P=0.039) but not 1mg DST (P>0.99).')).to.deep.equal([]);
    expect(names('Dihydrostreptomycin was given for 10 days.')).to.deep.equal(['Dihydrostreptomycin']);
  });

  it('reads "anti-X" and "X-producing" as something else than X ("anti-histamine treatment", "Lactic acid-producing bacteria")', function () {
    // PMC4877819 (multiple sclerosis, rheumatoid arthritis): histamine; PMC2826289 (rheumatoid arthritis): lactic acid.
    const view = storeLikeView([{ id: 'drug:histamine', kind: 'drug', label: 'Histamine' }, { id: 'drug:lactic_acid', kind: 'drug', label: 'Lactic acid' }]);
    const names = (text: string) => linkEntities({ title: '', text }, view).drugs.map((d) => d.name);
    expect(names('One patient presented with a mild and transient skin rash, which was alleviated with anti-histamine treatment for three weeks.')).to.deep.equal([]);
    expect(names('Lactic acid-producing bacteria (LAB) probiotics demonstrate immunomodulating and anti-inflammatory effects.')).to.deep.equal([]);
    expect(names('Histamine was inhaled before the test.')).to.deep.equal(['Histamine']);
  });

  it('never reads an everyday word of clinical text as a drug synonym ("Functional Balance" is not isoxaflutole)', function () {
    // PMC4869417 and PMC5002324 (Parkinson's disease): DrugBank lists "Balance" as a synonym of isoxaflutole (a herbicide).
    const view = storeLikeView([{ id: 'drug:isoxaflutole', kind: 'drug', label: 'Isoxaflutole', synonyms: ['Balance'] }]);
    expect(linkEntities({ title: 'A Selective Corrective Exercise to Decrease Falling and Improve Functional Balance in Idiopathic Parkinson\u2019s Disease', text: '' }, view).drugs).to.deep.equal([]);
    expect(linkEntities({ title: 'Isoxaflutole residues in maize', text: '' }, view).drugs.map((d) => d.name)).to.deep.equal(['Isoxaflutole']);
  });

  it('reads the drug a studied one is added to as background ("the addition of methotrexate to etanercept")', function () {
    // PMC3504074 (psoriasis): etanercept, given in both arms, was read as the failed comparator of methotrexate.
    const r = linkEntities({
      title: 'A randomized, double-blind, placebo-controlled study to evaluate the addition of methotrexate to etanercept in patients with moderate to severe plaque psoriasis',
      text: 'Etanercept plus methotrexate combination therapy has not been adequately investigated in psoriasis.',
    }, graph);
    expect(r.drugs.map((d) => d.name.toLowerCase())).to.deep.equal(['methotrexate']);
    expect(r.notStudied.map((d) => [d.name.toLowerCase(), d.role])).to.deep.equal([['etanercept', 'background']]);
  });

  it('reads the reference product of a biosimilar trial as the comparator ("comparing SB4 with etanercept reference product")', function () {
    // PMC5264222 (rheumatoid arthritis): SB4's equivalence to etanercept was read as a null of etanercept.
    const r = linkEntities({
      title: 'A phase III randomised, double-blind, parallel-group study comparing SB4 with etanercept reference product in patients with active rheumatoid arthritis despite methotrexate therapy',
      text: 'We compared SB4 (an etanercept biosimilar) with reference product etanercept (ETN). SB4 was shown to be equivalent with ETN in terms of efficacy at week 24.',
    }, store);
    expect(r.drugs.map((d) => d.name)).to.deep.equal([]);
    expect(r.notStudied.map((d) => [d.name, d.role])).to.deep.equal([['Etanercept', 'comparator'], ['Methotrexate', 'background']]);
    const originator = linkEntities({ title: '', text: 'Equivalence of GP2015 and the etanercept originator product (ETN, Enbrel) was shown.' }, store);
    expect(originator.notStudied.map((d) => [d.name, d.role])).to.deep.equal([['Etanercept', 'comparator']]);
    expect(linkEntities({ title: '', text: 'A study comparing the efficacy of tofacitinib with methotrexate.' }, graph).notStudied.map((d) => [d.name.toLowerCase(), d.role]))
      .to.deep.equal([['methotrexate', 'comparator']]);
  });
});

describe('entity linking: issue 28 a compound is a candidate only as a studied intervention (intervention-frames.ts)', function () {
  const view = storeLikeView([
    { id: 'drug:urea', kind: 'drug', label: 'Urea' },
    { id: 'drug:creatinine', kind: 'drug', label: 'Creatinine' },
    { id: 'drug:carbon_monoxide', kind: 'drug', label: 'Carbon monoxide' },
    { id: 'drug:cholesterol', kind: 'drug', label: 'Cholesterol' },
    { id: 'drug:dextrose', kind: 'drug', label: 'Dextrose, unspecified form', synonyms: ['Glucose'] },
    { id: 'drug:lactic_acid', kind: 'drug', label: 'Lactic acid', synonyms: ['lactate'] },
    { id: 'drug:fish_oil', kind: 'drug', label: 'Fish oil' },
    { id: 'drug:olive_oil', kind: 'drug', label: 'Olive oil' },
    { id: 'drug:metformin', kind: 'drug', label: 'Metformin' },
    { id: 'drug:simvastatin', kind: 'drug', label: 'Simvastatin' },
    { id: 'drug:fenofibrate', kind: 'drug', label: 'Fenofibrate' },
    { id: 'drug:beclomethasone', kind: 'drug', label: 'Beclomethasone', synonyms: ['beclometasone'] },
    { id: 'drug:formoterol', kind: 'drug', label: 'Formoterol' },
    { id: 'drug:fingolimod', kind: 'drug', label: 'Fingolimod' },
    { id: 'drug:laquinimod', kind: 'drug', label: 'Laquinimod' },
    { id: 'drug:ozanimod', kind: 'drug', label: 'Ozanimod' },
    { id: 'drug:ponesimod', kind: 'drug', label: 'Ponesimod' },
    { id: 'drug:siponimod', kind: 'drug', label: 'Siponimod' },
    { id: 'drug:gliclazide', kind: 'drug', label: 'Gliclazide' },
    { id: 'drug:acarbose', kind: 'drug', label: 'Acarbose' },
    { id: 'drug:repaglinide', kind: 'drug', label: 'Repaglinide' },
    { id: 'drug:vildagliptin', kind: 'drug', label: 'Vildagliptin', synonyms: ['vidagliptin'] },
    { id: 'drug:glimepiride', kind: 'drug', label: 'Glimepiride' },
    { id: 'drug:insulin_glargine', kind: 'drug', label: 'Insulin glargine' },
  ]);
  const drugsOf = (text: string, title = '') => linkEntities({ title, text }, view).drugs.map((d) => d.name);
  const mentioned = (text: string, title = '') => linkEntities({ title, text }, view).notStudied.filter((d) => d.role === 'mentioned').map((d) => d.name);

  it('reads an analyte a trial reports as measured, not given (urea and creatinine, type 2 diabetes candidates)', function () {
    // PMC5457616 (symbiotic supplementation in type 2 diabetes): Urea and Creatinine were ranked as candidates.
    const text = 'There was significant reduction in urea between two groups from baseline (P = 0.03). No significant changes in baseline were shown in creatinine among the two groups or within either groups (P > 0.05).';
    expect(drugsOf(text)).to.deep.equal([]);
    expect(mentioned(text)).to.deep.equal(['Urea', 'Creatinine']);
  });

  it('reads a list of laboratory analytes and a lung-function test gas as measured (cholesterol, glucose, carbon monoxide)', function () {
    // PMID 26702345 (metabolic syndrome in children) and PMC5370803 (alogliptin and pulmonary function).
    expect(drugsOf('Blood glucose, triglycerides, cholesterol, High-density lipoprotein-cholesterol (HDL-C) and low-density lipoprotein-cholesterol (LDL-C) levels were also measured after 12 hours fasting.')).to.deep.equal([]);
    expect(drugsOf('The primary endpoints were the changes in pulmonary function parameters (total lung capacity [TLC%], diffusing capacity for carbon monoxide [DLCO%]).')).to.deep.equal([]);
  });

  it('reads a title naming a measured threshold as no intervention ("above and below lactate threshold")', function () {
    // PMC5597285 (type 2 diabetes): Lactic acid was a candidate.
    expect(drugsOf('', 'Bradykinin, insulin, and glycemia responses to exercise performed above and below lactate threshold in individuals with type 2 diabetes')).to.deep.equal([]);
  });

  it('reads the placebo vehicle as no intervention and the supplement given as one ("fish oil supplementation or olive oil placebo")', function () {
    // PMC4538741 (systemic lupus erythematosus): Olive oil was a candidate.
    expect(drugsOf('Fifty SLE patients recruited in outpatient clinics were randomized 1:1 to fish oil supplementation or olive oil placebo, and blinded to their treatment group.'))
      .to.deep.equal(['Fish oil']);
  });

  it('keeps drugs named as arms, regimens and combination products (metformin (n = 112), simvastatin plus fenofibrate, beclometasone/formoterol (200/6 microg))', function () {
    // PMC5122147, PMC4030092 (ACCORD), PMC5148913's title (asthma): each drug is given.
    expect(drugsOf('There were 210 patients with type 2 diabetes, which were randomized into metformin (n = 112) and non-metformin groups.')).to.deep.equal(['Metformin']);
    expect(drugsOf('Participants were randomized a second time to either 1) systolic BP goals or 2) simvastatin plus fenofibrate (intensive lipid) or simvastatin plus placebo (standard lipid).'))
      .to.deep.equal(['Simvastatin', 'Fenofibrate']);
    expect(drugsOf('', 'High strength extrafine pMDI beclometasone/formoterol (200/6 \u03bcg) is effective in asthma patients')).to.deep.equal(['Beclomethasone', 'Formoterol']);
  });

  // Second round: no frame is no evidence. The first round's rule (a drug is a candidate only where a mention frames
  // it as given) dropped each drug below; none of these records frames it as measured, a vehicle or a test agent.
  it('keeps a drug a review names bare ("in an effort to build on the success of fingolimod", multiple sclerosis)', function () {
    // PMID 26702336 (medline16n0902): fingolimod, a PharmacotherapyDB multiple sclerosis indication, left the dossier.
    expect(drugsOf('The majority of investigational trials involve selective sphingosine-1-phosphate receptor 1 immunomodulators, such as laquinimod, ozanimod, ponesimod, and siponimod, in an effort to build on the success of fingolimod.'))
      .to.deep.equal(['Laquinimod', 'Ozanimod', 'Ponesimod', 'Siponimod', 'Fingolimod']);
  });

  it('keeps the drugs of a control arm named in a parenthesis ("non-metformin (gliclazide, acarbose, and repaglinide, n = 98) groups")', function () {
    // PMC5122147 (type 2 diabetes): repaglinide, an approved type 2 diabetes drug, left the dossier.
    expect(drugsOf('There were 210 patients with type 2 diabetes, which were randomized into metformin (n = 112) and non-metformin (gliclazide, acarbose, and repaglinide, n = 98) groups.'))
      .to.deep.equal(['Metformin', 'Gliclazide', 'Acarbose', 'Repaglinide']);
  });

  it('keeps both sides of a comparison of combinations ("metformin-vidagliptin versus metfromin-glimepiride")', function () {
    // PMC4504059 (type 2 diabetes): glimepiride, behind a misspelt "metfromin-", left the dossier.
    expect(drugsOf('', 'Comparative evaluation of efficacy and safety of combination of metformin-vidagliptin versus metfromin-glimepiride in most frequently used doses in patients of type 2 diabetes mellitus with inadequately controlled metformin monotherapy-A randomised open label study'))
      .to.include.members(['Vildagliptin', 'Glimepiride']);
  });

  it('drops glucose the record measures ("titrated to a fasting glucose of <= 5.3 mmol/L") and keeps the insulin given', function () {
    // PMID 23999452 (ORIGIN, type 2 diabetes): glucose is a target value and a threshold, never given.
    const text = 'A total of 12 537 participants with dysglycaemia and high CV-risk were randomized to basal insulin glargine titrated to a fasting glucose of \u2264 5.3 mmol/L (95 mg/dL) or standard glycaemic care. Non-severe hypoglycaemia was defined as symptoms confirmed by glucose \u2264 54 mg/dL.';
    expect(drugsOf(text)).to.deep.equal(['Insulin glargine']);
    expect(mentioned(text)).to.deep.equal(['Dextrose, unspecified form']);
  });
});

