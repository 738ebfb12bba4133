// `evidence audit replay` with an id that names no run: exit 2 and "no such run", never a green
// "read model matches" over an empty history, nor a raw SQL error.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { testDatabaseUrl } from '../support/databases';
import { runCli } from '../support/service-process';

describe('evidence audit replay with an unknown run', function () {
  this.timeout(120_000);
  const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', WORKERS_IN_PROCESS: 'false' });

  for (const [what, id] of [['an unknown UUID', randomUUID()], ['a malformed id', 'not-a-run'], ['an id with quotes', "x'); select 1; --"]] as const) {
    it(`exits 2 with "no such run" for ${what}`, async function () {
      const { code, output } = await runCli(['audit', 'replay', '--run', id], env());
      expect(output).to.contain(`no such run: ${id}`);
      expect(output).not.to.match(/read model matches|syntax|invalid input/i);
      expect(code).to.equal(2);
    });
  }
});
