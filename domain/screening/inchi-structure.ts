// Restores a structure from an InChI's main layers (inchi-parse.ts) and writes it as SMILES, because RDKit's
// WebAssembly build reads SMILES and mol blocks but not InChI (verified: get_mol("InChI=...") is null).
// InChI keeps connectivity and hydrogen counts but not bond orders, per-atom charges or where mobile hydrogens
// sit, so these are searched for: each atom takes a valence state (element, charge, valence), mobile
// hydrogens go to their group's atoms, and the missing valence is filled with double/triple bonds. The search
// is a backtracking over atoms in breadth-first order under a cost budget that grows until a structure
// is found (iterative deepening), so the least-charged structure is taken, and among tautomers the one the
// chemistry literature draws: mobile H on nitrogen before oxygen (amides and lactams, not imidic acids),
// on an exocyclic amine before a ring nitrogen (aminopyrimidines, not imines). Pure; bounded by a step cap.
//
// The caller checks the result by regenerating the InChI with RDKit and comparing the main layers: a
// structure that does not give back the same formula, connections, hydrogens and charge is rejected.
import { InchiComponent, InchiParseError, parseInchi, ParsedInchi } from './inchi-parse';
import { RestoredAtom, RestoredStructure, writeSmiles } from './smiles-writer';

interface ValenceState { charge: number; valence: number; cost: number }

const S = (charge: number, valence: number, cost: number): ValenceState => ({ charge, valence, cost });

/** Valence states per element, cheapest first; cost 0 = neutral and ordinary. */
const VALENCES: Readonly<Record<string, readonly ValenceState[]>> = {
  C: [S(0, 4, 0), S(-1, 3, 4), S(1, 3, 4)],
  N: [S(0, 3, 0), S(1, 4, 1), S(0, 5, 0.5), S(-1, 2, 2)],
  O: [S(0, 2, 0), S(-1, 1, 1), S(1, 3, 3)],
  S: [S(0, 2, 0), S(0, 4, 0), S(0, 6, 0), S(-1, 1, 1), S(1, 3, 2)],
  Se: [S(0, 2, 0), S(0, 4, 0), S(0, 6, 0), S(-1, 1, 1), S(1, 3, 2)],
  Te: [S(0, 2, 0), S(0, 4, 0), S(0, 6, 0), S(-1, 1, 1)],
  P: [S(0, 3, 0), S(0, 5, 0), S(1, 4, 1), S(-1, 2, 2)],
  As: [S(0, 3, 0), S(0, 5, 0), S(1, 4, 1)],
  Sb: [S(0, 3, 0), S(0, 5, 0)],
  B: [S(0, 3, 0), S(-1, 4, 1)],
  Si: [S(0, 4, 0)], Ge: [S(0, 4, 0)], Sn: [S(0, 4, 0), S(2, 0, 0)],
  F: [S(0, 1, 0), S(-1, 0, 1)],
  Cl: [S(0, 1, 0), S(-1, 0, 1), S(0, 3, 0.5), S(0, 5, 0.5), S(0, 7, 0.5)],
  Br: [S(0, 1, 0), S(-1, 0, 1), S(0, 3, 0.5), S(0, 5, 0.5)],
  I: [S(0, 1, 0), S(-1, 0, 1), S(0, 3, 0.5), S(0, 5, 0.5)],
};

/** Metal ions (InChI disconnects metals): their usual charges as free ions, or a neutral covalent valence. */
const METAL_CHARGES: Readonly<Record<string, readonly number[]>> = {
  Li: [1], Na: [1], K: [1], Rb: [1], Cs: [1], Ag: [1], Au: [1, 3], Cu: [2, 1], Tl: [1, 3],
  Mg: [2], Ca: [2], Sr: [2], Ba: [2], Ra: [2], Zn: [2], Cd: [2], Hg: [2, 1], Be: [2], Mn: [2, 3], Ni: [2], Pd: [2], Pt: [2, 4],
  Fe: [2, 3], Co: [2, 3, 1], Cr: [3, 2], Ru: [2, 3], Rh: [3], Ir: [3],
  Al: [3], Ga: [3], In: [3], Bi: [3, 5], Gd: [3], La: [3], Lu: [3], Sm: [3], Y: [3], Tc: [4, 7], Ti: [4], Zr: [4],
  Mo: [6, 4], W: [6], V: [3, 5]
};

/**
 * An atom's states: a hypervalent neutral state (S(IV), S(VI), P(V), ...) is free only when the atom's
 * neighbours and fixed hydrogens already exceed its lowest valence (a sulfone's S, a phosphate's P); on a
 * divalent S it costs, so a thiazole is not drawn with S=C bonds.
 */
