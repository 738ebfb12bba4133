// Degree-weighted path counts from every compound to one disease (Himmelstein & Baranzini, PLoS Comput Biol
// 2015, doi:10.1371/journal.pcbi.1004259): DWPC = Σ over the simple paths of a metapath of the product of
// their edges' weights (D_out(source) · D_in(target))^-w, w = 0.4 as in Project Rephetio.
//
// Computed by propagating a vector backwards from the disease one metaedge at a time (a sparse
// matrix-vector product per step: cost grows with the edges touched, not with the number of paths, which
// reaches millions for CcSEcCtD). Walks that revisit a node are removed exactly: in every supported metapath
// (metapaths.ts) a repeat can only be X–Y–X, so after the step that reaches position j the walks x–y–x with
// x at positions j and j+2 are subtracted (the "diagonal" Σ_y w(x,y)·w(y,x), over the y still allowed at
// j+1). Path counts run alongside in integers, so a pair without any simple path gets exactly 0. Pure.
import type { HetnetView, Orientation } from './hetnet-view';
import { Metapath, nodeTypes } from './metapaths';

export interface DwpcVector {
  /** Compounds with at least one simple path, ascending node index. */
  nodes: Int32Array;
  dwpc: Float64Array;
  /** Number of simple paths (the unweighted path count). */
  paths: Float64Array;
}

function orientationFor(view: HetnetView, step: Metapath['steps'][number], fromSource: boolean): Orientation {
  const edge = view.metaedge(step.metaedge);
  // fromSource: walking from the step's source side (position j) towards position j+1.
  return step.forward === fromSource ? edge.forward : edge.backward;
}

/** Σ over y adjacent to x on both sides (a and b), y ≠ excluded, of wa(x,y)·wb(x,y); and the count of such y. */
function diagonal(a: Orientation, b: Orientation, x: number, excluded: number): [number, number] {
  let i = a.start[x]!;
  const iEnd = a.start[x + 1]!;
  let k = b.start[x]!;
  const kEnd = b.start[x + 1]!;
  let sum = 0;
  let count = 0;
  while (i < iEnd && k < kEnd) {
    const yi = a.nbr[i]!;
    const yk = b.nbr[k]!;
    if (yi < yk) i++;
    else if (yk < yi) k++;
    else {
      if (yi !== excluded) { sum += a.weight[i]! * b.weight[k]!; count++; }
      i++; k++;
    }
  }
  return [sum, count];
}

/** Reusable buffers (one per position) for many DWPC computations over graphs of the same size. */
export class DwpcEngine {
  private readonly value: Float64Array[] = [];
  private readonly count: Float64Array[] = [];
  private readonly touched: Int32Array[] = [];
  private readonly size: number[] = [];

  constructor(private readonly nodeCount: number, maxLength = 4) {
    for (let j = 0; j <= maxLength; j++) {
      this.value.push(new Float64Array(nodeCount));
      this.count.push(new Float64Array(nodeCount));
      this.touched.push(new Int32Array(nodeCount));
      this.size.push(0);
    }
  }

  private clear(j: number): void {
    const t = this.touched[j]!;
    for (let i = 0; i < this.size[j]!; i++) { this.value[j]![t[i]!] = 0; this.count[j]![t[i]!] = 0; }
    this.size[j] = 0;
  }

  /** DWPC of every compound to `disease` over `path` in `view`. */
  toDisease(view: HetnetView, path: Metapath, disease: number): DwpcVector {
    if (view.nodeCount !== this.nodeCount) throw new Error('DwpcEngine: view of another graph size');
    const types = nodeTypes(path);
    const L = path.steps.length;
    if (L >= this.value.length) throw new Error(`metapath ${path.id} longer than the engine supports`);
    for (let j = 0; j <= L; j++) this.clear(j);
    this.value[L]![disease] = 1;
    this.count[L]![disease] = 1;
    this.touched[L]![0] = disease;
    this.size[L] = 1;
    for (let j = L - 1; j >= 0; j--) {
      const step = path.steps[j]!;
      const back = orientationFor(view, step, false); // from position j+1 to j
      const nextV = this.value[j + 1]!;
      const nextC = this.count[j + 1]!;
      const nextT = this.touched[j + 1]!;
      const v = this.value[j]!;
      const c = this.count[j]!;
      const t = this.touched[j]!;
      let size = 0;
      for (let i = 0; i < this.size[j + 1]!; i++) {
        const y = nextT[i]!;
        const vy = nextV[y]!;
        const cy = nextC[y]!;
        if (cy === 0) continue;
        for (let p = back.start[y]!; p < back.start[y + 1]!; p++) {
          const x = back.nbr[p]!;
          if (c[x] === 0) t[size++] = x;
          v[x]! += vy * back.weight[p]!;
          c[x]! += cy;
        }
      }
      this.size[j] = size;
      if (j + 2 <= L && types[j] === types[j + 2]) {
        // Remove the walks x – y – x (positions j, j+1, j+2); y = the disease is already gone when position
        // j+1 repeats the disease's type two steps before it.
        const excluded = j + 3 === L && types[j + 1] === types[L] ? disease : -1;
        const out = orientationFor(view, step, true); // x at position j → y at j+1
        const into = orientationFor(view, path.steps[j + 1]!, false); // x at position j+2 → y at j+1
        const farV = this.value[j + 2]!;
        const farC = this.count[j + 2]!;
        const farT = this.touched[j + 2]!;
        for (let i = 0; i < this.size[j + 2]!; i++) {
          const x = farT[i]!;
          if (farC[x] === 0 || c[x] === 0) continue;
          const [w, k] = diagonal(out, into, x, excluded);
          v[x]! -= farV[x]! * w;
          c[x]! -= farC[x]! * k;
        }
      }
    }
    const t0 = this.touched[0]!;
    const chosen: number[] = [];
    for (let i = 0; i < this.size[0]!; i++) if (this.count[0]![t0[i]!]! > 0) chosen.push(t0[i]!);
    chosen.sort((a, b) => a - b);
    const nodes = Int32Array.from(chosen);
    const dwpc = new Float64Array(nodes.length);
    const paths = new Float64Array(nodes.length);
    for (let i = 0; i < nodes.length; i++) {
      dwpc[i] = Math.max(0, this.value[0]![nodes[i]!]!);
      paths[i] = this.count[0]![nodes[i]!]!;
    }
    return { nodes, dwpc, paths };
  }
}
