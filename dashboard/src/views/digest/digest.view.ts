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
import type { DeliveryRecord, DigestPreview } from './digest-types';

const PERIOD = /^\d{4}-W\d{2}$/;
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
  const loadHistory = async () => {
    try {
      const history = await api.get<{ deliveries: DeliveryRecord[] }>('/api/workspace/digest/delivery-history', { query: { limit: 20 }, signal });
      replace(historySlot, deliveryHistory(history.deliveries, period));
    } catch (error) {
      if (!signal.aborted) replace(historySlot, errorBox(error));
    }
  };
  replace(outlet, h('h1', null, 'Weekly digest'), context, previewSlot, digestSend(() => void loadHistory()), historySlot);
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
