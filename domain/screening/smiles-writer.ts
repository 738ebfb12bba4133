// SMILES (Weininger, J Chem Inf Comput Sci 1988) of a restored structure, written so that nothing is left for
// the reader to infer: every atom in brackets with its exact hydrogen count and charge, Kekulé bond orders (the
// reader perceives aromaticity), ring closures from a depth-first spanning tree. Pure.

export interface RestoredAtom { element: string; charge: number; h: number }
/** Atoms and bonds [u, v, order] of one connected component. */
export interface RestoredStructure { atoms: RestoredAtom[]; bonds: [number, number, number][] }

/** SMILES with every atom in brackets (its exact hydrogen count and charge), Kekulé bonds, ring closures. */
export function writeSmiles(structures: readonly RestoredStructure[]): string {
  const parts: string[] = [];
  for (const { atoms, bonds } of structures) {
    const n = atoms.length;
    const adj: { to: number; order: number }[][] = atoms.map(() => []);
    for (const [u, v, order] of bonds) { adj[u]!.push({ to: v, order }); adj[v]!.push({ to: u, order }); }
    const atomText = (a: RestoredAtom) => {
      const h = a.h === 0 ? '' : a.h === 1 ? 'H' : `H${a.h}`;
      const q = a.charge === 0 ? '' : a.charge > 0 ? (a.charge === 1 ? '+' : `+${a.charge}`) : a.charge === -1 ? '-' : `-${-a.charge}`;
      return `[${a.element}${h}${q}]`;
    };
    const bondText = (order: number) => (order === 2 ? '=' : order === 3 ? '#' : order === 4 ? '$' : '');
    const visited = new Array<boolean>(n).fill(false);
    // Ring closures: found by a first DFS pass (back edges), numbered as they open.
    const treeParent = new Int32Array(n).fill(-1);
    const closuresAt: { digit: number; order: number }[][] = atoms.map(() => []);
    let nextDigit = 1;
    const freeDigits: number[] = [];
    const seen = new Array<boolean>(n).fill(false);
    const backEdges: [number, number, number][] = [];
    const dfsOrder: number[] = [];
    for (let root = 0; root < n; root++) {
      if (seen[root]) continue;
      const stack: [number, number][] = [[root, -1]];
      while (stack.length) {
        const [u, parent] = stack.pop()!;
        if (seen[u]) continue;
        seen[u] = true; treeParent[u] = parent; dfsOrder.push(u);
        for (let k = adj[u]!.length - 1; k >= 0; k--) { const { to } = adj[u]![k]!; if (!seen[to]) stack.push([to, u]); }
      }
    }
    // Tree children in DFS order; every non-tree edge is a ring closure.
    const children: number[][] = atoms.map(() => []);
    for (const u of dfsOrder) if (treeParent[u]! >= 0) children[treeParent[u]!]!.push(u);
    for (const [u, v, order] of bonds) {
      if (treeParent[u] === v || treeParent[v] === u) continue;
      backEdges.push([u, v, order]);
    }
    const rank = new Int32Array(n);
    dfsOrder.forEach((u, i) => { rank[u] = i; });
    const opens: { other: number; order: number }[][] = atoms.map(() => []);
    for (const [u, v, order] of backEdges) {
      const [first, second] = rank[u]! < rank[v]! ? [u, v] : [v, u];
      opens[first]!.push({ other: second, order });
    }
    const write = (u: number): string => {
      visited[u] = true;
      let out = atomText(atoms[u]!);
      for (const c of closuresAt[u]!) { out += `${bondText(c.order)}${c.digit > 9 ? `%${c.digit}` : c.digit}`; freeDigits.push(c.digit); }
      for (const { other, order } of opens[u]!) {
        const digit = freeDigits.length ? freeDigits.sort((x, y) => x - y).shift()! : nextDigit++;
        closuresAt[other]!.push({ digit, order });
        out += `${digit > 9 ? `%${digit}` : digit}`;
      }
      const kids = children[u]!;
      kids.forEach((child, k) => {
        const order = adj[u]!.find((e) => e.to === child)!.order;
        const text = `${bondText(order)}${write(child)}`;
        out += k < kids.length - 1 ? `(${text})` : text;
      });
      return out;
    };
    for (const u of dfsOrder) if (treeParent[u] === -1 && !visited[u]) parts.push(write(u));
  }
  return parts.join('.');
}
