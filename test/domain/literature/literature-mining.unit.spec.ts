// Literature mining on four hand-written articles, every count worked out by hand in the comments.
import { expect } from 'chai';
import { diseaseMatcher } from '../../../domain/literature/disease-mention';
import { mineLiterature, type LiteratureRecord } from '../../../domain/literature/literature-mining';
import { renderLiteratureHtml } from '../../../commands/analysis/literature/render-literature-html';
import { InMemoryGraph } from '../workspace/workspace-fixtures';

const record = (pmid: string, published: string | null, title: string, text: string, synthetic = false): LiteratureRecord =>
  ({ pmid, title, text, published, synthetic, url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/` });

// A (2019, synthetic): JAK1, JAK3, tofacitinib studied; methotrexate only prior therapy; outcome positive (p < 0.001).
// B (2020): JAK1 only; outcome null (did not differ significantly, p = 0.40).
// C (2020): tofacitinib in psoriasis: does not name rheumatoid arthritis -> not counted.
// D (undated): methotrexate named, untagged, in the title -> studied.
const RECORDS = [
  record('1', '2019-05-01', 'Tofacitinib in rheumatoid arthritis', 'Tofacitinib inhibits JAK1 and JAK3. Patients had an inadequate response to methotrexate. '
    + 'Tofacitinib significantly improved ACR20 response compared with placebo (p < 0.001).', true),
  record('2', '2020-01-01', 'Synovial kinases in RA', 'JAK1 expression did not differ significantly between patients with rheumatoid arthritis and controls (p = 0.40).'),
  record('3', '2020-02-02', 'Tofacitinib in psoriasis', 'Tofacitinib improved PASI scores.'),
  record('4', null, 'Methotrexate in early rheumatoid arthritis', 'Methotrexate versus placebo was studied.'),
];

const ids = { gene: (s: string) => `G:${s}`, drug: (n: string) => `D:${n.toLowerCase()}` };
// Tofacitinib is not in the DrugBank seed slice: the graph names it, as the curated graph does.
const graph = new InMemoryGraph([{ id: 'drug:tofacitinib', kind: 'drug', label: 'tofacitinib' }], []);
const options = { diseaseNames: ['rheumatoid arthritis', 'RA'], ids, graph, maxEntities: 10 };

describe('literature mining (co-mentions)', function () {
  const result = mineLiterature(RECORDS, options);
  const row = (list: typeof result.genes, label: string) => list.find((r) => r.label.toLowerCase() === label.toLowerCase());

  it('counts only articles that name the disease', function () {
    expect(result.counts).to.deep.include({ articles_retrieved: 4, articles_naming_disease: 3, articles_with_gene: 2, articles_with_drug: 2, synthetic_articles: 1 });
    expect(result.articles.find((a) => a.pmid === '3')!.names_disease).to.equal(false);
  });

  it('lists genes and studied drugs with their PMIDs, years and outcome classes', function () {
    expect(result.genes.map((g) => [g.label, g.articles])).to.deep.equal([['JAK1', 2], ['JAK3', 1]]);
    expect(row(result.genes, 'JAK1')).to.deep.include({ id: 'G:JAK1', per_year: { 2019: 1, 2020: 1 } });
    expect(row(result.genes, 'JAK1')!.pmids).to.deep.equal([{ pmid: '1', synthetic: true }, { pmid: '2', synthetic: false }]);
    expect(row(result.genes, 'JAK1')!.outcomes).to.deep.include({ positive: 1, null: 1 });
    // Tofacitinib: article 1 only (article 3 does not name RA). Methotrexate: article 4 only (background in 1).
    expect(row(result.drugs, 'tofacitinib')!.pmids.map((p) => p.pmid)).to.deep.equal(['1']);
    expect(row(result.drugs, 'methotrexate')!.pmids.map((p) => p.pmid)).to.deep.equal(['4']);
    expect(result.articles[0]!.not_studied).to.deep.equal([{ name: 'Methotrexate', role: 'background' }]);
  });

  it('counts per year (undated last) and per outcome class', function () {
    expect(result.per_year).to.deep.equal([
      { year: 2019, articles: 1, with_gene: 1, with_drug: 1 },
      { year: 2020, articles: 1, with_gene: 1, with_drug: 0 },
      { year: null, articles: 1, with_gene: 0, with_drug: 1 },
    ]);
    expect(result.outcome_classes.positive + result.outcome_classes.null).to.be.at.least(2);
    expect(Object.values(result.outcome_classes).reduce((a, b) => a + b, 0)).to.equal(3);
  });

  it('reads each article with the effect reader: direction, favourability and the deciding sentence', function () {
    const a = result.articles[0]!.outcome;
    expect(a).to.deep.include({ class: 'positive', rule: 'effect_reader', direction: 'increased', favourability: 'favourable' });
    expect(a.sentence).to.equal('Tofacitinib significantly improved ACR20 response compared with placebo (p < 0.001).');
    expect(result.articles[1]!.outcome).to.deep.include({ class: 'null', direction: 'no_difference', favourability: 'null' });
  });

  it('lets neither a background sentence nor the most severe sentence decide an article (issue 27)', function () {
    // The former abstract classifier ranked harm above all and read every sentence: the first sentence,
    // about deaths in the disease, made this positive trial "harm".
    const text = 'Deaths from rheumatoid arthritis remain frequent and excess mortality was reported. We compared tofacitinib with placebo in 120 patients. '
      + 'Flares were significantly fewer with tofacitinib than with placebo (p = 0.01).';
    const mined = mineLiterature([record('9', '2021-01-01', 'Tofacitinib in RA', text)], options);
    expect(mined.articles[0]!.outcome).to.deep.include({ class: 'positive', direction: 'decreased', favourability: 'favourable' });
    expect(mined.outcome_classes).to.deep.include({ harm: 0, positive: 1 });
  });

  it('never links a synthetic record to PubMed', function () {
    expect(result.articles[0]).to.include({ synthetic: true, url: null });
    expect(result.articles[1]!.url).to.equal('https://pubmed.ncbi.nlm.nih.gov/2/');
  });

  it('keeps only the genes keepGene accepts, and says how many it left out', function () {
    const targeted = mineLiterature(RECORDS, { ...options, keepGene: (id) => id === 'G:JAK3' });
    expect(targeted.genes.map((g) => g.label)).to.deep.equal(['JAK3']);
    expect(targeted.counts.genes_left_out_untargeted).to.equal(1);
    expect(targeted.drugs).to.deep.equal(result.drugs);
  });

  it('matches upper-case disease abbreviations only as written', function () {
    const named = diseaseMatcher(['RA', 'systemic lupus erythematosus']);
    expect(named('Patients with RA')).to.equal(true);
    expect(named('the ra of the data')).to.equal(false);
    expect(named('Systemic Lupus-Erythematosus')).to.equal(true);
    expect(named('CRA-1 levels')).to.equal(false);
  });

  it('escapes every value in the HTML report', function () {
    const evil = '<script>alert("x")</script>&';
    const html = renderLiteratureHtml({
      ...result, disease: { curie: evil, label: evil }, method: evil, disclaimer: 'Research use only', note: evil,
      source: { retrieval_mode: evil, synthetic_records: 1 },
      articles: [{ ...result.articles[0]!, title: evil, url: 'javascript:alert(1)' }], genes: [{ ...result.genes[0]!, label: evil }],
    });
    expect(html).to.not.include('<script>');
    expect(html).to.not.include('javascript:');
    expect(html).to.include('&lt;script&gt;');
    expect(html).to.include('[synthetic example]');
  });
});
