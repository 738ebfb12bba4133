// Weekly digest (spec §4.5, §6): preview of the previous completed UTC week, a manual send (force=true
// re-sends a delivered period), the delivery history, and the signed review link's landing route.
// Review link answers: 302 to the dashboard context for a valid token; 400 for a malformed token;
// 403 for a bad signature, an expired token, or when no link secret is configured.
import type { DigestDeliveryDeps } from '../../commands/digest/deliver-digest';
import { openReviewLink } from '../../commands/digest/open-review-link';
import { previewDigest } from '../../commands/digest/preview-digest';
import { sendDigest } from '../../commands/digest/send-digest';
import type { DigestState } from '../../domain/digest/digest';
import type { Clock } from '../../infra/clock/clock';
import type { Settings } from '../../infra/config/settings';
import type { Logger } from '../../infra/logging/logger';
import type { DigestDeliveriesQueries } from '../../projections/digest/digest-deliveries.queries';
import { eventPrincipal } from '../auth/principal';
import type { RouteDefinition } from '../http/registry';
import { detailSchema } from '../jobs/job.schemas';
import { requestCommandContext } from '../middleware/correlation';

const list = (item: object) => ({ type: 'array', items: item });

const digestSchema = {
  type: 'object',
  properties: {
    period: { type: 'string', description: 'ISO week of the window, e.g. 2026-W12' },
    window_start: { type: 'string', format: 'date-time', description: 'Monday 00:00 UTC' },
    window_end: { type: 'string', format: 'date-time', description: 'The next Monday 00:00 UTC (exclusive)' },
    new_evidence: list({ type: 'object', properties: { evidence_id: { type: 'string' }, run_id: { type: 'string' }, title: { type: 'string' } } }),
    new_evidence_count: { type: 'integer' },
    unresolved_reminders: list({ type: 'object', properties: { alert_id: { type: 'string' }, label: { type: 'string' } } }),
    unresolved_reminder_count: { type: 'integer' },
    changed_decisions: list({ type: 'object', properties: { run_id: { type: 'string' }, candidate_id: { type: 'string' }, previous_decision: { type: 'string' }, decision: { type: 'string' } } }),
    changed_decision_count: { type: 'integer' },
    suppressed: { type: 'boolean', description: 'True when all three lists are empty (nothing would be sent)' },
    latest_run_id: { type: ['string', 'null'] },
    review_link: { type: ['string', 'null'], description: 'Signed, valid 8 days; null without WORKSPACE_REVIEW_LINK_SECRET or API_KEY' },
  },
  required: ['period', 'window_start', 'window_end', 'new_evidence', 'unresolved_reminders', 'changed_decisions', 'suppressed'],
};

const sendResultSchema = {
  type: 'object',
  properties: {
    period: { type: 'string' },
    status: { enum: ['queued', 'in_flight', 'retrying', 'delivered', 'suppressed', 'failed', 'already_delivered'] },
    round: { type: 'integer', description: 'Deliveries of this period so far (force=true starts a new round)' },
    attempts: { type: 'integer' },
    retries: { type: 'integer' },
    channels: list({ enum: ['email', 'chat'] }),
    last_error: { type: ['string', 'null'] },
    next_attempt_at: { type: ['string', 'null'] },
  },
  required: ['period', 'status', 'round', 'attempts', 'retries', 'channels'],
};

const historyItemSchema = {
  type: 'object',
  properties: {
    period: { type: 'string' }, window_start: { type: 'string' }, window_end: { type: 'string' },
    status: { enum: ['queued', 'in_flight', 'retrying', 'delivered', 'suppressed', 'failed'] },
    trigger: { enum: ['schedule', 'manual'] }, forced: { type: 'boolean' }, round: { type: 'integer' },
    attempts: { type: 'integer', description: 'Attempts in the current round' },
    retries: { type: 'integer', description: 'Retries in the current round (attempts - 1)' },
    total_attempts: { type: 'integer' }, channels: list({ type: 'string' }),
    last_error: { type: ['string', 'null'], description: 'Bounded, secret-free failure detail' },
    queued_at: { type: 'string' }, last_attempt_at: { type: ['string', 'null'] }, next_attempt_at: { type: ['string', 'null'] },
    delivered_at: { type: ['string', 'null'] },
    history: list({ type: 'object', description: 'queued, attempt_started, channel_delivered, attempt_failed, delivered, suppressed, abandoned' }),
  },
  required: ['period', 'status', 'attempts', 'retries'],
};

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function sendResult(period: string, state: DigestState, already = false) {
  return {
    period, status: already ? 'already_delivered' : state.status, round: state.round, attempts: state.attempts,
    retries: Math.max(0, state.attempts - 1), channels: state.deliveredChannels, last_error: state.lastError ?? null,
    next_attempt_at: state.nextAttemptAt ?? null,
  };
}

export interface DigestRouteDeps {
  settings: Settings;
  /** The digest's clock (which week is "previous", link signing and expiry). */
  clock: Clock;
  deliveries: DigestDeliveriesQueries;
  /** What building and delivering a digest needs, logging to this request's logger. */
  digest: (logger: Logger) => DigestDeliveryDeps;
}

