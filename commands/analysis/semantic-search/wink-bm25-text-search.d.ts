// Minimal types of wink-bm25-text-search 3.x (the package ships none): the calls bm25-index.ts makes.
declare module 'wink-bm25-text-search' {
  interface Bm25Config {
    fldWeights: Record<string, number>;
    bm25Params?: { k1?: number; b?: number; k?: number };
    ovFldNames?: string[];
  }
  interface Bm25Engine {
    defineConfig(config: Bm25Config): boolean;
    definePrepTasks(tasks: Array<(input: string) => unknown>, field?: string): number;
    addDoc(doc: Record<string, string>, id: string): number;
    consolidate(precision?: number): boolean;
    /** [id, score] pairs, best first. */
    search(text: string, limit?: number): Array<[string, number]>;
    getTotalDocs(): number;
  }
  function bm25(): Bm25Engine;
  export = bm25;
}
