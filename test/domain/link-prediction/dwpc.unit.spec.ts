// DWPC (Himmelstein & Baranzini 2015) from the propagation engine against hand-worked values and against a
// naive enumeration of every simple path (graph-fixtures.ts) on random graphs, for every metapath of the model.
import { expect } from 'chai';
import { DwpcEngine } from '../../../domain/link-prediction/dwpc';
import { pairKey } from '../../../domain/link-prediction/hetnet-view';
import { assertSupported, CANDIDATE_METAPATHS, METAPATHS } from '../../../domain/link-prediction/metapaths';
import { Edge, graphOf, naivePaths, randomEdges, viewOf } from './graph-fixtures';

const byId = (id: string) => [...METAPATHS, ...CANDIDATE_METAPATHS].find((m) => m.id === id)!;

function dwpcOf(edges: Edge[], metapath: string, compound: string, disease: string): { dwpc: number; paths: number } {
  const g = graphOf(edges);
  const view = viewOf(g, edges);
  const v = new DwpcEngine(g.nodeCount).toDisease(view, byId(metapath), g.lookup(disease)!);
  const k = [...v.nodes].indexOf(g.lookup(compound)!);
  return k < 0 ? { dwpc: 0, paths: 0 } : { dwpc: v.dwpc[k]!, paths: v.paths[k]! };
}

