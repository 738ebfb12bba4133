// Modules for testing the job machinery (real modules arrive with their features).
import type { ModuleDefinition } from '../../commands/jobs/module-registry';

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const timer = setTimeout(resolve, ms);
  signal?.addEventListener('abort', () => {
    clearTimeout(timer);
    reject(signal.reason);
  }, { once: true });
});

const anyResult = { resultSchema: { type: 'object' }, description: 'test result' };

export const echoModule: ModuleDefinition = {
  id: 'echo',
  aliases: ['legacy_echo'],
  title: 'Echo',
  description: 'Reports progress in steps, then returns its parameters',
  querySchema: { type: 'object', properties: { steps: { type: 'integer', minimum: 1, maximum: 10, default: 3 }, step_ms: { type: 'integer', minimum: 0, maximum: 5000, default: 30 } } },
  contract: anyResult,
  availability: () => ({ available: true }),
  async run({ params }, context) {
    const steps = params.steps as number;
    for (let i = 1; i <= steps; i++) {
      await sleep(params.step_ms as number, context.signal);
      await context.progress((i / steps) * 100 - 1, `step ${i} of ${steps}`);
    }
    return { echoed: params };
  },
};

export const brokenModule: ModuleDefinition = {
  id: 'broken',
  title: 'Broken',
  description: 'Always fails',
  querySchema: { type: 'object', properties: {} },
  contract: anyResult,
  availability: () => ({ available: true }),
  async run() {
    throw new Error('the source database is unreachable');
  },
};

export const blockedModule: ModuleDefinition = {
  id: 'blocked',
  title: 'Blocked',
  description: 'Never available',
  querySchema: { type: 'object', properties: {} },
  contract: anyResult,
  availability: () => ({ available: false, reason: 'structure files are not installed' }),
  async run() {
    return {};
  },
};

/** Honours the soft limit: stops when its signal aborts. */
export const slowModule: ModuleDefinition = {
  id: 'slow',
  title: 'Slow',
  description: 'Sleeps for duration_ms, stopping early when aborted',
  querySchema: { type: 'object', properties: { duration_ms: { type: 'integer', minimum: 0, default: 200 } } },
  contract: anyResult,
  availability: () => ({ available: true }),
  async run({ params }, context) {
    await context.progress(10, 'sleeping');
    await sleep(params.duration_ms as number, context.signal);
    return { slept: params.duration_ms };
  },
};

/** Ignores its signal: only the hard limit stops the job. */
export const stubbornModule: ModuleDefinition = {
  id: 'stubborn',
  title: 'Stubborn',
  description: 'Sleeps without looking at its signal',
  querySchema: { type: 'object', properties: { duration_ms: { type: 'integer', minimum: 0, default: 200 } } },
  contract: anyResult,
  availability: () => ({ available: true }),
  async run({ params }) {
    await sleep(params.duration_ms as number);
    return { slept: params.duration_ms };
  },
};

/** Returns a result too large to keep inside an event (stored by hash instead). */
export const bigModule: ModuleDefinition = {
  id: 'big',
  title: 'Big',
  description: 'Returns about 200 KB',
  querySchema: { type: 'object', properties: {} },
  contract: anyResult,
  availability: () => ({ available: true }),
  async run() {
    return { rows: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'x'.repeat(90) })) };
  },
};

export const testModules: readonly ModuleDefinition[] = [echoModule, brokenModule, blockedModule, slowModule, stubbornModule, bigModule];
