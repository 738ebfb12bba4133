// The notification settings form. The chat webhook URL is a secret: the page only ever shows the mask
// the server returns, the input starts empty, a typed URL replaces the stored one, and it is never
// kept in the draft. Other fields are kept as a draft so an expired session loses nothing.
import { api } from '../../core/api';
import { h, type Child } from '../../core/dom';
import { clearFieldErrors, showClientErrors, showFieldErrors } from '../../core/errors';
import { clearDraft, loadDraft, saveDraft } from '../../core/session-store';
import { numberValue, settingsProblems } from './settings-rules';
import { WEEKDAYS, type NotificationSettings, type SettingsBody, type Weekday } from './settings-types';

const DRAFT = 'notification-settings';

type Draft = Omit<SettingsBody, 'chat_webhook_url'>;

function field(name: string, label: string, control: HTMLElement, hint?: Child): HTMLElement {
  return h('label', { class: 'field', 'data-field': name }, label, control, hint ? h('span', { class: 'hint muted' }, hint) : null);
}

function numberInput(name: string, value: number, step: string, min: number, max: number): HTMLInputElement {
  return h('input', { name, type: 'number', step, min, max, value: String(value), 'data-testid': `settings-${name}` });
}

function timezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

export function settingsForm(settings: NotificationSettings, onSaved: (saved: NotificationSettings) => void, onDiscarded: () => void): HTMLFormElement {
  const draft = loadDraft<Draft>(DRAFT) ?? {};
  const v = { ...settings, ...draft };
  const email = h('input', { name: 'email', type: 'text', inputmode: 'email', autocomplete: 'email', value: v.email ?? '', 'data-testid': 'settings-email' });
  const webhook = h('input', { name: 'chat_webhook_url', type: 'password', autocomplete: 'off', placeholder: settings.chat_webhook_configured ? 'Leave empty to keep the current URL' : 'https://hooks.slack.com/services/…', 'data-testid': 'settings-webhook' });
  const removeWebhook = h('input', { type: 'checkbox', name: 'remove_webhook', 'data-testid': 'settings-webhook-remove' });
  const scoreDrop = numberInput('score_drop_threshold', v.score_drop_threshold ?? 0, 'any', 0, 100);
  const rankChange = numberInput('rank_change_threshold', v.rank_change_threshold ?? 0, '1', 0, 100);
  const quality = numberInput('evidence_quality_change_threshold', v.evidence_quality_change_threshold ?? 0, 'any', 0, 1);
  const digest = h('input', { type: 'checkbox', name: 'weekly_digest_enabled', checked: Boolean(v.weekly_digest_enabled), 'data-testid': 'settings-digest-enabled' });
  const weekday = h('select', { name: 'weekday', 'data-testid': 'settings-weekday' }, WEEKDAYS.map((day) => h('option', { value: day }, day[0]!.toUpperCase() + day.slice(1))));
  weekday.value = v.weekday ?? 'monday';
  const hour = numberInput('hour', v.hour ?? 0, '1', 0, 23);
  const minute = numberInput('minute', v.minute ?? 0, '1', 0, 59);
  const zoneList = h('datalist', { id: 'settings-timezones' }, timezones().map((zone) => h('option', { value: zone })));
  const timezone = h('input', { name: 'timezone', type: 'text', list: 'settings-timezones', autocomplete: 'off', value: v.timezone ?? 'UTC', 'data-testid': 'settings-timezone' });
  const general = h('div', { 'aria-live': 'polite', 'data-testid': 'settings-message' });
  const save = h('button', { type: 'submit', class: 'primary', 'data-testid': 'settings-save' }, 'Save settings');

  const current: Child = settings.chat_webhook_configured
    ? ['Current: ', h('span', { class: 'masked', 'data-testid': 'settings-webhook-masked' }, settings.chat_webhook_url_masked ?? 'configured')]
    : h('span', { 'data-testid': 'settings-webhook-masked' }, 'No webhook configured.');

  const restored = loadDraft<Draft>(DRAFT) === undefined ? null : h('p', { class: 'warning', 'data-testid': 'settings-draft' },
    'Unsaved changes from earlier are filled in. ',
    h('button', { type: 'button', class: 'link', onclick: () => { clearDraft(DRAFT); onDiscarded(); } }, 'Discard them'));
  const form = h('form', { class: 'panel settings-form', novalidate: true, 'data-testid': 'settings-form' },
    restored,
    h('fieldset', null, h('legend', null, 'Channels'),
      field('email', 'Email address', email, 'Leave empty for no email. Delivery needs the server\'s mail settings.'),
      field('chat_webhook_url', 'Chat webhook URL', webhook, [current, ' An HTTPS incoming-webhook URL on hooks.slack.com or hooks.slack-gov.com.']),
      settings.chat_webhook_configured ? h('label', { class: 'inline' }, removeWebhook, 'Remove the chat webhook') : null),
    h('fieldset', null, h('legend', null, 'Alert thresholds (0 turns a trigger off; new-evidence reminders always stay)'),
      h('div', { class: 'row' },
        field('score_drop_threshold', 'Score drop (points, 0–100)', scoreDrop),
        field('rank_change_threshold', 'Rank change (positions, 0–100)', rankChange),
        field('evidence_quality_change_threshold', 'Evidence quality change (0–1)', quality))),
    h('fieldset', null, h('legend', null, 'Weekly digest'),
      h('label', { class: 'inline', 'data-field': 'weekly_digest_enabled' }, digest, 'Send me a weekly digest'),
      h('div', { class: 'row' },
        field('weekday', 'Day', weekday),
        field('hour', 'Hour (0–23)', hour),
        field('minute', 'Minute (0–59)', minute),
        field('timezone', 'Timezone (IANA name)', timezone, 'e.g. Europe/Berlin')),
      zoneList),
    general,
    h('div', { class: 'actions' }, save));

  const values = (): Draft => ({
    email: email.value.trim() === '' ? null : email.value.trim(),
    score_drop_threshold: numberValue(scoreDrop),
    rank_change_threshold: numberValue(rankChange),
    evidence_quality_change_threshold: numberValue(quality),
    weekly_digest_enabled: digest.checked,
    weekday: weekday.value as Weekday,
    hour: numberValue(hour),
    minute: numberValue(minute),
    timezone: timezone.value.trim(),
  });
  form.addEventListener('input', () => saveDraft(DRAFT, values()));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body: SettingsBody = values();
    if (removeWebhook.checked) body.chat_webhook_url = null;
    else if (webhook.value.trim() !== '') body.chat_webhook_url = webhook.value.trim();
    if (!showClientErrors(form, settingsProblems(body), general)) return;
    void submit(body);
  });

  const submit = async (body: SettingsBody) => {
    save.disabled = true;
    clearFieldErrors(form);
    general.replaceChildren(h('p', { class: 'muted' }, 'Saving…'));
    try {
      const saved = await api.put<NotificationSettings>('/api/workspace/notifications', body);
      clearDraft(DRAFT);
      webhook.value = '';
      onSaved(saved);
    } catch (error) {
      showFieldErrors(form, error, general);
    } finally {
      save.disabled = false;
    }
  };
  return form;
}
