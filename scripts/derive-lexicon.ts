// Writes the entity linker's lexicon (domain/workspace/entity-linking/lexicon-data.json) from the seed
// slice the store imports: NCBI Gene records with HGNC alias and previous symbols (fixtures/seed/ncbi-gene,
// fixtures/seed/hgnc) and DrugBank names with the open vocabulary's names and synonyms, biologics included
// (fixtures/seed/drugbank), filtered to names fit for linking from text (lexicon-sources.ts). Deterministic; a test checks the committed file
// equals what this writes. Run: npm run lexicon:derive (after npm run seed:derive when the seed changed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { drugRecords, geneKeys, geneRecords, vocabularyDrugRecords } from '../domain/workspace/entity-linking/lexicon-sources';
import { LEXICON_FILES, type LexiconData } from '../domain/workspace/entity-linking/lexicon-data';

const ROOT = path.resolve(__dirname, '../..');

export function deriveLexicon(root: string = ROOT): LexiconData {
  const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');
  const genes = geneRecords(read(LEXICON_FILES.ncbi_gene), zlib.gunzipSync(fs.readFileSync(path.join(root, LEXICON_FILES.hgnc))).toString('utf8'));
  return {
    sources: { ...LEXICON_FILES },
    genes,
    drugs: vocabularyDrugRecords(drugRecords(read(LEXICON_FILES.drugbank)), read(LEXICON_FILES.drugbank_vocabulary), geneKeys(genes)),
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
