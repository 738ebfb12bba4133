// The /api/health prober of bench:fuzz, in a process of its own (forked by bench/fuzz-routes.ts with the
// server's URL as its argument): one GET every 50 ms, timed, until the parent sends 'stop'; it then sends
// back the timings (ms) and exits. Issue 23: probing from the fuzz client's own event loop timed that loop
// too (its sample generation and eight concurrent requests held it for 60–110 ms at p99), not the server.
const base = process.argv[2];
if (!base || !process.send) throw new Error('usage: fork(health-prober.js, [serverUrl]) with an IPC channel');

const timings: number[] = [];
let probing = true;
process.on('message', (message) => { if (message === 'stop') probing = false; });

void (async () => {
  while (probing) {
    const t0 = performance.now();
    try { await (await fetch(`${base}/api/health`)).arrayBuffer(); } catch { /* a failed probe is timed too: it counts as slow */ }
    timings.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.send!(timings, () => process.disconnect());
})();
