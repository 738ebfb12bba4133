// The job stream: submitted once, one JobStarted per delivery attempt up to the limit, progress only
// when it changes, and nothing recorded after a terminal state (late or redelivered workers).
import { expect } from 'chai';
import { fold } from '../../../domain/shared/decider';
import { JobCommand, jobDecider, JobEvent, jobStreamId } from '../../../domain/jobs/job';
import { given } from '../../support/decider-spec';

const at = '2026-01-05T10:00:00.000Z';
const submitted: JobEvent = { type: 'JobSubmitted', data: { jobId: 'j1', module: 'echo', params: { n: 1 }, at } };
const started = (attempt: number): JobEvent => ({ type: 'JobStarted', data: { attempt, worker: `w${attempt}`, at } });
const progressed = (percent: number, message: string): JobEvent => ({ type: 'JobProgressed', data: { percent, message, at } });
const start: JobCommand = { type: 'StartJob', worker: 'w9', maxAttempts: 3, at };

describe('Job decider', function () {
  describe('submission', function () {
    it('records a submission with its params, and the body and researcher only when given', function () {
      given(jobDecider).when({ type: 'SubmitJob', jobId: 'j1', module: 'echo', params: { n: 1 }, at }).then([submitted]);
      given(jobDecider).when({ type: 'SubmitJob', jobId: 'j1', module: 'echo', params: {}, body: { q: 'x' }, researcherId: 'alice', at })
        .then([{ type: 'JobSubmitted', data: { jobId: 'j1', module: 'echo', params: {}, body: { q: 'x' }, researcherId: 'alice', at } }]);
    });

    it('refuses a second submission of the same job id', function () {
      given(jobDecider, [submitted]).when({ type: 'SubmitJob', jobId: 'j1', module: 'echo', params: {}, at }).thenFailsWith('job_exists');
    });

    it('refuses any other command on a job that was never submitted', function () {
      given(jobDecider).when(start).thenFailsWith('job_not_found');
      given(jobDecider).when({ type: 'CompleteJob', result: 1, at }).thenFailsWith('job_not_found');
    });
  });

  describe('attempt counting', function () {
    it('numbers the first start as attempt 1', function () {
      given(jobDecider, [submitted]).when(start).then([{ type: 'JobStarted', data: { attempt: 1, worker: 'w9', at } }]);
    });

    it('treats a start of a started job as a new attempt (the previous worker died)', function () {
      given(jobDecider, [submitted, started(1), progressed(40, 'half')]).when(start).then([{ type: 'JobStarted', data: { attempt: 2, worker: 'w9', at } }]);
    });

    it('fails the job instead of starting it again once the attempts are used up', function () {
      given(jobDecider, [submitted, started(1), started(2), started(3)]).when(start)
        .then([{ type: 'JobFailed', data: { error: 'worker lost 3 time(s): giving up', at } }]);
    });

    it('clears the previous attempt\'s progress when a new attempt starts', function () {
      const state = fold(jobDecider, [submitted, started(1), progressed(40, 'half'), started(2)]);
      expect(state).to.deep.include({ phase: 'started', attempts: 2, progress: undefined });
    });

    // Issue 23 item 4: a worker that lost the job's lease (hung past it) while another took the job over must
    // not finish, fail or move the job the new attempt is running.
    it('records nothing from an attempt a later start superseded, and everything from the current one', function () {
      const superseded = [submitted, started(1), started(2)];
      given(jobDecider, superseded).when({ type: 'CompleteJob', result: { stale: true }, attempt: 1, at }).then([]);
      given(jobDecider, superseded).when({ type: 'FailJob', error: 'stale', attempt: 1, at }).then([]);
      given(jobDecider, superseded).when({ type: 'ReportProgress', percent: 50, message: 'stale', attempt: 1, at }).then([]);
      given(jobDecider, superseded).when({ type: 'CompleteJob', result: { ok: true }, attempt: 2, at })
        .then([{ type: 'JobSucceeded', data: { result: { ok: true }, at } }]);
      given(jobDecider, superseded).when({ type: 'ReportProgress', percent: 50, message: 'half', attempt: 2, at })
        .then([progressed(50, 'half')]);
    });
  });

  describe('progress', function () {
    it('records progress rounded to one decimal and clamped to 0..100', function () {
      given(jobDecider, [submitted, started(1)]).when({ type: 'ReportProgress', percent: 33.333, message: 'a third', at }).then([progressed(33.3, 'a third')]);
      given(jobDecider, [submitted, started(1)]).when({ type: 'ReportProgress', percent: 140, message: 'over', at }).then([progressed(100, 'over')]);
      given(jobDecider, [submitted, started(1)]).when({ type: 'ReportProgress', percent: -5, message: 'under', at }).then([progressed(0, 'under')]);
    });

    it('records nothing when the progress repeats the last one (same percent and message)', function () {
      given(jobDecider, [submitted, started(1), progressed(50, 'half')]).when({ type: 'ReportProgress', percent: 50.01, message: 'half', at }).then([]);
    });

    it('records a repeat of the percent with a new message, and a new percent with the same message', function () {
      given(jobDecider, [submitted, started(1), progressed(50, 'half')]).when({ type: 'ReportProgress', percent: 50, message: 'still half', at }).then([progressed(50, 'still half')]);
      given(jobDecider, [submitted, started(1), progressed(50, 'half')]).when({ type: 'ReportProgress', percent: 60, message: 'half', at }).then([progressed(60, 'half')]);
    });

    it('refuses progress before the job has started', function () {
      given(jobDecider, [submitted]).when({ type: 'ReportProgress', percent: 10, message: 'early', at }).thenFailsWith('job_not_started');
    });

    it('caps the progress message at 500 characters', function () {
      given(jobDecider, [submitted, started(1)]).when({ type: 'ReportProgress', percent: 1, message: 'x'.repeat(600), at }).then([progressed(1, 'x'.repeat(500))]);
    });
  });

  describe('terminal states', function () {
    const succeeded: JobEvent = { type: 'JobSucceeded', data: { result: { ok: true }, at } };
    const failed: JobEvent = { type: 'JobFailed', data: { error: 'boom', at } };
    const revoked: JobEvent = { type: 'JobRevoked', data: { reason: 'cancelled', at } };
    const late: JobCommand[] = [
      start,
      { type: 'ReportProgress', percent: 99, message: 'late', at },
      { type: 'CompleteJob', result: { ok: false }, at },
      { type: 'FailJob', error: 'late failure', at },
      { type: 'RevokeJob', reason: 'late revoke', at },
    ];

    it('completes, fails (error capped at 2000 characters) or revokes a running job', function () {
      given(jobDecider, [submitted, started(1)]).when({ type: 'CompleteJob', result: { ok: true }, at }).then([succeeded]);
      given(jobDecider, [submitted, started(1)]).when({ type: 'FailJob', error: 'e'.repeat(2100), at }).then([{ type: 'JobFailed', data: { error: 'e'.repeat(2000), at } }]);
      given(jobDecider, [submitted]).when({ type: 'RevokeJob', reason: 'cancelled', at }).then([revoked]);
    });

    for (const [name, terminal] of [['succeeded', succeeded], ['failed', failed], ['revoked', revoked]] as const) {
      it(`ignores every late report after the job ${name}`, function () {
        for (const command of late) given(jobDecider, [submitted, started(1), terminal]).when(command).then([]);
      });
    }

    it('keeps the terminal outcome in the folded state', function () {
      expect(fold(jobDecider, [submitted, started(1), failed])).to.deep.include({ phase: 'failed', error: 'boom', finishedAt: at, attempts: 1 });
      expect(fold(jobDecider, [submitted, revoked])).to.deep.include({ phase: 'revoked', error: 'cancelled' });
    });
  });

  it('keeps each job in a stream of its own', function () {
    expect(jobStreamId('j1')).to.equal('job-j1');
  });
});
