// CAR-T suitability and biomarker discovery through a real server on a store built here from the seed slice
// (GWAS Catalog, NCBI Gene, interactome, Bgee) WITHOUT the seed's surfaceome slice, plus a surfaceome
// workbook WRITTEN HERE (test values, not the atlas's, so every rank can be worked out). First without any
// surfaceome snapshot: 409 for both (the seed server's 200s are in test/api/ops/run-all-seed.int.spec.ts). Then every candidate, factor value, rank and
// rank product is recomputed in the spec from the seed files and the workbook (fractional ranks and the
// geometric mean written out here), with 404 / 422, the jobs and the HTML reports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'chai';
import { BiomedEnv, startBiomedEnv } from '../../biomed/support/biomed-env';
import { bestMlogPerGene, bgeeCalls, expectedTissues, fractionalRank, geneInfo, gwasRows, Json, runJob, SEED, tsv } from './support/gene-analyses';

const VITAL = ['UBERON:0000955', 'UBERON:0002240', 'UBERON:0000948', 'UBERON:0002048', 'UBERON:0002107', 'UBERON:0002113', 'UBERON:0001264',
  'UBERON:0000945', 'UBERON:0002108', 'UBERON:0001155', 'UBERON:0002369', 'UBERON:0002046', 'UBERON:0002371'];
const HEADER = ['Ensembl ID', 'Gene Name', 'Functional annotation', 'Genomic location', 'Core Score', 'CSPA*3', 'HPA*2', 'UniProt*1'];
/** Test values (not the atlas's): SLE genes, interactome partners of SLE genes, others, and one 0. */
const WORKBOOK_ROWS: [string, string, number, number | null, number | null, number | null][] = [
  ['ENSG00000169896', 'ITGAM', 6, 3, 2, 1], ['ENSG00000026508', 'CD44', 5, 3, 2, null], ['ENSG00000196126', 'HLA-DRB1', 4, 3, null, 1],
  ['ENSG00000117586', 'TNFSF4', 3, null, 2, 1], ['ENSG00000121594', 'CD80', 5, 3, 2, null], ['ENSG00000178562', 'CD28', 6, 3, 2, 1],
  ['ENSG00000163599', 'CTLA4', 4, 3, null, 1], ['ENSG00000029534', 'ANK1', 1, null, null, 1], ['ENSG00000146648', 'EGFR', 6, 3, 2, 1],
  ['ENSG00000177455', 'CD19', 6, 3, 2, 1], ['ENSG00000138378', 'STAT4', 0, null, null, null],
];
const GENE_INFO = path.join(SEED, 'ncbi-gene/Homo_sapiens.seed.gene_info');
const SSSOM = path.join(SEED, 'mondo/mondo_exactmatch_doid.seed.sssom.tsv');

async function writeWorkbook(file: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('GESP score');
  sheet.addRow(['Gene Information', null, null, null, 'GESP score']);
  sheet.addRow(HEADER);
  for (const [ensembl, symbol, score, ...cells] of WORKBOOK_ROWS) sheet.addRow([ensembl, symbol, null, null, score, ...cells]);
  await wb.xlsx.writeFile(file);
}

/** The seed files' view of SLE: its genes, their strongest -log10 p, the interactome partners and the test scores, by NCBI id. */
function sleFromFiles() {
  const rows = gwasRows(path.join(SEED, 'gwas-catalog'), 'gene-associations.seed.tsv', 'snp-associations.seed.tsv', 'DOID:9074');
  const info = geneInfo(GENE_INFO);
  const sle = new Set(rows.genes.map((r) => r.gene!));
  const partners = new Map<string, Set<string>>();
  for (const r of tsv(path.join(SEED, 'ppi/protein-interactions.seed.tsv'))) {
    const [a, b] = [info.bySymbol.get(r.source_symbol!), info.bySymbol.get(r.target_symbol!)];
    if (!a || !b || a === b) continue;
    for (const [x, y] of [[a, b], [b, a]] as const) if (sle.has(y) && !sle.has(x)) partners.set(x, (partners.get(x) ?? new Set()).add(y));
  }
  const gesp = new Map(WORKBOOK_ROWS.map(([ensembl, , score]) => [info.byEnsembl.get(ensembl)![0]!, score]));
  const cspa = new Map(WORKBOOK_ROWS.map(([ensembl, , , cell]) => [info.byEnsembl.get(ensembl)![0]!, cell]));
  const symbolToId = new Map(WORKBOOK_ROWS.map(([ensembl, symbol]) => [symbol, info.byEnsembl.get(ensembl)![0]!]));
  return { sle, best: bestMlogPerGene(rows), partners, gesp, cspa, symbolToId };
}