function statesFor(element: string, bonded: number, terminalHeteroNeighbour: boolean): readonly ValenceState[] {
  // Neutral N(V) only as the nitro / N-oxide / azide centre (RDKit turns it into its charge-separated form).
  const states = element === 'N' && !terminalHeteroNeighbour ? statesOf(element).filter((s) => s.valence !== 5) : statesOf(element);
  const lowest = states.find((s) => s.charge === 0)?.valence ?? 0;
  if (bonded <= lowest) return states.map((s) => (s.charge === 0 && s.valence > lowest && s.cost === 0 ? { ...s, cost: 0.5 } : s));
  return states;
}

function statesOf(element: string): readonly ValenceState[] {
  const known = VALENCES[element];
  if (known) return known;
  const charges = METAL_CHARGES[element];
  if (charges) return [...charges.map((c) => S(c, 0, 0)), S(0, 0, 1), ...charges.map((c) => S(0, c, 1))];
  return [];
}

export type { RestoredAtom, RestoredStructure } from './smiles-writer';

export type InchiStructureResult = { ok: true; smiles: string; structure: RestoredStructure[] } | { ok: false; reason: string };

/** Budgets tried in turn; a structure must be found within the last. */
const BUDGET_STEPS = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 13, 16];
/** Backtracking steps allowed per component and budget (a drug-sized molecule needs a few hundred). */
const STEP_CAP = 200_000;

class StepCapReached extends Error {}

/** Atoms on a ring: the endpoints of any edge that is not a bridge (Tarjan's bridge search). */
function ringAtoms(component: InchiComponent): boolean[] {
  const n = component.atoms.length;
  const disc = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const inRing = new Array<boolean>(n).fill(false);
  let time = 0;
  for (let root = 0; root < n; root++) {
    if (disc[root] !== -1) continue;
    // Iterative DFS: [node, parent, next neighbour index].
    const stack: [number, number, number][] = [[root, -1, 0]];
    disc[root] = low[root] = time++;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const [u, parent] = top;
      const nbrs = component.atoms[u]!.neighbours;
      if (top[2] < nbrs.length) {
        const v = nbrs[top[2]++]!;
        if (v === parent) continue;
        if (disc[v] === -1) {
          disc[v] = low[v] = time++;
          stack.push([v, u, 0]);
        } else {
          low[u] = Math.min(low[u]!, disc[v]!);
        }
      } else {
        stack.pop();
        if (parent >= 0) {
          low[parent] = Math.min(low[parent]!, low[u]!);
          if (low[u]! <= disc[parent]!) { inRing[u] = true; inRing[parent] = true; }
        }
      }
    }
  }
  // A tree edge parent-u is a bridge when low[u] > disc[parent]; both ends of every other edge are on a ring.
  return inRing;
}

interface Pool { atoms: Set<number>; h: number; minRank: number; last: number }

/**
 * How much a mobile hydrogen on this atom is disfavoured, relative to the best atom of its group: an exocyclic
 * N first (amines, not imines: 2,4-diaminopteridine, not its imino tautomer), then a ring N (lactams, NH
 * azoles), then O (no imidic acids or hydroxypyridines), then S.
 */
function hydrogenRank(element: string, inRing: boolean): number {
  return element === 'N' ? (inRing ? 0.25 : 0) : element === 'O' ? 1 : element === 'S' || element === 'Se' ? 2 : 3;
}

/** Spreads the /p protons over the components' mobile groups and hydrogen-bearing atoms (see restoreInchi). */
function applyProtons(parsed: ParsedInchi): { extraProtons: number[] } {
  let p = parsed.protons;
  const extra = parsed.components.map(() => 0);
  const hasO = (c: InchiComponent, atoms: number[]) => atoms.some((a) => c.atoms[a]!.element === 'O');
  while (p < 0) {
    // Remove a proton: from a mobile group holding H (an acid's), preferring groups with an oxygen.
    let done = false;
    for (const prefer of [true, false]) {
      for (const c of parsed.components) {
        const g = c.groups.find((x) => x.h > 0 && (!prefer || hasO(c, x.atoms)));
        if (g) { g.h--; g.negative++; c.charge--; done = true; break; }
      }
      if (done) break;
    }
    if (!done) {
      // A fixed hydrogen: a hydrohalic acid's first (a quaternary ammonium halide is written cation + HX,
      // /p-1), then the most hydrogenated O, S, N (Al(OH)3 is Al + 3 H2O, /p-3: one from each water).
      for (const element of ['F', 'Cl', 'Br', 'I', 'O', 'S', 'N', 'C']) {
        let best: { c: InchiComponent; atom: InchiComponent['atoms'][number] } | undefined;
        for (const c of parsed.components) {
          for (const atom of c.atoms) if (atom.element === element && atom.h > (best?.atom.h ?? 0)) best = { c, atom };
        }
        if (best) { best.atom.h--; best.c.charge--; done = true; break; }
      }
    }
    if (!done) throw new InchiParseError('a /p proton removal has no hydrogen to take');
    p++;
  }
  while (p > 0) {
    // Add a proton: to a mobile group carrying a negative charge, else to the first component (a base).
    const c = parsed.components.find((x) => x.groups.some((g) => g.negative > 0));
    if (c) {
      const g = c.groups.find((x) => x.negative > 0)!;
      g.h++; g.negative--; c.charge++;
    } else {
      extra[0]!++;
      parsed.components[0]!.charge++;
    }
    p--;
  }
  return { extraProtons: extra };
}