export function digestRoutes(deps: DigestRouteDeps): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/workspace/digest',
      operationId: 'previewDigest',
      summary: 'Preview the caller\'s digest of the previous completed UTC week (Monday 00:00 to Monday 00:00 UTC)',
      tags: ['digest'],
      principal: 'required',
      responses: { 200: { description: 'New evidence, unresolved reminders, changed decisions', schema: digestSchema } },
      handler: async ({ req, principal, res }) => {
        const { digest, reviewLink } = await previewDigest(deps.digest(req.log), principal!.id);
        res.json({ ...digest, review_link: reviewLink ?? null });
      },
    },
    {
      method: 'post',
      path: '/api/workspace/digest/send',
      operationId: 'sendDigest',
      summary: 'Send the caller\'s digest of the previous completed UTC week now',
      description: 'force (query or JSON body) re-sends a period that was already delivered. Without it, a delivered period answers status already_delivered. A failed attempt is retried by the scheduler with exponential backoff (up to 5 retries). An empty digest is suppressed (not sent).',
      tags: ['digest'],
      principal: 'required',
      query: { type: 'object', properties: { force: { type: 'boolean', default: false } }, additionalProperties: false },
      body: { type: 'object', properties: { force: { type: 'boolean' } }, additionalProperties: false },
      responses: {
        200: { description: 'The period\'s delivery state after this request', schema: sendResultSchema },
        409: { description: 'The caller has no delivery channel (neither an email address nor a chat webhook); nothing is queued or retried', schema: detailSchema },
      },
      handler: async ({ req, principal, query, body, res }) => {
        const force = Boolean(query.force || (body as { force?: boolean }).force);
        const result = await sendDigest(deps.digest(req.log), { researcherId: principal!.id, force }, requestCommandContext(req, eventPrincipal(principal!)));
        if (result.kind === 'no_channel') {
          res.status(409).json({ detail: 'no delivery channel: configure an email address or a chat webhook first (PUT /api/workspace/notifications)' });
          return;
        }
        res.json(sendResult(result.period, result.state, result.kind === 'already_delivered'));
      },
    },
    {
      method: 'get',
      path: '/api/workspace/digest/delivery-history',
      operationId: 'digestDeliveryHistory',
      summary: 'The caller\'s digest deliveries, newest period first: attempts, retries, bounded failure details',
      tags: ['digest'],
      principal: 'required',
      query: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } }, additionalProperties: false },
      responses: { 200: { description: 'Delivery history', schema: { type: 'object', properties: { deliveries: list(historyItemSchema), limit: { type: 'integer' } }, required: ['deliveries', 'limit'] } } },
      handler: async ({ principal, query, res }) => {
        const rows = await deps.deliveries.history(principal!.id, query.limit);
        res.json({
          limit: query.limit,
          deliveries: rows.map((r) => ({
            period: r.period, window_start: iso(r.window_start), window_end: iso(r.window_end), status: r.status, trigger: r.trigger,
            forced: r.forced, round: r.round, attempts: r.attempts, retries: Math.max(0, r.attempts - 1), total_attempts: r.total_attempts,
            channels: r.channels, last_error: r.last_error, queued_at: iso(r.queued_at), last_attempt_at: iso(r.last_attempt_at),
            next_attempt_at: iso(r.next_attempt_at), delivered_at: iso(r.delivered_at), history: r.history,
          })),
        });
      },
    },
    {
      method: 'get',
      path: '/api/workspace/digest/review',
      operationId: 'openDigestReviewLink',
      summary: 'Verify a signed digest review link and redirect to the dashboard context',
      description: 'The token is HMAC-SHA256 signed (WORKSPACE_REVIEW_LINK_SECRET, else API_KEY) and valid for 8 days. 302 to /?run=<id>#digest/<period> (or /#digest/<period>); 400 malformed token; 403 bad signature, expired, or links not configured.',
      tags: ['digest'],
      query: { type: 'object', properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } }, required: ['token'], additionalProperties: false },
      responses: {
        302: { description: 'Valid: redirect to the dashboard', headers: { Location: { description: 'Dashboard path', schema: { type: 'string' } } } },
        400: { description: 'Malformed token', schema: detailSchema },
        403: { description: 'Invalid signature, expired, or review links not configured', schema: detailSchema },
      },
      handler: async ({ query, res }) => {
        const result = openReviewLink(deps, query.token);
        switch (result.kind) {
          case 'redirect': return void res.redirect(302, result.location);
          case 'not_configured': return void res.status(403).json({ detail: 'review links are not configured on this server' });
          case 'malformed': return void res.status(400).json({ detail: 'the review link is malformed' });
          case 'expired': return void res.status(403).json({ detail: 'the review link has expired' });
          case 'bad_signature': return void res.status(403).json({ detail: 'the review link signature is invalid' });
        }
      },
    },
  ];
}
