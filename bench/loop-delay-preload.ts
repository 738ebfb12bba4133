// Loaded into a bench's server with `node --require` (bench/fuzz-routes.ts): samples the serving thread's
// event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution) from start to exit and writes its
// percentiles as JSON to LOOP_DELAY_FILE, so a bench can tell a held loop (long delays
// here) from a probe that waited elsewhere (a core, the network, its own client). Nothing in the service uses it.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface LoopDelayFigures { p50_ms: number; p99_ms: number; p999_ms: number; max_ms: number; samples: number }

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The bench signals SIGUSR2 when the load starts (reset: start-up and the seed import are not counted) and
  // again when it ends (figures written: the shutdown is not counted either).
  let signals = 0;
  process.on('SIGUSR2', () => {
    signals += 1;
    if (signals === 1) { histogram.reset(); return; }
    histogram.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const figures: LoopDelayFigures = {
      p50_ms: ms(histogram.percentile(50)), p99_ms: ms(histogram.percentile(99)), p999_ms: ms(histogram.percentile(99.9)),
      max_ms: ms(histogram.max), samples: histogram.count,
    };
    fs.writeFileSync(file, JSON.stringify(figures));
  });
}
