// #digest and #digest/{period}: the weekly digest preview, sending it, and the delivery history. A
// signed review link lands on /?run={run_id}#digest/{period}: that week and run are shown first.
import './digest.css';
import { api } from '../../core/api';
import { h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { ViewContext } from '../../core/router';
import { deliveryHistory } from './delivery-history';
import { digestPreview } from './digest-preview';
import { digestSend } from './digest-send';
import type { DeliveryRecord, DigestPreview, SendResult } from './digest-types';

const PERIOD = /^\d{4}-W\d{2}$/;
const HISTORY_FOLLOW_TRIES = 8;
const HISTORY_FOLLOW_MS = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reviewContext(period: string | undefined, preview: DigestPreview | undefined): HTMLElement | null {
  const run = new URLSearchParams(location.search).get('run');
  if (!period && !run) return null;
  const validPeriod = period && PERIOD.test(period) ? period : undefined;
  return h('section', { class: 'panel digest-context', 'data-testid': 'digest-context' },
    h('h2', null, validPeriod ? `Review of week ${validPeriod}` : 'Review'),
    period && !validPeriod ? h('p', { class: 'warning' }, `"${period}" is not a week (expected e.g. 2026-W12).`) : null,
    validPeriod && preview && preview.period !== validPeriod
      ? h('p', { class: 'muted' }, `The preview below is of the latest completed week (${preview.period}); the history shows what was sent for ${validPeriod}.`)
      : null,
    run && UUID.test(run)
      ? h('p', null, h('a', { href: `#runs/${encodeURIComponent(run)}`, 'data-testid': 'digest-context-run' }, 'Open the run this digest points to'))
      : run ? h('p', { class: 'warning' }, 'The link names a run id that is not valid.') : null);
}

export async function digestView({ outlet, params, signal }: ViewContext): Promise<void> {
  const period = params.period;
  const context = h('div');
  const previewSlot = h('div', null, h('p', { class: 'muted' }, 'Loading the preview…'));
  const historySlot = h('div');
  const loadHistory = async (): Promise<DeliveryRecord[]> => {
    try {
      const history = await api.get<{ deliveries: DeliveryRecord[] }>('/api/workspace/digest/delivery-history', { query: { limit: 20 }, signal });
      replace(historySlot, deliveryHistory(history.deliveries, period));
      return history.deliveries;
    } catch (error) {
      if (!signal.aborted) replace(historySlot, errorBox(error));
      return [];
    }
  };
  // The history is a read model that catches up with a send a moment later: ask again until it shows it.
  const followSend = async (result: SendResult) => {
    for (let attempt = 0; attempt < HISTORY_FOLLOW_TRIES && !signal.aborted; attempt += 1) {
      const row = (await loadHistory()).find((d) => d.period === result.period);
      if (result.status === 'already_delivered' || (row && row.status === result.status && (row.round ?? 0) >= result.round)) return;
      await new Promise((resolve) => setTimeout(resolve, HISTORY_FOLLOW_MS));
    }
  };
  replace(outlet, h('h1', null, 'Weekly digest'), context, previewSlot, digestSend((result) => void followSend(result)), historySlot);
  replace(context, reviewContext(period, undefined));
  const historyLoaded = loadHistory();
  try {
    const preview = await api.get<DigestPreview>('/api/workspace/digest', { signal });
    replace(context, reviewContext(period, preview));
    replace(previewSlot, digestPreview(preview));
  } catch (error) {
    if (!signal.aborted) replace(previewSlot, errorBox(error));
  }
  await historyLoaded;
}
