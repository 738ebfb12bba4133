// Signed digest review links: valid, tampered, wrong secret, expired (8 days), malformed.
import { expect } from 'chai';
import { reviewRedirectPath, signReviewToken, verifyReviewToken } from '../../../domain/digest/review-link';

const now = new Date('2026-03-23T09:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('Digest review links', function () {
  const token = signReviewToken('s3cret', { period: '2026-W12', runId: '6b1c7f1e-0000-4000-8000-000000000001' }, now);

  it('verifies a valid token and redirects to the run in the dashboard', function () {
    const result = verifyReviewToken('s3cret', token, days(1));
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.payload.period).to.equal('2026-W12');
    expect(reviewRedirectPath(result.payload)).to.equal('/?run=6b1c7f1e-0000-4000-8000-000000000001#digest/2026-W12');
    expect(reviewRedirectPath({ period: '2026-W12', exp: 0 })).to.equal('/#digest/2026-W12');
  });

  it('is valid for 8 days and expired after', function () {
    expect(verifyReviewToken('s3cret', token, days(8)).ok).to.equal(true);
    expect(verifyReviewToken('s3cret', token, new Date(days(8).getTime() + 1000))).to.deep.equal({ ok: false, reason: 'expired' });
  });

  it('refuses a tampered payload, a tampered signature and another secret', function () {
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ period: '2026-W12', run_id: 'other', exp: 9_999_999_999 })).toString('base64url');
    expect(verifyReviewToken('s3cret', `${forged}.${signature}`, now)).to.deep.equal({ ok: false, reason: 'bad_signature' });
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    expect(verifyReviewToken('s3cret', `${payload}.${flipped}`, now)).to.deep.equal({ ok: false, reason: 'bad_signature' });
    expect(verifyReviewToken('other', token, now)).to.deep.equal({ ok: false, reason: 'bad_signature' });
  });

  it('calls garbage malformed', function () {
    expect(verifyReviewToken('s3cret', 'nonsense', now)).to.deep.equal({ ok: false, reason: 'malformed' });
    expect(verifyReviewToken('s3cret', `${token}x`, now)).to.deep.equal({ ok: false, reason: 'malformed' });
  });
});
