// The digest a researcher would receive for the previous completed UTC week (GET /api/workspace/digest),
// with its signed review link when links are configured.
import type { Digest } from '../../domain/digest/digest-content';
import { previousUtcWeek } from '../../domain/digest/digest-window';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import { buildDigest, DigestReads } from './build-digest';
import { reviewLink } from './review-link';

export interface DigestPreview {
  digest: Digest;
  reviewLink: string | undefined;
}

export async function previewDigest(deps: { reads: DigestReads; settings: Settings; clock: Clock }, researcherId: string): Promise<DigestPreview> {
  const at = deps.clock.now();
  const window = previousUtcWeek(at);
  const digest = await buildDigest(deps.reads, researcherId, window);
  return { digest, reviewLink: reviewLink(deps.settings, { period: window.period, runId: digest.latest_run_id ?? undefined }, at) };
}
