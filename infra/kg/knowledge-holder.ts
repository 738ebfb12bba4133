// The default knowledge graph, loaded once at start-up (a preload /api/ready reports on) and shared
// by every run. Callers that need it before the preload finished wait for the same load.
import type { KnowledgeGraph } from '../../domain/kg/knowledge-graph';
import { loadDefaultGraph } from './load-graph';

export class KnowledgeGraphHolder {
  private loading: Promise<KnowledgeGraph> | undefined;

  constructor(private readonly load: () => KnowledgeGraph = () => loadDefaultGraph()) {}

  graph(): Promise<KnowledgeGraph> {
    // A failed load is not cached: the next caller tries again (e.g. after fixing the files).
    this.loading ??= Promise.resolve().then(this.load).catch((error) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }
}
