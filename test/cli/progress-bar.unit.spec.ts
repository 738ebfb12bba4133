// The import progress bar: redrawn in place on a terminal, plain lines on a pipe.
import { expect } from 'chai';
import { ProgressBar, ProgressStream } from '../../cli/progress-bar';

function fakeStream(isTTY: boolean, columns?: number): ProgressStream & { chunks: string[] } {
  const chunks: string[] = [];
  return { isTTY, columns, chunks, write(chunk: string) { chunks.push(chunk); return true; } };
}

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance(ms: number) { t += ms; } };
}

describe('cli: import progress bar', () => {
  it('on a terminal redraws one line in place with rows and rows/s, and ends it with a newline', () => {
    const stream = fakeStream(true, 120);
    const c = clock();
    const bar = new ProgressBar(stream, { now: c.now, fileSizes: new Map([['hp.obo.gz', 2_831_155]]) });
    bar.update({ phase: 'loading', file: 'hp.obo.gz', rows: 0 });
    c.advance(500);
    bar.update({ phase: 'loading', file: 'hp.obo.gz', rows: 5000 });
    bar.done();
    expect(stream.chunks).to.deep.equal([
      '\rloading hp.obo.gz  (2.7 MB)  0 rows  0.0 s\x1b[K',
      '\rloading hp.obo.gz  (2.7 MB)  5,000 rows  10,000 rows/s  0.5 s\x1b[K',
      '\n',
    ]);
    expect(stream.chunks.join('')).not.to.contain('\n\r'); // never a line per update
  });

  it('draws a bar of bytes read against the file size when bytes are reported', () => {
    const stream = fakeStream(true, 200);
    const c = clock();
    const bar = new ProgressBar(stream, { now: c.now, fileSizes: new Map([['big.tsv', 4 * 1024 * 1024]]) });
    c.advance(2000);
    bar.update({ phase: 'loading', file: 'big.tsv', rows: 40_000, bytes: 1024 * 1024 });
    c.advance(2000);
    bar.update({ phase: 'loading', file: 'big.tsv', rows: 80_000, bytes: 4 * 1024 * 1024 });
    expect(stream.chunks[0]).to.equal('\rloading big.tsv  [#####...............]  25% 1.0 MB/4.0 MB  40,000 rows  2.0 s\x1b[K');
    expect(stream.chunks[1]).to.equal('\rloading big.tsv  [####################] 100% 4.0 MB/4.0 MB  80,000 rows  20,000 rows/s  4.0 s\x1b[K');
  });

  it('never draws wider than the terminal (a wrapped line could not be redrawn)', () => {
    const stream = fakeStream(true, 30);
    const bar = new ProgressBar(stream, { now: clock().now });
    bar.update({ phase: 'loading', file: 'mondo_exactmatch_orphanet.sssom.tsv', rows: 12345 });
    const line = stream.chunks[0]!.replace('\r', '').replace('\x1b[K', '');
    expect(line).to.have.length(29);
    expect(line.endsWith('…')).to.equal(true);
  });

  it('a terminal reporting no size (0 columns, a bare pty) gets 80 columns, not an empty line', () => {
    const stream = fakeStream(true, 0);
    const bar = new ProgressBar(stream, { now: clock().now });
    bar.update({ phase: 'loading', file: 'hp.obo', rows: 5000 });
    expect(stream.chunks[0]).to.equal('\rloading hp.obo  5,000 rows  0.0 s\x1b[K');
  });

  it('on a terminal throttles redraws of the same file but always draws a new phase at once', () => {
    const stream = fakeStream(true, 120);
    const c = clock();
    const bar = new ProgressBar(stream, { now: c.now, redrawMs: 100 });
    bar.update({ phase: 'loading', file: 'a.obo', rows: 5000 });
    c.advance(10);
    bar.update({ phase: 'loading', file: 'a.obo', rows: 10_000 }); // too soon: skipped
    c.advance(10);
    bar.update({ phase: 'committing' }); // new phase: drawn
    expect(stream.chunks).to.have.length(2);
    expect(stream.chunks[1]).to.match(/^\rcommitting\.\.\./);
  });

  it('on a pipe prints plain lines: one per phase or file and one per `plainEvery` rows, no carriage returns', () => {
    const stream = fakeStream(false);
    const c = clock();
    const bar = new ProgressBar(stream, { now: c.now, plainEvery: 50_000 });
    bar.update({ phase: 'verifying' });
    for (let rows = 5000; rows <= 120_000; rows += 5000) { c.advance(100); bar.update({ phase: 'loading', file: 'x.hpoa', rows }); }
    bar.update({ phase: 'committing' });
    bar.done();
    expect(stream.chunks).to.deep.equal([
      'verifying... (0.0 s)\n',
      'loading x.hpoa: 5,000 rows (0.1 s)\n',
      'loading x.hpoa: 55,000 rows (1.1 s)\n',
      'loading x.hpoa: 105,000 rows (2.1 s)\n',
      'committing... (2.4 s)\n',
    ]);
  });
});
