// Reads the main layers of an InChI (IUPAC International Chemical Identifier; Heller et al., J Cheminform 2015,
// doi:10.1186/s13321-015-0068-4; InChI Technical Manual): formula, connections (/c), hydrogens (/h, fixed and
// mobile groups), charge (/q) and protons (/p). Stereo (/b /t /m /s), isotope (/i), fixed-H (/f) and
// reconnected-metal (/r) layers are not read: the Morgan fingerprints and descriptors computed from the
// structure ignore stereochemistry and isotopes. Pure.
//
// InChI does not store bond orders, formal charges per atom or where mobile hydrogens sit: those are
// restored by domain/screening/inchi-structure.ts.

export interface InchiAtom {
  element: string;
  /** Hydrogens fixed on this atom by the /h layer. */
  h: number;
  neighbours: number[];
}

/** A mobile-H group of the /h layer: `h` hydrogens (and `negative` charges) shared by `atoms`. */
export interface MobileGroup {
  atoms: number[];
  h: number;
  negative: number;
}

export interface InchiComponent {
  atoms: InchiAtom[];
  groups: MobileGroup[];
  /** The /q charge of this component. */
  charge: number;
  /** Hydrogens the formula gives this component (a consistency check of the /h layer). */
  formulaH: number;
}

export interface ParsedInchi {
  standard: boolean;
  components: InchiComponent[];
  /** The /p layer: protons added (+) or removed (-) over the whole structure. */
  protons: number;
}

export class InchiParseError extends Error {}

const MAIN_LAYERS = new Set(['c', 'h', 'q', 'p']);

/** Splits a layer into its components, expanding `n*` multipliers ("2*1-2(3)4;" -> two copies and an empty). */
function perComponent(layer: string | undefined): string[] {
  if (layer === undefined) return [];
  const out: string[] = [];
  for (const part of layer.split(';')) {
    const m = /^(\d+)\*(.*)$/.exec(part);
    if (m) for (let i = 0; i < Number(m[1]); i++) out.push(m[2]!);
    else out.push(part);
  }
  return out;
}

/** Elements of a Hill formula component in InChI atom order: carbon first, then alphabetical; no hydrogen. */
function formulaAtoms(formula: string): { elements: string[]; h: number } {
  const counts = new Map<string, number>();
  const re = /([A-Z][a-z]?)(\d*)/g;
  let consumed = 0;
  for (let m = re.exec(formula); m; m = re.exec(formula)) {
    if (m.index !== consumed) throw new InchiParseError(`unreadable formula '${formula}'`);
    consumed = m.index + m[0].length;
    counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + (m[2] ? Number(m[2]) : 1));
  }
  if (consumed !== formula.length) throw new InchiParseError(`unreadable formula '${formula}'`);
  const heavy = [...counts.keys()].filter((e) => e !== 'H').sort((a, b) => (a === 'C' ? -1 : b === 'C' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const elements: string[] = [];
  for (const e of heavy) for (let i = 0; i < counts.get(e)!; i++) elements.push(e);
  return { elements, h: counts.get('H') ?? 0 };
}

/** The /c string of one component: a spanning tree with branches in parentheses; a repeated number closes a ring. */
function connections(text: string, atoms: InchiAtom[]): void {
  const stack: (number | null)[] = [];
  let current: number | null = null;
  const seen = new Set<string>();
  const re = /(\d+)|([-(),])/g;
  let consumed = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index !== consumed) throw new InchiParseError(`unreadable connection layer '${text}'`);
    consumed = m.index + m[0].length;
    if (m[1] !== undefined) {
      const atom = Number(m[1]) - 1;
      if (!atoms[atom]) throw new InchiParseError(`connection to atom ${atom + 1} outside the formula`);
      if (current !== null) {
        const key = current < atom ? `${current}-${atom}` : `${atom}-${current}`;
        if (!seen.has(key) && current !== atom) {
          seen.add(key);
          atoms[current]!.neighbours.push(atom);
          atoms[atom]!.neighbours.push(current);
        }
      }
      current = atom;
    } else if (m[2] === '(') stack.push(current);
    else if (m[2] === ',') current = stack[stack.length - 1] ?? null;
    else if (m[2] === ')') current = stack.pop() ?? null;
  }
  if (consumed !== text.length) throw new InchiParseError(`unreadable connection layer '${text}'`);
}