describe('link prediction: DWPC', () => {
  it('matches a hand-worked CbGaD: one path, degrees 2 (compound) and 2 (gene) on CbG, 1 and 1 on DaG', () => {
    // C1 binds G1 and G2; C2 binds G1; D1 is associated with G1 only.
    // The path C1-G1-D1: (D_out(C1)=2 · D_in(G1)=2)^-0.4 · (D_out(D1)=1 · D_in(G1)=1)^-0.4 = 4^-0.4 = 0.574349...
    const edges: Edge[] = [['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['BINDS', 'DRUGBANK:DB00001', 'NCBIGene:2'], ['TARGETS', 'DRUGBANK:DB00002', 'NCBIGene:1'], ['ASSOCIATES', 'MONDO:0000001', 'NCBIGene:1']];
    const r = dwpcOf(edges, 'CbGaD', 'DRUGBANK:DB00001', 'MONDO:0000001');
    expect(r.paths).to.equal(1);
    expect(r.dwpc).to.be.closeTo(Math.pow(4, -0.4), 1e-12);
    expect(Math.pow(4, -0.4)).to.be.closeTo(0.574349, 1e-6);
  });

  it('counts TARGETS and BINDS of one pair as one CbG edge', () => {
    const edges: Edge[] = [['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['BINDS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['ASSOCIATES', 'MONDO:0000001', 'NCBIGene:1']];
    // One path, every degree 1: DWPC 1.
    expect(dwpcOf(edges, 'CbGaD', 'DRUGBANK:DB00001', 'MONDO:0000001')).to.deep.equal({ dwpc: 1, paths: 1 });
  });

  it('leaves out walks that return to the compound (CbGbCtD): a compound is not its own similar compound', () => {
    // C1 binds G1 and treats D1; C2 binds G1 and treats D1. For C1 the walk C1-G1-C1-D1 is not a path;
    // the one path C1-G1-C2-D1 weighs (2·... ) : CbG D_out(C1)=1, D_in(G1)=2; CbG D_out(C2)=1, D_in(G1)=2;
    // CtD D_out(C2)=1, D_in(D1)=2: (1·2)^-0.4 · (1·2)^-0.4 · (1·2)^-0.4 = 2^-1.2.
    const edges: Edge[] = [['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['TARGETS', 'DRUGBANK:DB00002', 'NCBIGene:1'], ['TREATS', 'DRUGBANK:DB00001', 'MONDO:0000001'], ['TREATS', 'DRUGBANK:DB00002', 'MONDO:0000001']];
    const r = dwpcOf(edges, 'CbGbCtD', 'DRUGBANK:DB00001', 'MONDO:0000001');
    expect(r.paths).to.equal(1);
    expect(r.dwpc).to.be.closeTo(Math.pow(2, -1.2), 1e-12);
  });

  it('matches hand-worked CrCtD and CrCrCtD (resembles is symmetric: a compound\'s CrC degree counts every resembles edge)', () => {
    // C1 resembles C2 and C3; C2 treats D1. CrC degrees: C1 2, C2 1, C3 1; CtD: C2 out 1, D1 in 1.
    const edges: Edge[] = [['RESEMBLES', 'DRUGBANK:DB00001', 'DRUGBANK:DB00002'], ['RESEMBLES', 'DRUGBANK:DB00003', 'DRUGBANK:DB00001'], ['TREATS', 'DRUGBANK:DB00002', 'MONDO:0000001'],
      // Side effects only to put C1 and C3 in the graph (resembles edges are not stored): no CrC path uses them.
      ['CAUSES', 'DRUGBANK:DB00001', 'UMLS:C0000001'], ['CAUSES', 'DRUGBANK:DB00003', 'UMLS:C0000001']];
    // CrCtD, C1: the path C1-C2-D1 weighs (2·1)^-0.4 · (1·1)^-0.4 = 2^-0.4.
    expect(dwpcOf(edges, 'CrCtD', 'DRUGBANK:DB00001', 'MONDO:0000001').dwpc).to.be.closeTo(Math.pow(2, -0.4), 1e-12);
    // C2 resembles only C1, which treats nothing: no path (its own treatment is not reached through itself).
    expect(dwpcOf(edges, 'CrCtD', 'DRUGBANK:DB00002', 'MONDO:0000001')).to.deep.equal({ dwpc: 0, paths: 0 });
    // CrCrCtD, C3: C3-C1-C2-D1 weighs (1·2)^-0.4 · (2·1)^-0.4 · 1 = 2^-0.8.
    expect(dwpcOf(edges, 'CrCrCtD', 'DRUGBANK:DB00003', 'MONDO:0000001').dwpc).to.be.closeTo(Math.pow(2, -0.8), 1e-12);
    // CrCrCtD, C2: the only walk C2-C1-C2-D1 revisits C2, so no simple path.
    expect(dwpcOf(edges, 'CrCrCtD', 'DRUGBANK:DB00002', 'MONDO:0000001')).to.deep.equal({ dwpc: 0, paths: 0 });
  });

  it('matches a hand-worked CtDrD: DrD joins a treated disease to its GWAS-annotated subtype, not to a bare IS_A child', () => {
    // D1 is_a D0, D2 is_a D0; C1 and C2 treat D0; D1 has a GWAS gene; D2 has no edge but its IS_A.
    // Wang: S_D1 = {D1 1, D0 0.8}, S_D0 = {D0 1}: sim = (0.8 + 1) / (1.8 + 1) = 0.643 ≥ 0.5, an edge; D2 resembles
    // D0 as much but is no disease of the catalogue or the GWAS set, so it has no DrD edge.
    const edges: Edge[] = [['IS_A', 'MONDO:0000001', 'MONDO:0000000'], ['IS_A', 'MONDO:0000002', 'MONDO:0000000'],
      ['TREATS', 'DRUGBANK:DB00001', 'MONDO:0000000'], ['TREATS', 'DRUGBANK:DB00002', 'MONDO:0000000'], ['ASSOCIATES', 'MONDO:0000001', 'NCBIGene:1']];
    // C1-D0-D1: CtD (D_out(C1) 1 · D_in(D0) 2)^-0.4 · DrD (1 · 1)^-0.4 = 2^-0.4.
    expect(dwpcOf(edges, 'CtDrD', 'DRUGBANK:DB00001', 'MONDO:0000001')).to.deep.equal({ dwpc: Math.pow(2, -0.4), paths: 1 });
    expect(dwpcOf(edges, 'CtDrD', 'DRUGBANK:DB00001', 'MONDO:0000002')).to.deep.equal({ dwpc: 0, paths: 0 });
  });

  it('gives exactly 0 when the only walk revisits a node', () => {
    const edges: Edge[] = [['TARGETS', 'DRUGBANK:DB00001', 'NCBIGene:1'], ['TREATS', 'DRUGBANK:DB00001', 'MONDO:0000001']];
    expect(dwpcOf(edges, 'CbGbCtD', 'DRUGBANK:DB00001', 'MONDO:0000001')).to.deep.equal({ dwpc: 0, paths: 0 });
  });

  for (const metapath of [...METAPATHS, ...CANDIDATE_METAPATHS]) {
    it(`equals the naive enumeration of simple paths for ${metapath.abbreviation} on random graphs`, () => {
      let found = 0; // the random graphs must hold paths of the metapath, or the comparison checks nothing
      for (let seed = 1; seed <= 12; seed++) {
        const edges = randomEdges(seed, 0.25 + (seed % 3) * 0.15);
        const g = graphOf(edges);
        const view = viewOf(g, edges);
        const engine = new DwpcEngine(g.nodeCount);
        for (let d = 0; d < g.nodeCount; d++) {
          if (g.typeOf(d) !== 'Disease') continue;
          const v = engine.toDisease(view, metapath, d);
          for (let c = 0; c < g.nodeCount; c++) {
            if (g.typeOf(c) !== 'Compound') continue;
            const naive = naivePaths(edges, metapath, g.id(c), g.id(d));
            const k = [...v.nodes].indexOf(c);
            const expected = naive.reduce((s, p) => s + p.weight, 0);
            expect(k < 0 ? 0 : v.paths[k], `${metapath.id} ${g.id(c)} ${g.id(d)} seed ${seed}`).to.equal(naive.length);
            found += naive.length;
            expect(k < 0 ? 0 : v.dwpc[k]!, `${metapath.id} ${g.id(c)} ${g.id(d)} seed ${seed}`).to.be.closeTo(expected, 1e-12);
          }
        }
      }
      expect(found, metapath.id).to.be.greaterThan(0);
    });
  }

  it('a view without some treatments equals the graph built without them (degrees included)', () => {
    const edges = randomEdges(7, 0.45);
    const g = graphOf(edges);
    const treats = edges.filter((e) => e[0] === 'TREATS');
    const dropped = treats.slice(0, 2);
    const reduced = graphOf(edges.filter((e) => !dropped.includes(e)));
    const kept = edges.filter((e) => !dropped.includes(e));
    const view = viewOf(g, edges).withoutTreats(new Set(dropped.map(([, s, o]) => pairKey(g.lookup(s)!, g.lookup(o)!, g.nodeCount))));
    const reducedView = viewOf(reduced, kept);
    for (const metapath of [...METAPATHS, ...CANDIDATE_METAPATHS].filter((m) => m.usesTreats)) {
      for (let d = 0; d < g.nodeCount; d++) {
        if (g.typeOf(d) !== 'Disease') continue;
        const a = new DwpcEngine(g.nodeCount).toDisease(view, metapath, d);
        const dr = reduced.lookup(g.id(d));
        const expected = new Map<string, number>();
        if (dr !== undefined) {
          const b = new DwpcEngine(reduced.nodeCount).toDisease(reducedView, metapath, dr);
          b.nodes.forEach((c, k) => expected.set(reduced.id(c), b.dwpc[k]!));
        }
        const got = new Map<string, number>();
        a.nodes.forEach((c, k) => got.set(g.id(c), a.dwpc[k]!));
        expect([...got.keys()].sort(), metapath.id).to.deep.equal([...expected.keys()].sort());
        for (const [c, value] of got) expect(value).to.be.closeTo(expected.get(c)!, 1e-12);
      }
    }
  });

  it('refuses metapaths whose repeats the engine cannot remove exactly', () => {
    expect(() => assertSupported({ id: 'CbGbCbGaD', steps: [{ metaedge: 'CbG', forward: true }, { metaedge: 'CbG', forward: false }, { metaedge: 'CbG', forward: true }, { metaedge: 'DaG', forward: false }] })).to.throw(/overlapping|chained/);
    expect(() => assertSupported({ id: 'CbGiGiGaD', steps: [{ metaedge: 'CbG', forward: true }, { metaedge: 'GiG', forward: true }, { metaedge: 'GiG', forward: true }, { metaedge: 'DaG', forward: false }] })).to.not.throw();
  });
});
