// npm run bench:network-null — profiling harness for the network-medicine permutation loops (issue 29 follow-up), no database: the real
// interactome topology of ../shared/data/ppi (HGNC pairs) with synthetic compounds (target counts drawn so
// that ~2,000 compounds hold ~6,500 targets, as the full graph's candidates do) and a synthetic disease of
// `BENCH_DISEASE_GENES` genes. Times repurposing's proximity run (1,000 permutations) and the drug-combination
// nulls (target-set and randomised-network) of 60 drugs, and prints a checksum of the results, so a change
// that should not alter the numbers can be compared before/after. Run under `node --cpu-prof` to profile.
// BENCH_SMOKE=1: 100 permutations, 3 networks.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { edgeTypeIndex } from '../domain/knowledge-graph/metagraph';
import { KnowledgeGraphBuilder } from '../domain/knowledge-graph/typed-graph';
import { buildInteractome, largestComponent } from '../domain/network-medicine/interactome';
import { networkProximity } from '../domain/network-medicine/network-proximity';
import { buildInteractome as synergyInteractome } from '../domain/synergy/interactome';
import { separationNull } from '../domain/synergy/separation-null';
import { networkRandomisationNull } from '../domain/synergy/network-randomisation-null';
import { setDistances } from '../domain/synergy/interactome';
import { seededRandom } from '../domain/shared/seeded-random';
import { printFigures, requireSharedData, SHARED_DATA_DIR, SMOKE } from './smoke';

const GiG = edgeTypeIndex('INTERACTS_WITH')!;

function main(): void {
  requireSharedData('network-null', [path.join(SHARED_DATA_DIR, 'ppi/protein-interactions.txt.gz')]);
  const text = zlib.gunzipSync(fs.readFileSync(path.join(SHARED_DATA_DIR, 'ppi/protein-interactions.txt.gz'))).toString('utf8');
  const b = new KnowledgeGraphBuilder([{ snapshot_id: 's', resource: 'ppi' }]);
  let i = 0;
  for (const line of text.split('\n').slice(1)) {
    const f = line.split('\t');
    if (f.length < 3 || f[0] === f[2]) continue;
    b.addEdge(GiG, f[0]!, f[2]!, 0, i++);
  }
  const g = b.build(new Map(), new Map());
  const network = largestComponent(buildInteractome(g));
  const random = seededRandom(29);
  const pick = (k: number): number[] => {
    const s = new Set<number>();
    while (s.size < k) s.add(Math.floor(random() * network.size));
    return [...s].sort((x, y) => x - y);
  };
  const diseaseGenes = pick(Number(process.env['BENCH_DISEASE_GENES'] ?? 150));
  const compounds = Array.from({ length: 2060 }, (_, c) => {
    const u = random();
    const k = u < 0.45 ? 1 : u < 0.65 ? 2 : u < 0.8 ? 3 : 4 + Math.floor(random() * random() * 20);
    return { key: `DRUGBANK:DB${String(c).padStart(5, '0')}`, targets: pick(k) };
  });
  const permutations = SMOKE ? 100 : 1000;
  // Wall and CPU time (the machine is shared: CPU time is the steadier figure under load).
  const timer = () => { const w = process.hrtime.bigint(); const c = process.cpuUsage(); return () => `${(Number(process.hrtime.bigint() - w) / 1e6).toFixed(0)} ms (cpu ${cpuMs(process.cpuUsage(c)).toFixed(0)} ms)`; };
  const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e3;
  let t = process.hrtime.bigint();
  let clock = timer();
  const prox = networkProximity({ network, diseaseGenes, compounds, permutations, seed: 20161010 });
  const proxMs = Number(process.hrtime.bigint() - t) / 1e6;
  const proxTime = clock();
  console.log(`interactome LCC ${network.size} genes, ${network.interactions} interactions; ${compounds.length} compounds, ${compounds.reduce((s, c) => s + c.targets.length, 0)} targets, ${diseaseGenes.length} disease genes`);
  console.log(`repurposing proximity, ${permutations} permutations: ${proxTime}  checksum ${createHash('sha256').update(JSON.stringify(prox.scores)).digest('hex').slice(0, 16)}`);

  // Drug combinations: 60 drugs (the closest to the disease), the 50 pairs ranked first by s_AB.
  const net = synergyInteractome(g);
  const toLocal = (l: number) => net.local.get(network.nodes[l]!)!;
  const drugs = compounds.slice(0, 60).map((c) => c.targets.map(toLocal).sort((x, y) => x - y));
  const placed = drugs.map((d) => setDistances(net, d));
  const spread = (k: number) => { const d = drugs[k]!; if (d.length === 1) return 0; let s = 0, n = 0; for (const x of d) { const v = placed[k]!.other.get(x)!; if (v >= 0) { s += v; n++; } } return n ? s / n : null; };
  const pairs: { a: number; b: number; observed: number }[] = [];
  for (let a = 0; a < drugs.length; a++) for (let c = a + 1; c < drugs.length; c++) {
    let s = 0, n = 0;
    for (const x of drugs[a]!) { const v = placed[c]!.nearest[x]!; if (v >= 0) { s += v; n++; } }
    for (const x of drugs[c]!) { const v = placed[a]!.nearest[x]!; if (v >= 0) { s += v; n++; } }
    const sa = spread(a), sb = spread(c);
    if (n && sa !== null && sb !== null) pairs.push({ a, b: c, observed: s / n - (sa + sb) / 2 });
  }
  pairs.sort((x, y) => x.observed - y.observed || x.a - y.a || x.b - y.b);
  const top = pairs.slice(0, 50);
  t = process.hrtime.bigint();
  clock = timer();
  const sep = separationNull(net, drugs.map((genes, k) => ({ key: `D${k}`, genes })), top.slice(0, 20), 100, 20161010);
  const sepMs = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`combinations target-set null, 20 pairs, 100 permutations: ${clock()}  checksum ${createHash('sha256').update(JSON.stringify(sep)).digest('hex').slice(0, 16)}`);
  const networks = SMOKE ? 3 : 20;
  t = process.hrtime.bigint();
  clock = timer();
  const nn = networkRandomisationNull(net, drugs, top, { networks, schedule: { burnInPerEdge: 5, thinningPerEdge: 1 }, seed: 20161010 });
  const nnMs = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`combinations network null, 50 pairs, ${networks} networks: ${clock()}  checksum ${createHash('sha256').update(JSON.stringify(nn)).digest('hex').slice(0, 16)}`);
  printFigures('network-null', { proximity_ms: Math.round(proxMs), separation_null_ms: Math.round(sepMs), network_null_ms: Math.round(nnMs) });
}

main();
