// Issue 25: COPY TO STDOUT rows are handed over as node-pg parses them, and libuv may read a socket many times in
// one poll, so a big COPY in the background of a serving process (the KG citation table's load) held its event
// loop for tens of ms at a time. With rowsPerTurn the socket is paused after that many rows until the loop's next
// turn. Checked on the submittable itself with a counting stream (no database, no timing).
import { expect } from 'chai';
import { CopyToStdout, Pausable } from '../../../infra/biomed/store/copy-to';

class CountingStream implements Pausable {
  pauses = 0;
  resumes = 0;
  pause(): void { this.pauses++; }
  resume(): void { this.resumes++; }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('infra/biomed/store: COPY TO STDOUT gives the event loop turns', () => {
  it('pauses the socket after rowsPerTurn rows, resumes it on the next turn, and hands over every row meanwhile', async () => {
    const stream = new CountingStream();
    const rows: string[] = [];
    const copy = new CopyToStdout('copy (select 1) to stdout', (row) => rows.push(row.toString()), () => undefined, 10);
    const sent: string[] = [];
    copy.submit({ query: (text) => sent.push(text), stream });
    expect(sent).to.deep.equal(['copy (select 1) to stdout']);
    for (let i = 0; i < 25; i++) copy.handleCopyData({ chunk: Buffer.from(`${i}\n`) });
    // Rows 10 and 20 each ask for a turn; the second comes while the socket is still paused.
    expect(stream.pauses).to.equal(1);
    expect(stream.resumes).to.equal(0);
    expect(rows).to.have.length(25); // rows already received are never held back
    await turn();
    expect(stream.resumes).to.equal(1);
    for (let i = 25; i < 40; i++) copy.handleCopyData({ chunk: Buffer.from(`${i}\n`) });
    expect(stream.pauses).to.equal(2);
    await turn();
    expect(stream.resumes).to.equal(2);
    expect(rows.map(Number)).to.deep.equal([...Array(40).keys()]);
  });

  it('never pauses without rowsPerTurn (the graph build reads its claims at full speed)', () => {
    const stream = new CountingStream();
    const copy = new CopyToStdout('copy (select 1) to stdout', () => undefined, () => undefined, Infinity);
    copy.submit({ query: () => undefined, stream });
    for (let i = 0; i < 100_000; i++) copy.handleCopyData({ chunk: Buffer.from('x\n') });
    expect(stream.pauses).to.equal(0);
  });
});
