// Work the service does once at start-up before it is fully ready (e.g. loading the default
// knowledge graph). /api/ready reports each preload as pending, ok or failed.
export type PreloadState = { state: 'pending'; progress?: string } | { state: 'ok'; ms: number } | { state: 'failed'; error: string };

/** A preload may say how far it is (e.g. "seed import: 3 of 12 snapshots"); /api/ready shows it. */
export type PreloadTask = (report: (progress: string) => void) => Promise<void>;

export class Preloads {
  private readonly states = new Map<string, PreloadState>();
  private readonly tasks = new Map<string, PreloadTask>();
  /** Preloads that start once every other one has ended (e.g. warming a graph of the data the seed imports). */
  private readonly last = new Set<string>();
  private running: Promise<void> | undefined;

  register(name: string, task: PreloadTask, options: { afterOthers?: boolean } = {}): void {
    this.tasks.set(name, task);
    if (options.afterOthers) this.last.add(name);
    this.states.set(name, { state: 'pending' });
  }

  /** Runs every registered preload; failures are recorded, not thrown. */
  async runAll(): Promise<void> {
    this.running = this.runEach();
    await this.running;
  }

  /** Resolves once runAll has finished (at once when it never started: nothing is loading in this process). */
  async settled(): Promise<void> {
    await this.running;
  }

  /** The pending preload's progress, or undefined when it is not pending. */
  pending(name: string): { progress?: string } | undefined {
    const state = this.states.get(name);
    return state?.state === 'pending' ? state : undefined;
  }

  private async runEach(): Promise<void> {
    const first = [...this.tasks].filter(([name]) => !this.last.has(name));
    const firstDone = Promise.all(first.map(([name, task]) => this.runOne(name, task)));
    await Promise.all([firstDone, ...[...this.tasks].filter(([name]) => this.last.has(name)).map(async ([name, task]) => {
      await firstDone;
      await this.runOne(name, task);
    })]);
  }

  private async runOne(name: string, task: PreloadTask): Promise<void> {
    const started = Date.now();
    try {
      await task((progress) => { if (this.states.get(name)?.state === 'pending') this.states.set(name, { state: 'pending', progress }); });
      this.states.set(name, { state: 'ok', ms: Date.now() - started });
    } catch (error) {
      this.states.set(name, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  }

  snapshot(): Record<string, PreloadState> {
    return Object.fromEntries(this.states);
  }
}
