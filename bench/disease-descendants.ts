// The diseases below a seed disease, for bench:ranking's yardstick (issue 28 item 4): the service counts an indication
// for a disease below the question's as one in it (curated-indication.ts walks the store graph's IS_A edges forward:
// ulcerative colitis is an inflammatory bowel disease), so the yardstick walks the same hierarchy. The hierarchy is
// the one the service imports (bench/kg-imports.ts, resource disease_ontology): the Disease Ontology's is_a tags
// (disease-ontology/HumanDO.obo), entered from the disease's MONDO id through MONDO's exact DOID matches
// (mondo/mondo_exactmatch_doid.sssom.tsv); every DOID found is named by its MONDO ids and their EFO exact matches
// (mondo/mondo_exactmatch_efo.sssom.tsv), the ids ChEMBL's indications.csv uses ("EFO:0000729", "MONDO:0005101").
// Missing files: no descendants (the yardstick reads the disease's own id and name only, as before).
import fs from 'node:fs';
import path from 'node:path';
import { parseObo } from '../infra/biomed/parsers/obo';
import { parseSssom } from '../infra/biomed/parsers/sssom';

const EXACT = 'skos:exactMatch';

export interface DiseaseHierarchy {
  /** The EFO and MONDO ids (CURIE form, "EFO:0000729") of every disease strictly below the MONDO id, with their DO labels. */
  below(mondoId: string): { ids: Set<string>; labels: string[] };
}

async function exactPairs(file: string, from: string, to: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!fs.existsSync(file)) return out;
  for await (const row of parseSssom(file)) {
    if (row.predicateId !== EXACT) continue;
    for (const [a, b] of [[row.subjectId, row.objectId], [row.objectId, row.subjectId]] as const) {
      if (!a.startsWith(`${from}:`) || !b.startsWith(`${to}:`)) continue;
      const set = out.get(a) ?? new Set<string>();
      set.add(b);
      out.set(a, set);
    }
  }
  return out;
}

export async function readDiseaseHierarchy(shared: string): Promise<DiseaseHierarchy> {
  const obo = path.join(shared, 'disease-ontology', 'HumanDO.obo');
  const children = new Map<string, string[]>();
  const names = new Map<string, string>();
  if (fs.existsSync(obo)) {
    for await (const term of parseObo(obo)) {
      if (term.obsolete) continue;
      if (term.name) names.set(term.id, term.name);
      for (const parent of term.isA) children.set(parent.id, [...(children.get(parent.id) ?? []), term.id]);
    }
  }
  const doidOfMondo = await exactPairs(path.join(shared, 'mondo', 'mondo_exactmatch_doid.sssom.tsv'), 'MONDO', 'DOID');
  const mondoOfDoid = await exactPairs(path.join(shared, 'mondo', 'mondo_exactmatch_doid.sssom.tsv'), 'DOID', 'MONDO');
  const efoOfMondo = await exactPairs(path.join(shared, 'mondo', 'mondo_exactmatch_efo.sssom.tsv'), 'MONDO', 'EFO');
  return {
    below(mondoId) {
      const start = [...(doidOfMondo.get(mondoId) ?? [])];
      const seen = new Set<string>(start);
      const queue = [...start];
      const found: string[] = [];
      while (queue.length > 0) {
        for (const child of children.get(queue.shift()!) ?? []) {
          if (seen.has(child)) continue;
          seen.add(child);
          found.push(child);
          queue.push(child);
        }
      }
      const ids = new Set<string>();
      for (const doid of found) for (const mondo of mondoOfDoid.get(doid) ?? []) {
        ids.add(mondo);
        for (const efo of efoOfMondo.get(mondo) ?? []) ids.add(efo);
      }
      return { ids, labels: found.map((d) => names.get(d) ?? d) };
    },
  };
}
