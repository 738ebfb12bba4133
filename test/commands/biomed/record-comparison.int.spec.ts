// The record-comparison use case: a comparison over the active snapshots recorded as a research run
// (event + row), or unknown_curies with nothing recorded.
import { expect } from 'chai';
import { recordComparison } from '../../../commands/biomed/record-comparison';
import { newCommandContext } from '../../../commands/shared/command-context';
import { fixedClock } from '../../../infra/clock/clock';
import { BiomedEnv, fixture, startBiomedEnv } from '../../biomed/support/biomed-env';

describe('commands/biomed: record a comparison', function () {
  this.timeout(60_000);
  let env: BiomedEnv;
  const context = () => newCommandContext(fixedClock(new Date('2026-01-02T03:04:05.000Z')), { kind: 'operator', id: 'test' });

  before(async () => {
    env = await startBiomedEnv();
    for (const [resource, files] of [
      ['mondo', ['mondo-fixture.obo', 'mondo-fixture.sssom.tsv']], ['hp', ['hp-fixture.obo']], ['hpoa', ['hpoa-fixture.hpoa']],
    ] as const) {
      await env.import({ resource, files: files.map(fixture) });
    }
  });
  after(async () => { await env?.close(); });

  it('records a run with its event and row, at the command\'s time', async () => {
    const result = await recordComparison(env.deps, { leftCurie: 'MONDO:0007915', rightCurie: 'MONDO:0008383' }, context());
    expect(result.kind).to.equal('recorded');
    if (result.kind !== 'recorded') return;
    expect(result.run.created_at).to.equal('2026-01-02T03:04:05.000Z');
    expect(result.stored).to.include({ run_id: result.run.run_id, kind: 'comparison', status: 'completed', left_curie: 'MONDO:0007915' });
    expect(result.comparison.shared_phenotypes.length).to.be.greaterThan(0);
    const events = await env.runtime.store.readStream(result.run.stream_id);
    expect(events.map((e) => e.type)).to.deep.equal(['ComparisonRecorded']);
  });

  it('answers unknown_curies and records nothing when a CURIE is not in the active snapshots', async () => {
    const runsBefore = await env.count('biomed.research_runs');
    const result = await recordComparison(env.deps, { leftCurie: 'MONDO:0007915', rightCurie: 'MONDO:9999999' }, context());
    expect(result).to.deep.equal({ kind: 'unknown_curies', missing: ['MONDO:9999999'] });
    expect(await env.count('biomed.research_runs')).to.equal(runsBefore);
  });
});
