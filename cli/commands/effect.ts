// `evidence effect read`: JSON Lines on stdin ({evidence, intervention?, comparator?, outcome?}), one JSON
// line per input on stdout, in order, with `label` (increased / decreased / no_difference / none) and the
// reader's explanation. No database. This is how the effect reader is measured outside the test suite:
// keep the contract (issue 27).
import readline from 'node:readline';
import { readEffectLine } from '../../commands/effects/read-effect';

export async function effectRead(): Promise<void> {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    process.stdout.write(`${JSON.stringify(readEffectLine(line))}\n`);
  }
}
