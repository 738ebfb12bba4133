// Work the service does once at start-up before it is fully ready (e.g. loading the default
// knowledge graph). /api/ready reports each preload as pending, ok or failed.
export type PreloadState = { state: 'pending' } | { state: 'ok'; ms: number } | { state: 'failed'; error: string };

export class Preloads {
  private readonly states = new Map<string, PreloadState>();
  private readonly tasks = new Map<string, () => Promise<void>>();

  register(name: string, task: () => Promise<void>): void {
    this.tasks.set(name, task);
    this.states.set(name, { state: 'pending' });
  }

  /** Runs every registered preload; failures are recorded, not thrown. */
  async runAll(): Promise<void> {
    await Promise.all([...this.tasks].map(async ([name, task]) => {
      const started = Date.now();
      try {
        await task();
        this.states.set(name, { state: 'ok', ms: Date.now() - started });
      } catch (error) {
        this.states.set(name, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    }));
  }

  snapshot(): Record<string, PreloadState> {
    return Object.fromEntries(this.states);
  }
}