interface Solved { charge: Int8Array; h: Int32Array; order: Map<string, number> }

function solveComponent(component: InchiComponent, extraProtons: number): Solved | null {
  const atoms = component.atoms;
  const n = atoms.length;
  if (n === 0) return { charge: new Int8Array(0), h: new Int32Array(0), order: new Map() };
  const states = atoms.map((a) => statesFor(a.element, a.neighbours.length + a.h,
    a.neighbours.some((v) => ['O', 'N'].includes(atoms[v]!.element) && atoms[v]!.neighbours.length === 1)));
  if (states.some((s) => s.length === 0)) return null;
  const inRing = ringAtoms(component);

  // Breadth-first order keeps each atom's neighbours close to it in the search.
  const order: number[] = [];
  const pos = new Int32Array(n).fill(-1);
  for (let root = 0; root < n; root++) {
    if (pos[root] !== -1) continue;
    pos[root] = order.length; order.push(root);
    for (let i = order.length - 1; i < order.length; i++) {
      for (const v of atoms[order[i]!]!.neighbours) if (pos[v] === -1) { pos[v] = order.length; order.push(v); }
    }
  }

  const pools: Pool[] = component.groups.map((g) => ({
    atoms: new Set(g.atoms), h: g.h, minRank: Math.min(...g.atoms.map((a) => hydrogenRank(atoms[a]!.element, inRing[a]!))), last: Math.max(...g.atoms.map((a) => pos[a]!)),
  }));
  if (extraProtons > 0) {
    const bases = atoms.map((_a, i) => i).filter((i) => ['N', 'O', 'S', 'P'].includes(atoms[i]!.element));
    if (bases.length === 0) return null;
    pools.push({ atoms: new Set(bases), h: extraProtons, minRank: 0, last: Math.max(...bases.map((a) => pos[a]!)) });
  }
  const poolsOf = atoms.map((_a, i) => pools.filter((p) => p.atoms.has(i)));
  const maxValence = states.map((s) => Math.max(...s.map((x) => x.valence)));
  const minCharge = states.map((s) => Math.min(...s.map((x) => x.charge)));
  const maxCharge = states.map((s) => Math.max(...s.map((x) => x.charge)));
  const minCost = states.map((s) => Math.min(...s.map((x) => x.cost)));
  // Suffix bounds (in search order) for pruning: the charge still reachable and the cost still to pay.
  const sufMinQ = new Float64Array(n + 1), sufMaxQ = new Float64Array(n + 1), sufCost = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) {
    const a = order[i]!;
    sufMinQ[i] = sufMinQ[i + 1]! + minCharge[a]!;
    sufMaxQ[i] = sufMaxQ[i + 1]! + maxCharge[a]!;
    sufCost[i] = sufCost[i + 1]! + minCost[a]!;
  }
  const later = order.map((a) => atoms[a]!.neighbours.filter((v) => pos[v]! > pos[a]!));

  const assigned = new Int32Array(n); // bond units already given to an atom by earlier atoms
  const charge = new Int8Array(n);
  const hm = new Int32Array(n);
  const extraOrder = new Map<string, number>();
  const target = component.charge;
  let steps = 0;
  let budget = 0;

  const capacity = (v: number) => maxValence[v]! - atoms[v]!.neighbours.length - atoms[v]!.h - assigned[v]!;

  const visit = (i: number, cost: number, q: number): boolean => {
    if (++steps > STEP_CAP) throw new StepCapReached();
    if (i === n) return q === target && pools.every((p) => p.h === 0);
    if (q + sufMinQ[i]! > target || q + sufMaxQ[i]! < target) return false;
    if (cost + sufCost[i]! > budget + 1e-9) return false;
    const a = order[i]!;
    const atom = atoms[a]!;
    const base = atom.neighbours.length + atom.h + assigned[a]!;
    const myPools = poolsOf[a]!;
    const available = myPools.reduce((s, p) => s + p.h, 0);
    for (const state of states[a]!) {
      const stateCost = cost + state.cost;
      if (stateCost > budget + 1e-9) continue;
      const need = state.valence - base;
      if (need < 0) continue;
      // Mobile hydrogens here: an exocyclic N takes as many as it can first, others as few as they can.
      const maxH = Math.min(need, available);
      const hValues: number[] = [];
      for (let k = 0; k <= maxH; k++) hValues.push(k);
      if (atom.element === 'N' && !inRing[a]) hValues.reverse();
      for (const k of hValues) {
        // Which pools give the k hydrogens: the first pools first (a single pool in practice).
        let hCost = 0;
        const taken: number[] = [];
        let left = k;
        for (const p of myPools) {
          const t = Math.min(left, p.h);
          taken.push(t); p.h -= t; left -= t;
          hCost += t * (hydrogenRank(atom.element, inRing[a]!) - p.minRank);
        }
        const poolsDone = myPools.every((p) => p.last !== i || p.h === 0);
        if (left === 0 && poolsDone && stateCost + hCost <= budget + 1e-9) {
          hm[a] = k; charge[a] = state.charge;
          if (distribute(i, a, later[i]!, 0, need - k, stateCost + hCost, q + state.charge)) return true;
        }
        myPools.forEach((p, j) => { p.h += taken[j]!; });
      }
    }
    return false;
  };

  // Gives `remaining` bond units of atom a to its later neighbours (x in 0..2 per bond), then goes on.
  const distribute = (i: number, a: number, nbrs: number[], j: number, remaining: number, cost: number, q: number): boolean => {
    if (remaining === 0) return visit(i + 1, cost, q);
    if (j === nbrs.length) return false;
    let room = 0;
    for (let t = j; t < nbrs.length; t++) room += Math.min(2, capacity(nbrs[t]!));
    if (room < remaining) return false;
    const v = nbrs[j]!;
    const key = a < v ? `${a}-${v}` : `${v}-${a}`;
    for (let x = Math.min(2, remaining, capacity(v)); x >= 1; x--) {
      assigned[v]! += x;
      extraOrder.set(key, x);
      if (distribute(i, a, nbrs, j + 1, remaining - x, cost, q)) return true;
      assigned[v]! -= x;
      extraOrder.delete(key);
    }
    return distribute(i, a, nbrs, j + 1, remaining, cost, q);
  };

  // Each unit of net charge costs at least 1 unless a metal ion carries it (free ions cost nothing).
  const lowerBound = atoms.some((a) => METAL_CHARGES[a.element]) ? 0 : Math.abs(target);
  for (const step of BUDGET_STEPS) {
    budget = lowerBound + step;
    steps = 0;
    try {
      if (visit(0, 0, 0)) {
        const h = new Int32Array(n);
        for (let a = 0; a < n; a++) h[a] = atoms[a]!.h + hm[a]!;
        return { charge, h, order: extraOrder };
      }
    } catch (error) {
      if (error instanceof StepCapReached) return null;
      throw error;
    }
  }
  return null;
}

