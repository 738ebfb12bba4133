// Sending the digest now. A week already delivered answers "already_delivered"; "send again" asks
// the server to deliver it once more (force=true).
import { api } from '../../core/api';
import { formatDate, h, replace } from '../../core/dom';
import { errorBox } from '../../core/errors';
import type { SendResult } from './digest-types';

function describe(result: SendResult): string {
  switch (result.status) {
    case 'already_delivered': return `The digest of ${result.period} was already delivered. Tick "send again" to deliver it once more.`;
    case 'delivered': return `Delivered the digest of ${result.period} (${result.channels.join(', ') || 'no channel'}; round ${result.round}).`;
    case 'suppressed': return `Nothing to report for ${result.period}: the digest was not sent.`;
    case 'failed': return `Sending the digest of ${result.period} failed.`;
    default: return `The digest of ${result.period} is ${result.status.replace('_', ' ')}${result.next_attempt_at ? `; next attempt ${formatDate(result.next_attempt_at)}` : ''}.`;
  }
}

export function digestSend(onSent: (result: SendResult) => void): HTMLElement {
  const force = h('input', { type: 'checkbox', name: 'force', 'data-testid': 'digest-force' });
  const button = h('button', { type: 'button', class: 'primary', 'data-testid': 'digest-send' }, 'Send digest now');
  const outcome = h('div', { 'aria-live': 'polite', 'data-testid': 'digest-send-result' });
  button.addEventListener('click', async () => {
    button.disabled = true;
    replace(outcome, h('p', { class: 'muted' }, 'Sending…'));
    try {
      const result = await api.post<SendResult>('/api/workspace/digest/send', { force: force.checked });
      replace(outcome,
        h('p', { class: result.status === 'failed' ? 'error' : result.status === 'delivered' ? 'success' : 'muted', 'data-status': result.status }, describe(result)),
        result.last_error ? h('p', { class: 'error' }, result.last_error) : null,
        result.status === 'retrying' || result.status === 'failed' ? h('p', { class: 'muted' }, `Attempts ${result.attempts}, retries ${result.retries}. Failed deliveries are retried with backoff.`) : null);
      force.checked = false;
      onSent(result);
    } catch (error) {
      replace(outcome, errorBox(error));
    } finally {
      button.disabled = false;
    }
  });
  return h('section', { class: 'panel digest-send', 'data-testid': 'digest-send-panel' },
    h('h2', null, 'Send'),
    h('p', { class: 'muted' }, 'Sends the preview above through your configured channels (email, chat). Set them up under ', h('a', { href: '#settings' }, 'Notifications'), '.'),
    h('div', { class: 'actions' }, button, h('label', { class: 'inline' }, force, 'Send again even if this week was already delivered')),
    outcome);
}