/** The /h string of one component: "2-5,11H,1H3,(H,9,10)" (fixed H per atom, then mobile groups). */
function hydrogens(text: string, atoms: InchiAtom[]): MobileGroup[] {
  const groups: MobileGroup[] = [];
  const fixed = text.replace(/\(([^)]*)\)/g, (_all, inner: string) => {
    const [head, ...members] = inner.split(',');
    const m = /^H(\d*)(?:-(\d*))?$/.exec(head ?? '');
    if (!m || members.length === 0) throw new InchiParseError(`unreadable mobile-H group '(${inner})'`);
    const ids = members.map((s) => Number(s) - 1);
    if (ids.some((i) => !atoms[i])) throw new InchiParseError(`mobile-H group names an atom outside the formula`);
    groups.push({ atoms: ids, h: m[1] ? Number(m[1]) : 1, negative: m[2] === undefined ? 0 : m[2] ? Number(m[2]) : 1 });
    return ',';
  });
  const re = /((?:\d+(?:-\d+)?,)*\d+(?:-\d+)?)H(\d*)/g;
  for (let m = re.exec(fixed); m; m = re.exec(fixed)) {
    const count = m[2] ? Number(m[2]) : 1;
    for (const range of m[1]!.split(',')) {
      const [from, to] = range.split('-').map(Number);
      for (let a = from!; a <= (to ?? from!); a++) {
        if (!atoms[a - 1]) throw new InchiParseError(`hydrogen on atom ${a} outside the formula`);
        atoms[a - 1]!.h += count;
      }
    }
  }
  if (fixed.replace(re, '').replace(/,/g, '') !== '') throw new InchiParseError(`unreadable hydrogen layer '${text}'`);
  return groups;
}

const signed = (s: string | undefined): number => {
  if (!s) return 0;
  if (!/^[+-]\d+$/.test(s)) throw new InchiParseError(`unreadable charge '${s}'`);
  return Number(s);
};

export function parseInchi(inchi: string): ParsedInchi {
  const m = /^InChI=1(S?)\/([^/]+)((?:\/.*)?)$/.exec(inchi.trim());
  if (!m) throw new InchiParseError('not an InChI version 1 string');
  const layers = new Map<string, string>();
  for (const layer of m[3]!.split('/').slice(1)) {
    const key = layer[0] ?? '';
    if (!MAIN_LAYERS.has(key)) break; // stereo, isotopes, fixed-H, reconnected: after the main layers
    if (!layers.has(key)) layers.set(key, layer.slice(1));
  }
  const formulas: string[] = [];
  for (const part of m[2]!.split('.')) {
    const fm = /^(\d*)([A-Z].*)$/.exec(part);
    if (!fm) throw new InchiParseError(`unreadable formula component '${part}'`);
    for (let i = 0; i < (fm[1] ? Number(fm[1]) : 1); i++) formulas.push(fm[2]!);
  }
  const c = perComponent(layers.get('c'));
  const h = perComponent(layers.get('h'));
  const q = perComponent(layers.get('q'));
  if (c.length > formulas.length || h.length > formulas.length || q.length > formulas.length) throw new InchiParseError('more layer components than formula components');
  const components = formulas.map((formula, i): InchiComponent => {
    const { elements, h: formulaH } = formulaAtoms(formula);
    const atoms: InchiAtom[] = elements.map((element) => ({ element, h: 0, neighbours: [] }));
    if (c[i]) connections(c[i]!, atoms);
    const groups = h[i] ? hydrogens(h[i]!, atoms) : [];
    return { atoms, groups, charge: signed(q[i]), formulaH };
  });
  return { standard: m[1] === 'S', components, protons: signed(layers.get('p')) };
}

/**
 * The main layers of an InChI (formula, /c, /h, /q, /p) as one string, version marker dropped: two structures
 * with the same main layers are the same constitution, protonation and charge, whatever their stereo.
 */
export function inchiMainLayers(inchi: string): string {
  const m = /^InChI=1S?\/([^/]+)((?:\/.*)?)$/.exec(inchi.trim());
  if (!m) return '';
  const out = [m[1]!];
  for (const layer of m[2]!.split('/').slice(1)) {
    if (!MAIN_LAYERS.has(layer[0] ?? '')) break;
    out.push(layer);
  }
  return out.join('/');
}
