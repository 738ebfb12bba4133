// The bench conventions of bench/smoke.ts that the smoke spec cannot see from outside: a wait gives up with
// what it waited for (bench:dossier once spun for ever on a 404), the figure line's form, and sizes.
import { expect } from 'chai';
import { pollUntil, printFigures, sized } from '../../bench/smoke';

describe('bench conventions (bench/smoke.ts)', function () {
  it('pollUntil gives up after its time limit, naming what it waited for, instead of spinning for ever', async function () {
    let calls = 0;
    const started = Date.now();
    const error = await pollUntil('job 42', async () => { calls++; return undefined; }, 50, 5).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.equal('job 42: still waiting after 50 ms');
    expect(Date.now() - started).to.be.lessThan(2000);
    expect(calls).to.be.greaterThan(1);
  });

  it('pollUntil returns the first value and ends at once on an error the probe throws (a non-200 answer)', async function () {
    let n = 0;
    expect(await pollUntil('x', async () => (++n === 3 ? 'done' : undefined), 1000, 1)).to.equal('done');
    const error = await pollUntil('x', async () => { throw new Error('GET /api/jobs/1 answered 404: {}'); }, 60_000).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.equal('GET /api/jobs/1 answered 404: {}');
  });

  it('printFigures prints "name: key=value ..." with no spaces inside values', function () {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => { lines.push(line); };
    try {
      printFigures('dossier', { runs: 20, submit_p50_ms: 12.5, note: 'two words', met: false });
    } finally {
      console.log = log;
    }
    expect(lines).to.deep.equal(['dossier: runs=20 submit_p50_ms=12.50 note=two_words met=false']);
    expect(() => printFigures('x', { 'Bad Key': 1 })).to.throw(/snake_case/);
  });

  it('sized: an explicit environment variable wins, else the full or smoke size', function () {
    const saved = { runs: process.env.BENCH_TEST_RUNS };
    try {
      delete process.env.BENCH_TEST_RUNS;
      expect(sized('BENCH_TEST_RUNS', 20, 2)).to.equal(process.env.BENCH_SMOKE === '1' ? 2 : 20);
      process.env.BENCH_TEST_RUNS = '7';
      expect(sized('BENCH_TEST_RUNS', 20, 2)).to.equal(7);
      process.env.BENCH_TEST_RUNS = 'many';
      expect(() => sized('BENCH_TEST_RUNS', 20, 2)).to.throw('BENCH_TEST_RUNS=many is not a number');
    } finally {
      if (saved.runs === undefined) delete process.env.BENCH_TEST_RUNS; else process.env.BENCH_TEST_RUNS = saved.runs;
    }
  });
});