describe('analysis: CAR-T suitability and biomarker discovery (GET /api/cart/suitability, /api/biomarker/discover)', function () {
  this.timeout(300_000);
  let env: BiomedEnv;
  let dir: string;

  before(async () => {
    env = await startBiomedEnv();
    await env.runtime.startWorkers();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cart-'));
    for (const [resource, files] of [
      ['ncbi_gene', [GENE_INFO]],
      ['gwas_catalog', [path.join(SEED, 'gwas-catalog/gene-associations.seed.tsv'), path.join(SEED, 'gwas-catalog/snp-associations.seed.tsv'), SSSOM]],
      ['ppi', [path.join(SEED, 'ppi/protein-interactions.seed.tsv'), GENE_INFO]],
      ['bgee', [path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), path.join(SEED, 'bgee/diffex.seed.tsv.gz')]],
    ] as const) {
      const result = await env.import({ resource, files: [...files] });
      expect(result.outcome, `${resource}: ${'message' in result ? result.message : ''}`).to.equal('imported');
    }
  });
  after(async () => { await env?.close(); if (dir) fs.rmSync(dir, { recursive: true, force: true }); });

  it('answers 409 ModuleNotAvailableError naming the surfaceome while none is imported', async () => {
    for (const url of ['/api/cart/suitability?disease=sle', '/api/biomarker/discover?disease_id=sle']) {
      const { status, body } = await env.get(url);
      expect(status, url).to.equal(409);
      expect(body.error_type).to.equal('ModuleNotAvailableError');
      expect(body.detail).to.match(/surfaceome/);
    }
    const workbook = path.join(dir, 'gesp-test.xlsx');
    await writeWorkbook(workbook);
    const result = await env.import({ resource: 'surfaceome', files: [workbook, GENE_INFO], allowUnpinned: true }); // a test workbook: no pinned checksum
    expect(result.outcome).to.equal('imported');
  });

  it('CAR-T: candidates, factors, ranks and rank products as recomputed from the seed files and the workbook', async () => {
    const { status, body } = await env.get('/api/cart/suitability?disease=sle&top_n=500');
    expect(status).to.equal(200);
    expect(body).to.include({ module: 'cart-suitability', seed: null });
    expect(body.parameters).to.deep.equal({ disease: 'sle', top_n: 500 });
    expect(body.disclaimer).to.match(/Research use only/);
    const f = sleFromFiles();
    const present = bgeeCalls(path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), '1');
    const used = VITAL.filter((id) => present.anatomy.includes(id));
    expect(body.vital_tissues.used.map((t: Json) => t.id)).to.deep.equal(used);
    // The surface gate: listed by CSPA (the workbook's only gate resource; SURFY is not in it). SLE's cell-population
    // antigens (B cells: CD19 930, MS4A1 931, CD22 933; plasma cells: 608, 57823, 952) join its GWAS genes and partners;
    // no drug-disease edge is imported here, so no clinical precedence.
    const populations = new Set(['930', '931', '933', '608', '57823', '952']);
    const relevant = (id: string) => populations.has(id) || f.sle.has(id) || f.partners.has(id);
    const candidates = [...f.cspa].filter(([id, cspa]) => cspa !== null && relevant(id)).map(([id]) => id);
    const gated = [...f.gesp.keys()].filter((id) => relevant(id) && f.cspa.get(id) === null);
    expect(gated).to.include(f.symbolToId.get('TNFSF4')); // an SLE GWAS gene with HPA/UniProt evidence only: gated out, the BLK case
    expect(new Set((body.antigens as Json[]).map((a) => a.id))).to.deep.equal(new Set(candidates.map((id) => `NCBIGene:${id}`)));
    for (const id of gated) expect((body.antigens as Json[]).map((a) => a.id)).to.not.include(`NCBIGene:${id}`);
    expect(body.surface_gate.failed_listed.map((x: Json) => x.id)).to.include(`NCBIGene:${f.symbolToId.get('TNFSF4')}`);
    const vital = candidates.map((id) => { const s = present.calls.get(id); return s && s.size > 0 ? used.filter((t) => s.has(t)).length : null; });
    const relevance = candidates.map((id) => (populations.has(id) ? [2, 1] : f.sle.has(id) ? [1, f.best.get(id)!] : [0, f.partners.get(id)!.size]));
    const relKey = relevance.map(([tier, strength]) => relevance.filter(([t, s]) => t! > tier! || (t === tier && s! > strength!)).length); // lexicographic "better" count
    for (const a of body.antigens as Json[]) {
      const i = candidates.indexOf(a.id.replace('NCBIGene:', ''));
      expect(a.surface.gesp_score).to.equal(f.gesp.get(candidates[i]!));
      expect(a.surface.max_score).to.equal(6);
      expect(a.surface.gate).to.deep.equal(['CSPA']);
      expect(a.vital_tissues.count).to.equal(vital[i]);
      const id = candidates[i]!;
      expect(a.disease_relevance.kind).to.equal(populations.has(id) ? 'cell_population' : f.sle.has(id) ? 'gwas' : 'interactor');
      if (a.disease_relevance.kind === 'gwas') expect(a.disease_relevance.best_mlog_pvalue).to.equal(f.best.get(id));
      if (a.disease_relevance.kind === 'interactor') expect(a.disease_relevance.interacting_disease_genes.map((x: Json) => x.id.replace('NCBIGene:', '')).sort()).to.deep.equal([...f.partners.get(id)!].sort());
      const r1 = relKey[i]! + (relKey.filter((k, j) => relevance[j]![0] === relevance[i]![0] && relevance[j]![1] === relevance[i]![1]).length + 1) / 2;
      const r2 = fractionalRank(vital.map((v) => v ?? used.length + 1), i, false);
      expect([a.disease_relevance.rank, a.vital_tissues.rank], a.symbol).to.deep.equal([r1, r2]);
      expect(a.rank_product).to.be.closeTo(Math.sqrt(r1 * r2), 1e-12);
    }
    for (let i = 1; i < body.antigens.length; i++) expect(body.antigens[i].rank_product).to.be.at.least(body.antigens[i - 1].rank_product);
    expect(body.antigens.map((a: Json) => a.symbol)).to.include('CD19');
    console.log(`      CAR-T SLE (seed + test workbook): ${(body.antigens as Json[]).map((a) => `${a.symbol} ${a.rank_product.toFixed(2)}`).join(', ')}`);
  });

  it('biomarkers: relevant tissues, factors, ranks and rank products as recomputed from the seed files and the workbook', async () => {
    const { status, body } = await env.get('/api/biomarker/discover?disease_id=sle&top_n=500');
    expect(status).to.equal(200);
    expect(body.parameters).to.deep.equal({ disease_id: 'sle', top_n: 500, max_fdr: 0.05 });
    expect(body.sources.secreted.status).to.equal('not_available');
    const f = sleFromFiles();
    const tissues = expectedTissues(path.join(SEED, 'bgee/present-in-adult.seed.tsv.gz'), path.join(SEED, 'bgee/diffex.seed.tsv.gz'), f.sle);
    const relevant = tissues.rows.filter((r) => r.fdr <= 0.05).map((r) => r.id);
    expect(relevant.length).to.be.greaterThan(0);
    expect(new Set(body.relevant_tissues.tissues.map((t: Json) => t.id))).to.deep.equal(new Set(relevant));
    const over = bgeeCalls(path.join(SEED, 'bgee/diffex.seed.tsv.gz'), '1').calls;
    const genes = [...f.sle];
    const g1 = genes.map((id) => f.best.get(id)!);
    const g2 = genes.map((id) => relevant.filter((t) => over.get(id)?.has(t)).length);
    const g3 = genes.map((id) => f.gesp.get(id) ?? 0);
    expect(body.biomarkers.length).to.equal(genes.length);
    for (const b of body.biomarkers as Json[]) {
      const i = genes.indexOf(b.id.replace('NCBIGene:', ''));
      expect([b.genetic.best_mlog_pvalue ?? 0, b.over_expression.count, b.accessibility.surface_gesp_score ?? 0], b.symbol).to.deep.equal([g1[i], g2[i], g3[i]]);
      const ranks = [fractionalRank(g1, i, true), fractionalRank(g2, i, true), fractionalRank(g3, i, true)];
      expect([b.genetic.rank, b.over_expression.rank, b.accessibility.rank], b.symbol).to.deep.equal(ranks);
      expect(b.rank_product).to.be.closeTo(Math.cbrt(ranks[0]! * ranks[1]! * ranks[2]!), 1e-12);
      expect(b.criteria.surface_evidence).to.equal(g3[i]! > 0);
    }
    expect(body.counts.all_criteria_met).to.equal((body.biomarkers as Json[]).filter((b) => Object.values(b.criteria).every(Boolean)).length);
    console.log(`      biomarkers SLE (seed + test workbook): relevant tissues ${relevant.join(', ')}; top ${(body.biomarkers as Json[]).slice(0, 5).map((b) => `${b.symbol} ${b.rank_product.toFixed(2)}`).join(', ')}`);
  });

  it('answer 404 for unknown diseases and 422 for bad parameters (CAR-T takes `disease`, biomarkers `disease_id`)', async () => {
    expect((await env.get('/api/cart/suitability?disease=no_such_disease')).status).to.equal(404);
    expect((await env.get('/api/cart/suitability?disease=MONDO:9999999')).status).to.equal(404);
    expect((await env.get('/api/biomarker/discover?disease_id=no_such_disease')).status).to.equal(404);
    for (const url of ['/api/cart/suitability?disease_id=sle', '/api/cart/suitability?top_n=0', '/api/cart/suitability?top_n=9e999', '/api/cart/suitability?disease=%00',
      '/api/biomarker/discover?disease=sle', '/api/biomarker/discover?top_n=501', '/api/biomarker/discover?max_fdr=-1', '/api/biomarker/discover?disease_id=%ED%A0%80']) {
      const { status, body } = await env.get(url);
      expect(status, url).to.equal(422);
      expect(body.detail[0].loc[0]).to.equal('query');
    }
  });

  it('run as jobs with the GET routes\' results and write HTML reports', async () => {
    for (const [module, route, query, heading] of [
      ['cart-suitability', '/api/cart/suitability', 'disease=sle&top_n=5', 'CAR-T suitability — '],
      ['biomarker-discovery', '/api/biomarker/discover', 'disease_id=sle&top_n=5', 'Biomarker candidates — '],
    ] as const) {
      const sync = (await env.get(`${route}?${query}`)).body;
      const job = await runJob(env.baseUrl, module, `${query}&export_html=true`);
      expect(job.status, JSON.stringify(job.error ?? null)).to.equal('SUCCESS');
      const { report_path: reportPath, ...result } = job.result;
      expect(result).to.deep.equal(sync);
      const html = fs.readFileSync(reportPath, 'utf8');
      expect(html).to.include(heading);
      expect(html).to.include(sync[module === 'cart-suitability' ? 'antigens' : 'biomarkers'][0].symbol);
      expect(html).to.include('Research use only');
    }
  });
});
