// Reactome download files, streamed line by line (never a whole file as one string):
// - ReactomePathways.txt: `stable id <TAB> name <TAB> species`, one pathway per line, all species;
// - ReactomePathways.gmt: `name <TAB> stable id <TAB> gene <TAB> gene ...`, one human gene set per line.
import path from 'node:path';
import { ParseError, readLineBatches } from './line-reader';

export interface ReactomePathwayRow { id: string; name: string; species: string; line: number }
export interface ReactomeGeneSet { id: string; name: string; genes: string[]; line: number }

export async function* parseReactomePathways(file: string): AsyncGenerator<ReactomePathwayRow> {
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    for (const text of batch) {
      line++;
      if (text === '') continue;
      const cols = text.split('\t');
      if (cols.length !== 3 || !/^R-[A-Z]{3}-\d+$/.test(cols[0]!)) {
        throw new ParseError(path.basename(file), line, 'expected "R-XXX-<number> <TAB> name <TAB> species"');
      }
      yield { id: cols[0]!, name: cols[1]!, species: cols[2]!, line };
    }
  }
}

export async function* parseReactomeGmt(file: string): AsyncGenerator<ReactomeGeneSet> {
  let line = 0;
  for await (const batch of readLineBatches(file)) {
    for (const text of batch) {
      line++;
      if (text === '') continue;
      const cols = text.split('\t');
      if (cols.length < 2 || !/^R-[A-Z]{3}-\d+$/.test(cols[1]!)) {
        throw new ParseError(path.basename(file), line, 'expected "name <TAB> R-XXX-<number> <TAB> gene ..."');
      }
      yield { name: cols[0]!, id: cols[1]!, genes: cols.slice(2).filter((g) => g !== ''), line };
    }
  }
}
