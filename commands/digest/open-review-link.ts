// A digest review link being opened: where to send the researcher, or why the link is refused.
import { reviewRedirectPath, verifyReviewToken } from '../../domain/digest/review-link';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import { reviewLinkSecret } from './review-link';

export type OpenReviewLinkResult =
  | { kind: 'redirect'; location: string }
  /** No WORKSPACE_REVIEW_LINK_SECRET nor API_KEY on this server. */
  | { kind: 'not_configured' }
  | { kind: 'malformed' }
  | { kind: 'bad_signature' }
  | { kind: 'expired' };

export function openReviewLink(deps: { settings: Settings; clock: Clock }, token: string): OpenReviewLinkResult {
  const secret = reviewLinkSecret(deps.settings);
  if (!secret) return { kind: 'not_configured' };
  const result = verifyReviewToken(secret, token, deps.clock.now());
  if (!result.ok) return { kind: result.reason };
  return { kind: 'redirect', location: reviewRedirectPath(result.payload) };
}