/** InChI -> a restored structure and its SMILES, or why not. */
export function restoreInchi(inchi: string): InchiStructureResult {
  let parsed: ParsedInchi;
  try {
    parsed = parseInchi(inchi);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  for (const c of parsed.components) {
    const h = c.atoms.reduce((s, a) => s + a.h, 0) + c.groups.reduce((s, g) => s + g.h, 0);
    if (h !== c.formulaH) return { ok: false, reason: `the hydrogen layer gives ${h} H where the formula has ${c.formulaH}` };
  }
  let extra: number[];
  try {
    extra = applyProtons(parsed).extraProtons;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const structures: RestoredStructure[] = [];
  for (let ci = 0; ci < parsed.components.length; ci++) {
    const component = parsed.components[ci]!;
    const solved = solveComponent(component, extra[ci]!);
    if (!solved) return { ok: false, reason: `no bond orders and charges fit component ${ci + 1} (${component.atoms.length} atoms)` };
    const atoms = component.atoms.map((a, i): RestoredAtom => ({ element: a.element, charge: solved.charge[i]!, h: solved.h[i]! }));
    const bonds: [number, number, number][] = [];
    component.atoms.forEach((a, u) => a.neighbours.forEach((v) => { if (u < v) bonds.push([u, v, 1 + (solved.order.get(`${u}-${v}`) ?? 0)]); }));
    structures.push({ atoms, bonds });
  }
  return { ok: true, smiles: writeSmiles(structures), structure: structures };
}
