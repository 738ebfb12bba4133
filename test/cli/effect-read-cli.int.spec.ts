// `evidence effect read` as a user runs it (issue 27, item 5): JSON Lines on stdin, one JSON line per input on
// stdout, in order, each with `label` and the explanation; no database, no environment needed.
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { CLI } from '../support/service-process';

describe('cli: evidence effect read', () => {
  it('answers each JSON line in order with a label and its explanation, a bad line included', function () {
    const input = [
      JSON.stringify({ evidence: 'Relapses were significantly fewer with drug A than with placebo (12% vs 25%, p = 0.003).', intervention: 'drug A', comparator: 'placebo', outcome: 'relapse' }),
      'not json',
      JSON.stringify({ evidence: 'Mortality did not differ between drug A and placebo (p = 0.48).' }),
    ].join('\n');
    const run = spawnSync(process.execPath, [CLI, 'effect', 'read'], { input, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 55_000 });
    expect(run.status, run.stderr).to.equal(0);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { label: string; favourability?: string; error?: string; explanation?: unknown });
    expect(lines.map((l) => l.label)).to.deep.equal(['decreased', 'none', 'no_difference']);
    expect(lines[0]!.favourability).to.equal('favourable');
    expect(lines[0]!.explanation).to.have.property('deciding');
    expect(lines[1]!.error).to.equal('not valid JSON');
  });
});
