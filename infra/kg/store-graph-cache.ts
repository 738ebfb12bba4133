// One knowledge graph per set of active snapshots, shared by everything in the process (the /api/kg routes,
// the analysis modules): built on first use of a set, kept while it stays active, and replaced when an
// activation changes the set. The set itself is held between activations (infra/biomed/search/
// recent-active-set.ts): re-read at once after an activation committed in this process (any thread), and
// at most every ACTIVE_SET_MAX_AGE_MS otherwise, which bounds how long an activation by another process
// goes unseen; snapshot rows never change, so a graph is never stale for its set. Whole-graph centralities
// and communities are computed once per graph, on first request; the edges' citations are loaded once per
// graph, in the background, on the first answer that cites (citation-table.ts).
import type { Knex } from 'knex';
import { ClaimGraph } from '../../domain/knowledge-graph/claim-graph';
import { PATH_DEFAULT_EXCLUDED } from '../../domain/knowledge-graph/metagraph';
import { CentralityMetric, CommunitySplit, communities, connectedNodes, Scores, wholeGraphCentrality } from '../../domain/knowledge-graph/metrics';
import { NodeSearchIndex } from '../../domain/knowledge-graph/search';
import { edgeTypeMask } from '../../domain/knowledge-graph/typed-graph';
import type { CompoundSafetyFacts } from '../../domain/workspace/safety-flags';
import { seriousSideEffects } from '../biomed/read/serious-side-effects';
import { withdrawnCompounds } from '../biomed/read/withdrawn-compounds';
import { RecentActiveSet, RecentActiveSetOptions } from '../biomed/search/recent-active-set';
import { CitationTable, loadCitationTable } from './citation-table';
import { LoadedGraph, loadStoreGraph } from './load-store-graph';
import { readLayerClaims } from './read-layer-claims';

/** Seeded pivots for whole-graph betweenness/closeness, and Louvain's seed: fixed so answers reproduce. */
export const CENTRALITY_SAMPLES = 128;
export const GRAPH_SEED = 20170713; // Hetionet's publication date, as a memorable constant

export class ServedGraph {
  readonly defaultMask = edgeTypeMask(undefined, PATH_DEFAULT_EXCLUDED);
  private searchIndex: NodeSearchIndex | undefined;
  private readonly metrics = new Map<CentralityMetric, { scores: Scores; ms: number }>();
  private split: { split: CommunitySplit; ms: number } | undefined;
  private safety: Promise<CompoundSafetyFacts> | undefined;
  private claims: Promise<ClaimGraph> | undefined;
  private citationTable: { loading: Promise<CitationTable>; loaded?: CitationTable } | undefined;

  constructor(readonly loaded: LoadedGraph, readonly key: string) {}

  get graph() { return this.loaded.graph; }

  search(): NodeSearchIndex {
    return (this.searchIndex ??= new NodeSearchIndex(this.graph));
  }

  centrality(metric: CentralityMetric): { scores: Scores; ms: number; cached: boolean } {
    const known = this.metrics.get(metric);
    if (known) return { ...known, cached: true };
    const started = Date.now();
    const scores = wholeGraphCentrality(this.graph, this.defaultMask, metric, CENTRALITY_SAMPLES, GRAPH_SEED);
    const entry = { scores, ms: Date.now() - started };
    this.metrics.set(metric, entry);
    return { ...entry, cached: false };
  }

  /**
   * Safety facts about compounds in this active set (DrugBank withdrawn, SIDER designated medical events),
   * read once per set: snapshot rows never change.
   */
  compoundSafety(db: Knex): Promise<CompoundSafetyFacts> {
    if (!this.safety) {
      this.safety = Promise.all([withdrawnCompounds(db), seriousSideEffects(db)])
        .then(([withdrawn, designatedMedicalEvents]) => ({ withdrawn, designatedMedicalEvents }));
      this.safety.catch(() => { this.safety = undefined; }); // the next run asks again
    }
    return this.safety;
  }

  /**
   * The graph read claim by claim (the /api/v1/biomed subgraph and claim paths): its edges plus the claims
   * they do not hold, read once per set on first use, so the /api/kg build pays nothing for it.
   */
  claimGraph(db: Knex): Promise<ClaimGraph> {
    if (!this.claims) {
      this.claims = readLayerClaims(db, this.loaded).then((rows) => new ClaimGraph(this.graph, rows));
      this.claims.catch(() => { this.claims = undefined; }); // the next request reads again
    }
    return this.claims;
  }

  /**
   * The edges' citations in memory (citation-table.ts), or undefined while they load: the first call starts
   * the load in the background and answers keep reading citations from the store until it is done, so no
   * request waits for it. Read once per set (snapshot rows never change).
   */
  citations(db: Knex): CitationTable | undefined {
    return this.loadCitations(db).loaded;
  }

  /** The citation table once loaded (the bench and tests wait for it). */
  citationsLoaded(db: Knex): Promise<CitationTable> {
    return this.loadCitations(db).loading;
  }

  private loadCitations(db: Knex): { loading: Promise<CitationTable>; loaded?: CitationTable } {
    if (!this.citationTable) {
      const entry: { loading: Promise<CitationTable>; loaded?: CitationTable } = { loading: loadCitationTable(db, this.graph) };
      entry.loading.then((table) => { entry.loaded = table; }, () => { if (this.citationTable === entry) this.citationTable = undefined; }); // a failed load is tried again
      this.citationTable = entry;
    }
    return this.citationTable;
  }

  communities(): { split: CommunitySplit; ms: number; cached: boolean } {
    if (this.split) return { ...this.split, cached: true };
    const started = Date.now();
    this.split = { split: communities(this.graph, connectedNodes(this.graph, this.defaultMask), this.defaultMask, GRAPH_SEED), ms: Date.now() - started };
    return { ...this.split, cached: false };
  }
}

/** The current graph and the one before it (requests that read the set just before an activation). */
const KEPT = 2;

export class StoreGraphCache {
  private readonly byKey = new Map<string, Promise<ServedGraph>>();
  private readonly activeSet: RecentActiveSet;

  constructor(private readonly db: Knex, options: RecentActiveSetOptions = {}) {
    this.activeSet = new RecentActiveSet(db, options);
  }

  async current(): Promise<ServedGraph> {
    const active = await this.activeSet.read();
    let served = this.byKey.get(active.key);
    if (!served) {
      served = loadStoreGraph(this.db, active.resources).then((loaded) => new ServedGraph(loaded, active.key));
      served.catch(() => this.byKey.delete(active.key)); // the next request tries again
      this.byKey.set(active.key, served);
      for (const key of this.byKey.keys()) if (this.byKey.size > KEPT) this.byKey.delete(key);
    }
    return served;
  }
}

const caches = new WeakMap<Knex, StoreGraphCache>();

/** One cache per database handle (the server's, a test's, the CLI's). */
export function storeGraphCache(db: Knex): StoreGraphCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new StoreGraphCache(db)));
  return cache;
}
