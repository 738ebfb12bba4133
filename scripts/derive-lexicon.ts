// Writes the entity linker's lexicon (domain/workspace/entity-linking/lexicon-data.json) from the seed
// slice: NCBI Gene records (fixtures/seed/ncbi-gene) and DrugBank names (fixtures/seed/drugbank), filtered
// to names fit for linking from text (lexicon-sources.ts). Deterministic; a test checks the committed file
// equals what this writes. Run: npm run lexicon:derive (after npm run seed:derive when the seed changed).
import fs from 'node:fs';
import path from 'node:path';
import { drugRecords, geneRecords } from '../domain/workspace/entity-linking/lexicon-sources';
import { LEXICON_FILES, type LexiconData } from '../domain/workspace/entity-linking/lexicon-data';

const ROOT = path.resolve(__dirname, '../..');

export function deriveLexicon(root: string = ROOT): LexiconData {
  const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
  return {
    sources: { ...LEXICON_FILES },
    genes: geneRecords(read(LEXICON_FILES.ncbi_gene)),
    drugs: drugRecords(read(LEXICON_FILES.drugbank)),
  };
}

export function lexiconJson(data: LexiconData): string {
  return JSON.stringify(data) + '\n';
}

if (require.main === module) {
  const data = deriveLexicon();
  const out = path.join(ROOT, 'domain', 'workspace', 'entity-linking', 'lexicon-data.json');
  fs.writeFileSync(out, lexiconJson(data));
  console.log(`${path.relative(ROOT, out)}: ${data.genes.length} genes, ${data.drugs.length} drugs`);
}
