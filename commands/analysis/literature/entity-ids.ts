// CURIEs for the linker's names: genes as NCBIGene:<id> and drugs as DRUGBANK:<id>, from the knowledge
// graph of the active snapshots (labels of Gene and Compound nodes) and else from the linker's lexicon
// (NCBI Gene and DrugBank seed records); null when neither knows the name (a graph-only biologic).
import type { TypedKnowledgeGraph } from '../../../domain/knowledge-graph/typed-graph';
import type { EntityIds } from '../../../domain/literature/literature-mining';
import { LEXICON_DATA } from '../../../domain/workspace/entity-linking/lexicon-data';

export function entityIds(g: TypedKnowledgeGraph): EntityIds {
  const genes = new Map<string, string>();
  const drugs = new Map<string, string>();
  for (const x of LEXICON_DATA.genes) genes.set(x.symbol.toUpperCase(), `NCBIGene:${x.id}`);
  for (const x of LEXICON_DATA.drugs) drugs.set(x.name.toLowerCase(), `DRUGBANK:${x.id}`);
  for (let i = 0; i < g.nodeCount; i++) {
    const type = g.typeOf(i);
    if (type === 'Gene' && g.id(i).startsWith('NCBIGene:')) genes.set(g.label(i).toUpperCase(), g.id(i));
    else if (type === 'Compound' && g.id(i).startsWith('DRUGBANK:')) drugs.set(g.label(i).toLowerCase(), g.id(i));
  }
  return { gene: (symbol) => genes.get(symbol.toUpperCase()) ?? null, drug: (name) => drugs.get(name.toLowerCase()) ?? null };
}
