// The digest's signed review link (spec §7): only when a secret (WORKSPACE_REVIEW_LINK_SECRET, else
// API_KEY) is configured; it lands on GET /api/workspace/digest/review.
import { signReviewToken } from '../../domain/digest/review-link';
import type { Settings } from '../../infra/config/settings';

export function reviewLink(settings: Settings, content: { period: string; runId?: string }, now: Date): string | undefined {
  const secret = reviewLinkSecret(settings);
  if (!secret) return undefined;
  const token = signReviewToken(secret, content, now);
  return `${settings.workspacePublicUrl.replace(/\/+$/, '')}/api/workspace/digest/review?token=${token}`;
}

export function reviewLinkSecret(settings: Settings): string | undefined {
  return settings.workspaceReviewLinkSecret ?? settings.apiKey;
}
